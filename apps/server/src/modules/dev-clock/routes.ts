/**
 * Development operations: move the server's clock forward (DEV_CLOCK_CONTROL, never in production).
 * Waiting periods (rescission, recording, notary appointments) end by jobs due on the clock; a browser
 * test or a developer passes them here instead of waiting days. Lender staff only; the route exists
 * only when the app runs on an OffsetClock (main.ts builds one when the option is on).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_WRITES, DEV_CLOCK_MAX_ADVANCE_MS, ZApiErrorBody } from '@heloc/domain';
import { AppError } from '../../lib/errors';
import { OffsetClock } from '../../lib/clock';
import { STAFF_TAG, staffRoute } from '../staff/policy';

const PATH = '/ops/api/v1/dev/clock';
/** How long a clock move waits for the jobs it made due before answering (see runDueWithin). */
const DUE_JOBS_WAIT_MS = 10_000;

const ZClockView = z.object({ now: z.string(), offsetMs: z.number().int() });

export const devClockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clock } = app;
  if (!(clock instanceof OffsetClock)) return;

  const view = () => ({ now: clock.now().toISOString(), offsetMs: clock.offset });

  app.get(
    PATH,
    {
      ...staffRoute(app, 'DEV_CLOCK'),
      schema: {
        tags: [STAFF_TAG, 'operations'],
        summary: 'Development only: the server clock and its offset from the system clock',
        response: { 200: ZClockView, 401: ZApiErrorBody, 403: ZApiErrorBody },
      },
    },
    async () => view(),
  );

  app.post(
    PATH,
    {
      ...staffRoute(app, 'DEV_CLOCK'),
      schema: {
        tags: [STAFF_TAG, 'operations'],
        summary: 'Development only: move the server clock forward (by milliseconds or to an instant)',
        body: API_WRITES['POST /ops/api/v1/dev/clock'],
        response: { 200: ZClockView, 400: ZApiErrorBody, 401: ZApiErrorBody, 403: ZApiErrorBody },
      },
    },
    async (request) => {
      const body = request.body;
      if ('advanceMs' in body) {
        clock.advance(body.advanceMs);
      } else {
        const target = new Date(body.to);
        const delta = target.getTime() - clock.now().getTime();
        if (delta > DEV_CLOCK_MAX_ADVANCE_MS) throw new AppError('BAD_REQUEST', 'At most 60 days at a time');
        clock.advanceTo(target);
      }
      // Jobs due now run at the worker's next poll; run them here too so the caller sees the effect,
      // but answer within a few seconds when one of them waits on a provider that does not answer.
      await app.jobs.runDueWithin(DUE_JOBS_WAIT_MS);
      return view();
    },
  );
};
