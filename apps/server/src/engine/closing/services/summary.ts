/**
 * The complete screen as services: the closing summary (rescission end, first payment, line) and
 * "Cancel my line" during the right-to-cancel period.
 */
import { rescissionEndsAt, monthlyPaymentCents, type TActionResult } from '@heloc/domain';
import type { Executor } from '../../../db';
import type { ApplicationRow } from '../../../workflow/step-machine';
import { actionResult as result, borrowerActor as borrower } from '../../route-helpers';
import type { EngineDeps } from '../../services/deps';
import { firstPaymentDate } from '../documents';
import { listAccounts } from '../repository';
import { rescindLine, rightToCancelRuns } from '../rescission';
import { closingOf } from '../store';

/** The line, the first payment, the rescission dates and the funding, and whether the line can still be cancelled. */
export async function getClosingSummary(
  tx: Executor,
  { clock }: Pick<EngineDeps, 'clock'>,
  { application }: { application: ApplicationRow },
) {
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
}

/** Cancels the line during the right-to-cancel period: the application ends CANCELLED, nothing is recorded or funded. */
export async function rescindClosedLine(
  tx: Executor,
  { clock }: Pick<EngineDeps, 'clock'>,
  { application, identityUuid }: { application: ApplicationRow; identityUuid: string },
): Promise<TActionResult> {
  const moved = await rescindLine(tx, clock, application, {
    actor: borrower(identityUuid),
    reason: 'The borrower exercised the right to cancel',
  });
  return result(moved);
}
