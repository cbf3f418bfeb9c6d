/**
 * The complete screen's endpoints: the closing summary (rescission end, first payment, line) and
 * "Cancel my line" during the right-to-cancel period. Part of the borrower's closing endpoints
 * (routes/index.ts says what they share).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ENGINE_WRITES,
  formatDisplayDate,
  rescissionEndsAt,
  monthlyPaymentCents,
  ZActionResult,
  ZClosingSummary,
} from '@heloc/domain';
import type { Clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import type { ApplicationRow } from '../../../workflow/step-machine';
import { RESCINDABLE_STEPS } from '../steps';
import { firstPaymentDate } from '../documents';
import {
  actionResult as result,
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  borrowerActor as borrower,
  onOwnApplication,
  requireStep,
} from '../../route-helpers';
import { closingOf, moveClosing } from '../store';
import { tags } from './shared';
import { listAccounts } from '../repository';
import { stepsAllowing } from '../../steps';

type Closing = Awaited<ReturnType<typeof closingOf>>;

/** Whether the right to cancel still runs: after the deed is signed, until the period's end. */
function rescindable(application: ApplicationRow, closing: Closing, clock: Clock): boolean {
  if (!RESCINDABLE_STEPS.includes(application.step as (typeof RESCINDABLE_STEPS)[number])) return false;
  return !closing.rescissionDeadline || clock.now() < rescissionEndsAt(closing.rescissionDeadline);
}

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
          canRescind: rescindable(application, closing, clock),
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
        requireStep(application, stepsAllowing('RESCINDED'), 'Cancelling the line');
        const closing = await closingOf(tx, application.uuid);
        if (!rescindable(application, closing, clock)) {
          throw new AppError(
            'CONFLICT',
            `The right to cancel ended at midnight Pacific time at the end of ${formatDisplayDate(closing.rescissionDeadline!)}.`,
            { step: application.step, reason: 'RESCISSION_PERIOD_ENDED' },
          );
        }
        // The pending rescission and recording jobs find the application CANCELLED and do nothing.
        const moved = await moveClosing(tx, clock, application, 'RESCINDED', {
          actor: borrower(identityUuid),
          reason: 'The borrower exercised the right to cancel',
          data: { rescissionDeadline: closing.rescissionDeadline },
        });
        return result(moved);
      }),
  );
};
