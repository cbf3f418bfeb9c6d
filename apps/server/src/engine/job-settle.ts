/**
 * The one settle/dead-letter helper every engine segment's jobs share (profile → offer, submission,
 * closing). A job calls its provider outside any lock; `settle` then applies the outcome under the
 * application lock only while the application still waits where the job was queued, so a stale or
 * duplicate run changes nothing. `onDeadTo` is a job kind's dead-letter handler: its attempts used
 * up, the application moves by `action` (the *_TIMEOUT / *_ERROR of the step table) instead of
 * leaving the borrower polling.
 */
import type { Database, Executor } from '../db';
import { withApplicationLock, type ApplicationRow } from '../workflow/step-machine';

export type SettleApply = (tx: Executor, application: ApplicationRow) => Promise<void>;
export type Settle = (applicationUuid: string, waitingStep: string, apply: SettleApply) => Promise<void>;
export type DeadLetterHandler = (
  payload: Record<string, unknown>,
  job: unknown,
  error: string,
) => Promise<void>;

export type DeadLetterMove<A> = (
  tx: Executor,
  application: ApplicationRow,
  action: A,
  how: { actor: { type: 'SYSTEM' }; reason: string; data: Record<string, unknown> },
) => Promise<unknown>;

export function jobSettlement<A>(
  db: Database,
  options: {
    /** Moves the application along its segment's step table. */
    move: DeadLetterMove<A>;
    /** The reason the audit trail gives for a dead job's move. */
    deadReason: string;
  },
): { settle: Settle; onDeadTo: (waitingStep: string, action: A) => DeadLetterHandler } {
  const settle: Settle = async (applicationUuid, waitingStep, apply) => {
    await withApplicationLock(db, applicationUuid, async (tx, application) => {
      if (application.step !== waitingStep) return;
      await apply(tx, application);
    });
  };
  const onDeadTo =
    (waitingStep: string, action: A): DeadLetterHandler =>
    async (payload, _job, error) => {
      const applicationUuid = payload.applicationUuid;
      if (typeof applicationUuid !== 'string' || applicationUuid === '') return;
      await settle(applicationUuid, waitingStep, async (tx, application) => {
        await options.move(tx, application, action, {
          actor: { type: 'SYSTEM' },
          reason: options.deadReason,
          data: { error },
        });
      });
    };
  return { settle, onDeadTo };
}
