/**
 * The complete screen's endpoints: the closing summary (rescission end, first payment, line) and
 * "Cancel my line" during the right-to-cancel period. Part of the borrower's closing endpoints
 * (routes/index.ts says what they share).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ENGINE_WRITES,
  rescissionEndsAt,
  monthlyPaymentCents,
  ZActionResult,
  ZClosingSummary,
} from '@heloc/domain';
import { firstPaymentDate } from '../documents';
import {
  actionResult as result,
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  borrowerActor as borrower,
  onOwnApplication,
} from '../../route-helpers';
import { rescindLine, rightToCancelRuns } from '../rescission';
import { closingOf } from '../store';
import { tags } from './shared';
import { listAccounts } from '../repository';

export const summaryRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clock } = app;

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
      onOwnApplication(app.db, request, async (tx, application) => {
        const closing = await closingOf(tx, application.uuid);
        const [account] = await listAccounts(tx, application.uuid, 'DISBURSEMENT');
        return {
          ...result(application),
          lineAmountCents: application.amountCents,
          monthlyPaymentCents:
            application.amountCents > 0 && application.termYears > 0
              ? monthlyPaymentCents(application.amountCents, application.rateBps, application.termYears)
              : 0,
          firstPaymentDate: closing.transactionDate ? firstPaymentDate(closing.transactionDate) : null,
          rescissionStartDate: closing.transactionDate,
          rescissionDeadline: closing.rescissionDeadline,
          rescissionEndsAt: closing.rescissionDeadline
            ? rescissionEndsAt(closing.rescissionDeadline).toISOString()
            : null,
          fundingDate: closing.fundingDate,
          funded: closing.fundedAt !== null,
          disburseAccountMask: account?.mask ?? null,
          canRescind: rightToCancelRuns(application, closing, clock),
        };
      }),
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
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        const moved = await rescindLine(tx, clock, application, {
          actor: borrower(identityUuid),
          reason: 'The borrower exercised the right to cancel',
        });
        return result(moved);
      }),
  );
};
