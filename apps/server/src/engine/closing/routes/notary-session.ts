/**
 * Notary: the eNotary session (start, identity, review, sign).
 * Part of the borrower's closing endpoints (routes/index.ts says what they share).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENGINE_WRITES, ZNotarySessionView, ZActionResult } from '@heloc/domain';
import {
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  onOwnApplication,
} from '../../route-helpers';
import {
  answerNotaryIdentity,
  reviewNotaryDeed,
  settleNotaryIdentity,
  signBeforeNotary,
  startNotarySession,
} from '../services/notary-session';
import { tags } from './shared';

export const notarySessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `${BASE}/notary/session`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Start (or resume) the electronic notary session: join link and identity questions',
        params,
        response: { 200: ZNotarySessionView, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        startNotarySession(tx, app, { application, identityUuid }),
      ),
  );

  app.post(
    `${BASE}/notary/session/identity`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Answer the notary session’s identity questions',
        params,
        body: ENGINE_WRITES['notary/session/identity'],
        response: { 200: ZNotarySessionView, ...errors },
      },
    },
    async (request) => {
      // A wrong answer is recorded in the transaction and refused after it commits, so failures count.
      const outcome = await onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        answerNotaryIdentity(tx, app, { application, identityUuid, body: request.body }),
      );
      return settleNotaryIdentity(app, { outcome });
    },
  );

  app.post(
    `${BASE}/notary/session/review`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Confirm the deed was reviewed with the notary',
        params,
        body: ENGINE_WRITES['notary/session/review'],
        response: { 200: ZNotarySessionView, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        reviewNotaryDeed(tx, app, { application, identityUuid, body: request.body }),
      ),
  );

  app.post(
    `${BASE}/notary/session/sign`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Sign the deed before the notary; the notary completes the session',
        params,
        body: ENGINE_WRITES['notary/session/sign'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        signBeforeNotary(tx, app, { application, identityUuid }),
      ),
  );
};
