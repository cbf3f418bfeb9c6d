/**
 * The borrower's endpoints of the submission segment, one per action under
 * /service-application/api/v1/application/heloc/{uuid}/… (DESIGN.md §6), with the engine's rules:
 * zod bodies from the domain (the web's forms use the same schemas), ownership (another borrower's
 * id answers 404), the application lock (one writer), the step table (an out-of-order action answers
 * 409 with the current step, changing nothing), idempotency (repeating an action that already moved the
 * application answers the current status), and the next job enqueued in the same transaction.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assetsRequalifyRoutes } from './assets';
import { moreInfoRoutes } from './more-info';
import { documentRoutes } from './documents';

export const submissionRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(assetsRequalifyRoutes);
  await app.register(moreInfoRoutes);
  await app.register(documentRoutes);
};
