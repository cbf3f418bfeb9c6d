/**
 * The complete screen's endpoints: the closing summary (rescission end, first payment, line) and
 * "Cancel my line" during the right-to-cancel period. Part of the borrower's closing endpoints
 * (routes/index.ts says what they share).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENGINE_WRITES, ZActionResult, ZClosingSummary } from '@heloc/domain';
import {
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  onOwnApplication,
} from '../../route-helpers';
import { getClosingSummary, rescindClosedLine } from '../services/summary';
import { tags } from './shared';

export const summaryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/closing-summary`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Line amount, first payment, rescission dates and funding (the complete screen)',
        params,
        response: {
          200: ZClosingSummary,
          ...errors,
        },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application) => getClosingSummary(tx, app, { application })),
  );

  app.post(
    `${BASE}/rescind`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Cancel the line during the right-to-cancel period (rescission): the application ends CANCELLED, nothing is recorded or funded',
        params,
        body: ENGINE_WRITES['rescind'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        rescindClosedLine(tx, app, { application, identityUuid }),
      ),
  );
};
