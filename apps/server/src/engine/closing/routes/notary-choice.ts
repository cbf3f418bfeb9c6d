/**
 * Notary: the choice (eNotary or manual), the manual slots and the reservation.
 * Part of the borrower's closing endpoints (routes/index.ts says what they share).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENGINE_WRITES, ZNotaryReservation, ZNotarySlotsView, ZActionResult } from '@heloc/domain';
import { authOf } from '../../../plugins/auth';
import {
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  onOwnApplication,
  ownApplicationUuid,
} from '../../route-helpers';
import { findApplication } from '../../repository';
import { chooseNotary, getManualNotarySlots, reserveNotary } from '../services/notary-choice';
import { tags } from './shared';

export const notaryChoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    `${BASE}/notary/choice`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'eNotary (online session) or a manual notary appointment ($300 fee, consent required)',
        params,
        body: ENGINE_WRITES['notary/choice'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        chooseNotary(tx, app, { application, identityUuid, body: request.body }),
      ),
  );

  app.get(
    `${BASE}/notary/slots`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Manual notary appointment slots for the next two weeks (Pacific time)',
        params,
        response: {
          200: ZNotarySlotsView,
          ...errors,
        },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const uuid = await ownApplicationUuid(app.db, request, identityUuid);
      const application = await findApplication(app.db, uuid);
      // Read without the application's lock: the slots are a read of the provider's calendar.
      return getManualNotarySlots(app.db, app, { application: application! });
    },
  );

  app.post(
    `${BASE}/notary/reserve`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Reserve a manual notary appointment slot',
        params,
        body: ENGINE_WRITES['notary/reserve'],
        response: {
          200: ZNotaryReservation,
          ...errors,
        },
      },
    },
    async (request) => {
      return onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        reserveNotary(tx, app, { application, identityUuid, body: request.body }),
      );
    },
  );
};
