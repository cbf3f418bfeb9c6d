/** Basic info and the soft pull: the profile step, the SSN after no match, the freeze PIN, a retry after a lifted freeze. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENGINE_WRITES, ZActionResult } from '@heloc/domain';
import {
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  onOwnApplication,
} from '../route-helpers';
import { retryCredit, submitCreditPin, submitProfile, submitSsn } from '../services/credit';

export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `${BASE}/profile`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'Basic info: name, birth date, property and the soft-credit consent; starts the soft pull',
        params,
        body: ENGINE_WRITES['profile'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        submitProfile(tx, app, { application, identityUuid, body: request.body }),
      ),
  );

  app.post(
    `${BASE}/ssn`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'The SSN after a soft pull found no file; pulls again',
        description:
          'The SSN is sealed at rest (AES-256-GCM) for the hard pull; only its last 4 digits are ever shown.',
        params,
        body: ENGINE_WRITES['ssn'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        submitSsn(tx, app, { application, identityUuid, body: request.body }),
      ),
  );

  app.post(
    `${BASE}/credit-pin`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'The bureau freeze PIN; pulls again with it',
        params,
        body: ENGINE_WRITES['credit-pin'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        submitCreditPin(tx, app, { application, identityUuid, body: request.body }),
      ),
  );

  app.post(
    `${BASE}/credit-retry`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'Pull credit again after the borrower lifted a freeze at the bureau',
        params,
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        retryCredit(tx, app, { application, identityUuid }),
      ),
  );
};
