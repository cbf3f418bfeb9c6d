/**
 * The engine's transitions that only lender staff take (decisions in the lender console,
 * modules/console/decisions.ts), beyond decline, cancel and counter-offer (steps.ts):
 *
 * - STAFF_REOPEN_TO_<step>: a cancelled application back to the step it was cancelled from, one
 *   transition per REOPENABLE_STEPS entry (a table row has one target); its guard checks that the
 *   latest cancel really left from that step. It leaves a final step, which only transitions
 *   marked `leavesFinal` may (workflow/step-machine.ts).
 * - STAFF_VALUATION_OVERRIDE: a manual value at offer selection or NO_AVM → WAITING_FOR_UNDERWRITING;
 *   the underwriting job (jobs/underwriting.ts) prices on the override instead of the automated value.
 * - STAFF_EXCEPTION: an approved exception to the engine's own underwriting decline → back to
 *   WAITING_FOR_UNDERWRITING, where the job leaves the excepted rules out (leaves DECLINED).
 */
import { and, desc, eq } from 'drizzle-orm';
import { REOPENABLE_STEPS, type TReopenableStep } from '@heloc/domain';
import { schema, type Executor } from '../db';
import type { StepGuard, StepTransition } from '../workflow/step-machine';

export type StaffReopenAction = `STAFF_REOPEN_TO_${TReopenableStep}`;
export type StaffAction = StaffReopenAction | 'STAFF_VALUATION_OVERRIDE' | 'STAFF_EXCEPTION';

export const reopenAction = (step: TReopenableStep): StaffReopenAction => `STAFF_REOPEN_TO_${step}`;

/** The newest step change into `step` (its action, the step it came from, its data), or null. */
export async function latestEntryInto(db: Executor, applicationUuid: string, step: string) {
  const e = schema.applicationEvents;
  const [row] = await db
    .select({ action: e.action, fromStep: e.fromStep, data: e.data, at: e.at })
    .from(e)
    .where(and(eq(e.applicationUuid, applicationUuid), eq(e.kind, 'STEP_CHANGE'), eq(e.toStep, step)))
    .orderBy(desc(e.id))
    .limit(1);
  return row ?? null;
}

const cancelledFrom =
  (step: TReopenableStep): StepGuard =>
  async ({ tx, application }) => {
    const cancel = await latestEntryInto(tx, application.uuid, 'CANCELLED');
    return cancel?.fromStep === step
      ? null
      : {
          message: `This application was not cancelled at ${step}`,
          details: { cancelledAt: cancel?.fromStep },
        };
  };

export const STAFF_TRANSITIONS: readonly (StepTransition & { action: StaffAction })[] = [
  ...REOPENABLE_STEPS.map((step) => ({
    action: reopenAction(step),
    from: ['CANCELLED'],
    to: step,
    leavesFinal: true,
    guard: cancelledFrom(step),
  })),
  { action: 'STAFF_VALUATION_OVERRIDE', from: ['OFFER_SELECTION', 'NO_AVM'], to: 'WAITING_FOR_UNDERWRITING' },
  { action: 'STAFF_EXCEPTION', from: ['DECLINED'], to: 'WAITING_FOR_UNDERWRITING', leavesFinal: true },
];
