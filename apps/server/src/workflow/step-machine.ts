/**
 * Moving an application between server steps: one writer at a time (the application row is
 * locked for the transaction, so concurrent requests queue instead of overwriting each other),
 * only along the transitions of a table given as data, and every change audited.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db';
import { schema } from '../db';
import type { Clock } from '../lib/clock';
import { throwIfJobCancelled } from '../jobs/worker';
import { AppError } from '../lib/errors';
import { writeEvents } from '../lib/write-events';
import { recordEvent, type Actor } from './audit';

/** Why a guard refuses a move: the 409's message and extra details (beside the current step). */
export type GuardRefusal = { message: string; details?: Record<string, unknown> };

/**
 * A condition a move needs beyond its `from` step, read in the transaction that moves (the row is
 * locked) at the clock's now: e.g. a waiting period the law imposes. Null allows the move.
 */
export type StepGuard = (context: {
  tx: Executor;
  application: ApplicationRow;
  now: Date;
}) => Promise<GuardRefusal | null>;

/** One allowed move: from any of `from` (or '*': any non-final step) to `to`, named by `action`. */
export type StepTransition = {
  action: string;
  from: readonly string[] | '*';
  to: string;
  guard?: StepGuard;
  /**
   * Whether this move may leave a final step named in `from` (a staff reopening or exception):
   * nothing else leaves one, and '*' never includes one.
   */
  leavesFinal?: boolean;
};

export type StepTable = {
  transitions: readonly StepTransition[];
  /** Steps nothing leaves (COMPLETE, CANCELLED, DECLINED, …). */
  final: readonly string[];
};

export type ApplicationRow = typeof schema.helocApplications.$inferSelect;

export function findTransition(table: StepTable, from: string, action: string): StepTransition | null {
  const final = table.final.includes(from);
  return (
    table.transitions.find(
      (transition) =>
        transition.action === action &&
        (final
          ? transition.leavesFinal === true && transition.from !== '*' && transition.from.includes(from)
          : transition.from === '*' || transition.from.includes(from)),
    ) ?? null
  );
}

/**
 * The steps `actions` may run from: the union of their transitions' `from` in `table`. Handlers check
 * the step they accept with this (route-helpers' requireStep/alreadyDone) instead of restating a
 * list beside the table. An action the table does not know, or one allowed from any step ('*'),
 * throws: a handler's step check must name a move the table lists.
 */
export function stepsAllowing(table: StepTable, ...actions: readonly string[]): readonly string[] {
  const steps = new Set<string>();
  for (const action of actions) {
    const moves = table.transitions.filter((transition) => transition.action === action);
    if (moves.length === 0) throw new Error(`No transition ${action} in the step table`);
    for (const move of moves) {
      if (move.from === '*') throw new Error(`${action} runs from any step: no list to check against`);
      for (const step of move.from) steps.add(step);
    }
  }
  return [...steps];
}

/**
 * Runs `work` holding the application's row lock (SELECT … FOR UPDATE) inside a transaction.
 * Reads and writes done through `tx` see one consistent application.
 */
export async function withApplicationLock<T>(
  db: Database,
  applicationUuid: string,
  work: (tx: Executor, application: ApplicationRow) => Promise<T>,
): Promise<T> {
  const result = await db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(schema.helocApplications)
      .where(eq(schema.helocApplications.uuid, applicationUuid))
      .for('update');
    if (!application) throw new AppError('NOT_FOUND', 'Application not found');
    // On behalf of a job attempt that timed out meanwhile: roll back rather than race its retry.
    throwIfJobCancelled();
    const done = await work(tx, application);
    throwIfJobCancelled();
    return done;
  });
  // After the commit: cached reads of this application (the polled status) start again from the database.
  writeEvents.emit('application', applicationUuid);
  return result;
}

/**
 * Applies `action` to the locked application: the table decides the next step; an action the
 * current step does not allow answers 409 with the current step (out-of-order request).
 */
export async function applyTransition(
  tx: Executor,
  clock: Clock,
  table: StepTable,
  application: ApplicationRow,
  action: string,
  context: { actor: Actor; reason?: string; data?: Record<string, unknown> },
): Promise<ApplicationRow> {
  const transition = findTransition(table, application.step, action);
  if (!transition) {
    throw new AppError(
      'CONFLICT',
      `${action} is not possible while the application is at ${application.step}`,
      {
        step: application.step,
      },
    );
  }
  const refusal = transition.guard ? await transition.guard({ tx, application, now: clock.now() }) : null;
  if (refusal) {
    throw new AppError('CONFLICT', refusal.message, { step: application.step, ...refusal.details });
  }
  const [updated] = await tx
    .update(schema.helocApplications)
    .set({
      step: transition.to,
      updatedAt: sql`now()`,
      // The console's "days in step": only a real change of step restarts it (the app's clock).
      ...(transition.to !== application.step && { stepChangedAt: clock.now() }),
    })
    .where(eq(schema.helocApplications.uuid, application.uuid))
    .returning();
  await recordEvent(tx, clock, {
    applicationUuid: application.uuid,
    actor: context.actor,
    kind: 'STEP_CHANGE',
    action,
    fromStep: application.step,
    toStep: transition.to,
    reason: context.reason ?? null,
    data: context.data ?? {},
  });
  return updated!;
}
