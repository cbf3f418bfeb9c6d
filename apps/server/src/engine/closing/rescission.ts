/**
 * The right to cancel (Regulation Z §1026.15): every owner on title — the borrower and each co-owner
 * who signed — may cancel the line after the deed is signed until the period ends. One rule for the
 * borrower's "Cancel my line" and the co-owner's: the same steps, the same deadline, the same move.
 */
import { formatDisplayDate, rescissionEndsAt } from '@heloc/domain';
import type { Executor } from '../../db';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Actor } from '../../workflow/audit';
import type { ApplicationRow } from '../../workflow/step-machine';
import { requireStep } from '../route-helpers';
import { stepsAllowing } from '../steps';
import { closingOf, moveClosing } from './store';

type Closing = Awaited<ReturnType<typeof closingOf>>;

/** The steps the step table lets RESCINDED leave: after the deed is signed, until the period ends. */
const RESCINDABLE = stepsAllowing('RESCINDED');

/** Whether the right to cancel still runs: after the deed is signed, until the period's end. */
export function rightToCancelRuns(application: ApplicationRow, closing: Closing, clock: Clock): boolean {
  if (!RESCINDABLE.includes(application.step as (typeof RESCINDABLE)[number])) return false;
  return !closing.rescissionDeadline || clock.now() < rescissionEndsAt(closing.rescissionDeadline);
}

/**
 * Cancels the line for an owner exercising the right to cancel; 409 once the period is over. The
 * pending rescission and recording jobs then find the application CANCELLED and do nothing.
 */
export async function rescindLine(
  tx: Executor,
  clock: Clock,
  application: ApplicationRow,
  by: { actor: Actor; reason: string },
): Promise<ApplicationRow> {
  requireStep(application, RESCINDABLE, 'Cancelling the line');
  const closing = await closingOf(tx, application.uuid);
  if (!rightToCancelRuns(application, closing, clock)) {
    throw new AppError(
      'CONFLICT',
      `The right to cancel ended at midnight Pacific time at the end of ${formatDisplayDate(closing.rescissionDeadline!)}.`,
      { step: application.step, reason: 'RESCISSION_PERIOD_ENDED' },
    );
  }
  return moveClosing(tx, clock, application, 'RESCINDED', {
    actor: by.actor,
    reason: by.reason,
    data: { rescissionDeadline: closing.rescissionDeadline },
  });
}
