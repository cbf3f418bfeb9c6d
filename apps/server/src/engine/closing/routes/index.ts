/**
 * The borrower's closing endpoints (income → funding) under
 * /service-application/api/v1/application/heloc/{uuid}/… — one per action, each zod-validated,
 * ownership-checked (a foreign or unknown id answers 404), run under the application lock, idempotent
 * (repeating an action already applied answers the current status) and in the OpenAPI document. An
 * action the current step does not allow answers 409 with the current step.
 *
 * Uploads (income documents, ID front, insurance) are multipart forms with one file, sniffed by
 * content and stored through the file storage (src/uploads). Account numbers are sealed at rest and
 * answered masked to their last 4.
 *
 * Provider calls the borrower waits on (the sandbox link widget, the public-token exchange, the
 * linked account numbers, booking a notary slot, starting an eNotary session) happen in the request,
 * like an aggregator's token exchange; verification, document work and waiting periods run in jobs.
 *
 * One file per area (income, accounts, identity and valuation, documents and signing, notary,
 * insurance, conditions, the summary); the queries live in the store files beside them.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadsPlugin } from '../../../uploads';
import { LinkTokens } from '../link-tokens';
import { accountsRoutes } from './accounts';
import { conditionsRoutes } from './conditions';
import { documentsSigningRoutes } from './documents-signing';
import { identityValuationRoutes } from './identity-valuation';
import { incomeRoutes } from './income';
import { insuranceRoutes } from './insurance';
import { notaryChoiceRoutes } from './notary-choice';
import { notarySessionRoutes } from './notary-session';
import { summaryRoutes } from './summary';

export const closingRoutes: FastifyPluginAsyncZod = async (app) => {
  // Income and accounts share the link tokens: a bank link made on the income step chooses the account.
  const linkTokens = new LinkTokens(app.sealer, app.clock);
  await app.register(uploadsPlugin);
  await app.register(incomeRoutes, { linkTokens });
  await app.register(accountsRoutes, { linkTokens });
  await app.register(identityValuationRoutes);
  await app.register(documentsSigningRoutes);
  await app.register(notaryChoiceRoutes);
  await app.register(notarySessionRoutes);
  await app.register(insuranceRoutes);
  await app.register(conditionsRoutes);
  await app.register(summaryRoutes);
};
