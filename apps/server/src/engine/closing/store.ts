/**
 * What the closing routes and jobs share: moving the application (with the next job, possibly due
 * later), the closing row, conditions, and provider facts read back from the audit trail (the
 * Pacific calendar the waiting periods end on is the domain's calendar/zoned).
 */
import { and, asc, eq, isNull, max } from 'drizzle-orm';
import { applicationStepPath, type TApplicationStatus, type TConditionCategory } from '@heloc/domain';
import type { Database, Executor } from '../../db';
import { schema } from '../../db';
import type { Clock } from '../../lib/clock';
import { enqueueJob } from '../../jobs/queue';
import type { OrganisationDirectory } from '../../modules/organisations/directory';
import { insertNotification } from '../../modules/wallet/repository';
import type { Providers } from '../../providers';
import type { FileStorage } from '../../storage';
import type { FieldSealer } from '../../lib/sealed';
import { latestMatchingEvent, recordEvent, type Actor } from '../../workflow/audit';
import type { ApplicationRow } from '../../workflow/step-machine';
import { loadApplicationFile, moveApplication, PROVIDER_JOB_ATTEMPTS, type JobKind } from '../store';
import type { ClosingAction } from './steps';
import { checkJobPayload } from '../job-payloads';

export type ClosingDeps = {
  db: Database;
  clock: Clock;
  providers: Providers;
  orgs: OrganisationDirectory;
  storage: FileStorage;
  sealer: FieldSealer;
};

export const CLOSING_JOBS = {
  incomeVerifyLink: 'income.verifyLink',
  incomeReviewDocuments: 'income.reviewDocuments',
  employmentVerify: 'income.verifyEmployment',
  bankVerifyAccount: 'bank.verifyAccount',
  identityVerify: 'identity.verify',
  bpoOrder: 'valuation.orderBpo',
  bpoPoll: 'valuation.pollBpo',
  closingPrepare: 'closing.prepare',
  floodRecheck: 'flood.recheck',
  esignComplete: 'esign.complete',
  notaryComplete: 'notary.completeSession',
  notaryAppointmentDone: 'notary.appointmentDone',
  rescissionStart: 'rescission.start',
  rescissionEnd: 'rescission.end',
  recordingSubmit: 'recording.submit',
  recordingPoll: 'recording.poll',
  fundingDecide: 'funding.decide',
  fundingSchedule: 'funding.schedule',
  fundingPoll: 'funding.poll',
} as const;
export type ClosingJobKind = (typeof CLOSING_JOBS)[keyof typeof CLOSING_JOBS];

export type ClosingNextJob = {
  kind: ClosingJobKind | JobKind;
  payload?: Record<string, unknown>;
  /** Due later (a waiting period's end, a provider's promised time); default now. */
  runAfter?: Date;
  maxAttempts?: number;
  /** Default: one job per audit entry (see queueAfterLatestEvent). */
  dedupeKey?: string;
};

export const PROVIDER = { type: 'PROVIDER' } as const;
export const SYSTEM = { type: 'SYSTEM' } as const;

/** Moves the application along the table, sets status flags, and queues the next job, in `tx`. */
export async function moveClosing(
  tx: Executor,
  clock: Clock,
  application: ApplicationRow,
  action: ClosingAction,
  options: {
    actor: Actor;
    reason?: string;
    data?: Record<string, unknown>;
    flags?: Partial<TApplicationStatus>;
    next?: ClosingNextJob;
  },
): Promise<ApplicationRow> {
  const moved = await moveApplication(tx, clock, application, action, {
    actor: options.actor,
    ...(options.reason !== undefined && { reason: options.reason }),
    ...(options.data !== undefined && { data: options.data }),
    ...(options.flags !== undefined && { flags: options.flags }),
  });
  if (options.next) await queueAfterLatestEvent(tx, clock, application.uuid, options.next);
  return moved;
}

/**
 * Queues a job keyed by the application's latest audit entry: one job per entry into a step (or per
 * recorded action), so a repeated request or a re-run job never queues the same work twice.
 */
export async function queueAfterLatestEvent(
  tx: Executor,
  clock: Clock,
  applicationUuid: string,
  next: ClosingNextJob,
): Promise<void> {
  const [entry] = await tx
    .select({ id: max(schema.applicationEvents.id) })
    .from(schema.applicationEvents)
    .where(eq(schema.applicationEvents.applicationUuid, applicationUuid));
  await enqueueJob(tx, clock, {
    kind: next.kind,
    // Typed per kind and never carrying a secret (job-payloads.ts).
    payload: checkJobPayload(next.kind, { applicationUuid, ...next.payload }),
    maxAttempts: next.maxAttempts ?? PROVIDER_JOB_ATTEMPTS,
    dedupeKey: next.dedupeKey ?? `${next.kind}:${applicationUuid}:${entry?.id ?? 0}`,
    ...(next.runAfter && { runAfter: next.runAfter }),
  });
}

/**
 * Queues `kind` again for later from the job `after` that found nothing to do yet (a poll not
 * answered, a period not over, a hold not cleared). One follow-up per job: a re-run of the same job
 * queues it once, and each later attempt is its own job even when it is due at the same time.
 */
export async function queueAgain(
  tx: Executor,
  clock: Clock,
  applicationUuid: string,
  after: { uuid: string },
  next: { kind: ClosingJobKind; runAfter: Date; payload?: Record<string, unknown> },
): Promise<void> {
  await queueAfterLatestEvent(tx, clock, applicationUuid, {
    ...next,
    dedupeKey: `${next.kind}:${applicationUuid}:after:${after.uuid}`,
  });
}

/** Records a borrower or provider action that does not change the step (document signed, session started…). */
export async function recordAction(
  tx: Executor,
  clock: Clock,
  application: ApplicationRow,
  actor: Actor,
  action: string,
  data: Record<string, unknown> = {},
): Promise<void> {
  await recordEvent(tx, clock, {
    applicationUuid: application.uuid,
    actor,
    kind: 'ACTION',
    action,
    fromStep: application.step,
    toStep: application.step,
    data,
  });
}

/** The data and time of the latest audit entry named `action` (step change or action), or null. */
export async function latestEvent(
  db: Executor,
  applicationUuid: string,
  action: string,
): Promise<{ data: Record<string, unknown>; at: Date; id: number } | null> {
  return latestMatchingEvent(db, applicationUuid, { action });
}

export type ClosingRow = typeof schema.applicationClosing.$inferSelect;

export async function closingOf(db: Executor, applicationUuid: string): Promise<ClosingRow> {
  const [row] = await db
    .select()
    .from(schema.applicationClosing)
    .where(eq(schema.applicationClosing.applicationUuid, applicationUuid));
  return (
    row ?? {
      applicationUuid,
      payType: null,
      notaryMethod: null,
      requestedManualNotaryTime: null,
      floodInsuranceRequired: null,
      insuranceComplete: false,
      transactionDate: null,
      rescissionDeadline: null,
      fundingDate: null,
      fundedAt: null,
      updatedAt: new Date(0),
    }
  );
}

export async function updateClosing(
  tx: Executor,
  clock: Clock,
  applicationUuid: string,
  patch: Partial<Omit<ClosingRow, 'applicationUuid' | 'updatedAt'>>,
): Promise<void> {
  const values = { ...patch, updatedAt: clock.now() };
  await tx
    .insert(schema.applicationClosing)
    .values({ applicationUuid, ...values })
    .onConflictDoUpdate({ target: schema.applicationClosing.applicationUuid, set: values });
}

/** The borrower's notification of a new condition: the bell is how they learn of it and reach it. */
export const CONDITION_NOTIFICATION_TITLE = 'We need something from you';
export const CONDITION_NOTIFICATION_CTA = 'See what we need';

/**
 * Opens a condition of `category` (or updates the open one: a category is asked for once at a time).
 * A new one also notifies the borrower, with a link to the conditions dashboard. Either way it is
 * audited (CONDITION_RAISED, by `actor`: the engine's own are SYSTEM), which is also where the
 * `condition.raised` webhook event comes from.
 */
export async function raiseCondition(
  tx: Executor,
  clock: Clock,
  applicationUuid: string,
  category: TConditionCategory,
  details: {
    commentsToBorrower: string;
    requestDocuments: boolean;
    numDocsRequired?: number;
    notes?: string;
  },
  actor: Actor = { type: 'SYSTEM' },
): Promise<void> {
  const [open] = await tx
    .select({ uuid: schema.applicationConditions.uuid })
    .from(schema.applicationConditions)
    .where(
      and(
        eq(schema.applicationConditions.applicationUuid, applicationUuid),
        eq(schema.applicationConditions.category, category),
        isNull(schema.applicationConditions.clearedAt),
      ),
    );
  const values = {
    commentsToBorrower: details.commentsToBorrower,
    requestDocuments: details.requestDocuments,
    numDocsRequired: details.numDocsRequired ?? 1,
    notes: details.notes ?? null,
    actionNeeded: true,
  };
  const [application] = await tx
    .select({ identityUuid: schema.helocApplications.identityUuid, step: schema.helocApplications.step })
    .from(schema.helocApplications)
    .where(eq(schema.helocApplications.uuid, applicationUuid));
  if (!application) return;
  await recordEvent(tx, clock, {
    applicationUuid,
    actor,
    kind: 'ACTION',
    action: 'CONDITION_RAISED',
    fromStep: application.step,
    toStep: application.step,
    data: { category, numDocsRequired: details.requestDocuments ? values.numDocsRequired : 0 },
  });
  if (open) {
    await tx
      .update(schema.applicationConditions)
      .set(values)
      .where(eq(schema.applicationConditions.uuid, open.uuid));
    return;
  }
  await tx
    .insert(schema.applicationConditions)
    .values({ applicationUuid, category, createdAt: clock.now(), ...values });
  await insertNotification(tx, {
    identityUuid: application.identityUuid,
    title: CONDITION_NOTIFICATION_TITLE,
    description: details.commentsToBorrower,
    ctas: [
      { title: CONDITION_NOTIFICATION_CTA, redirectPath: applicationStepPath(applicationUuid, 'conditions') },
    ],
    createdAt: clock.now(),
  });
}

/**
 * The engine clears its own conditions of `category` when what they asked for arrived; audited
 * (CONDITION_CLEARED by SYSTEM) when one was open, the source of `condition.cleared`.
 */
export async function clearConditions(
  tx: Executor,
  clock: Clock,
  applicationUuid: string,
  category: TConditionCategory,
): Promise<void> {
  const cleared = await tx
    .update(schema.applicationConditions)
    .set({ clearedAt: clock.now(), actionNeeded: false })
    .where(
      and(
        eq(schema.applicationConditions.applicationUuid, applicationUuid),
        eq(schema.applicationConditions.category, category),
        isNull(schema.applicationConditions.clearedAt),
      ),
    )
    .returning({ uuid: schema.applicationConditions.uuid });
  if (cleared.length === 0) return;
  const [application] = await tx
    .select({ step: schema.helocApplications.step })
    .from(schema.helocApplications)
    .where(eq(schema.helocApplications.uuid, applicationUuid));
  await recordEvent(tx, clock, {
    applicationUuid,
    actor: { type: 'SYSTEM' },
    kind: 'ACTION',
    action: 'CONDITION_CLEARED',
    fromStep: application?.step ?? null,
    toStep: application?.step ?? null,
    data: { category, conditionUuids: cleared.map((row) => row.uuid) },
  });
}

/** The application's conditions not cleared yet, oldest first (the borrower's list shows them in that order). */
export async function openConditions(db: Executor, applicationUuid: string) {
  return db
    .select()
    .from(schema.applicationConditions)
    .where(
      and(
        eq(schema.applicationConditions.applicationUuid, applicationUuid),
        isNull(schema.applicationConditions.clearedAt),
      ),
    )
    .orderBy(asc(schema.applicationConditions.createdAt));
}

/** The applicant, property and organisation a closing job works for (read without the lock). */
export async function loadClosingSubject(
  deps: { db: Executor; orgs: OrganisationDirectory },
  applicationUuid: string,
) {
  const row = await loadApplicationFile(deps.db, applicationUuid);
  const org = deps.orgs.byOrgCode(row.application.orgCode);
  if (!org) throw new Error(`unknown organisation ${row.application.orgCode}`);
  const applicant = {
    firstName: row.profile.firstName,
    lastName: row.profile.lastName,
    ...(row.profile.dob && { dob: row.profile.dob }),
  };
  const { address, fullName } = row;
  return {
    application: row.application,
    profile: row.profile,
    email: row.email,
    applicant,
    address,
    org,
    fullName,
    employmentType: row.application.employmentType ?? 'FULL_TIME',
  };
}

/** Merges flags into the status object without a step change (a check that runs beside the flow). */
export async function mergeFlags(
  tx: Executor,
  application: ApplicationRow,
  flags: Partial<TApplicationStatus>,
): Promise<void> {
  await tx
    .update(schema.helocApplications)
    .set({ statusFlags: { ...application.statusFlags, ...flags } })
    .where(eq(schema.helocApplications.uuid, application.uuid));
}
