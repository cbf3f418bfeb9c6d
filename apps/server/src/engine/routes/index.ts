/**
 * The borrower's endpoints of the first engine slice (profile → offer), one file per area; their
 * SQL is in ../repository.ts (DESIGN.md §6: one per user action under
 * /service-application/api/v1/application/heloc/{uuid}/…). Every route:
 * - checks ownership (another borrower's id answers 404, a malformed one 400);
 * - works under the application lock, so two clicks cannot both move the application;
 * - is idempotent: repeating an action that already succeeded answers the current status instead of
 *   an error (the audit trail says whether the same action, with the same non-secret input, was
 *   already applied); any other out-of-order action answers 409 with the current step;
 * - enqueues the provider job of the waiting step it moves to, in the same transaction.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditRoutes } from './credit';
import { propertyRoutes } from './property';
import { offerRoutes } from './offer';

export const engineRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(creditRoutes);
  await app.register(propertyRoutes);
  await app.register(offerRoutes);
};
