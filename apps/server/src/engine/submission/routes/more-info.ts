/** Provide More Info: more info, contact, additional profile, HMDA and the submission. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENGINE_WRITES, ZActionResult, ZMoreInfoView } from '@heloc/domain';
import {
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  onOwnApplication,
} from '../../route-helpers';
import {
  getMoreInfo,
  saveContactInfo,
  submitAdditionalProfile,
  submitApplication,
  submitHmda,
} from '../services/more-info';

export const moreInfoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/more-info`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'What the contact and additional-profile screens start from (the SSN as its last 4 only)',
        params,
        response: { 200: ZMoreInfoView, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        getMoreInfo(tx, app, { application, identityUuid }),
      ),
  );

  app.post(
    `${BASE}/contact`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'Collect additional info: the e-mail and phone number to reach the borrower',
        description:
          'The e-mail replaces the account e-mail (it is also the sign-in name); the phone becomes primary.',
        params,
        body: ENGINE_WRITES['contact'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        saveContactInfo(tx, app, { application, identityUuid, body: request.body }),
      ),
  );

  app.post(
    `${BASE}/additional-profile`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary:
          'Property ownership, the SSN when none is on file, and the hard-credit authorization; on to HMDA',
        description:
          'The SSN is sealed (AES-256-GCM) at rest and never returned; only its last 4 digits are shown.',
        params,
        body: ENGINE_WRITES['additional-profile'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        submitAdditionalProfile(tx, app, { application, identityUuid, body: request.body }),
      ),
  );

  app.post(
    `${BASE}/hmda`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary:
          'HMDA demographic information (ethnicity, race, sex; each may be declined); generates the summary',
        params,
        body: ENGINE_WRITES['hmda'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        submitHmda(tx, app, { application, identityUuid, body: request.body }),
      ),
  );

  app.post(
    `${BASE}/submit`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'Submit the application: the summary is confirmed and the hard credit pull starts',
        params,
        body: ENGINE_WRITES['submit'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        submitApplication(tx, app, { application, identityUuid }),
      ),
  );
};
