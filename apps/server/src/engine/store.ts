/**
 * What the engine's routes and jobs share: moving an application (transition + status flags + the
 * next job, in the caller's locked transaction so they commit together) and reading back provider
 * facts from the audit trail.
 *
 * Where provider facts live (no schema change in this slice): the transition that a provider
 * outcome causes carries its facts in the audit entry's `data` (score, monthly debt, property id…;
 * never an SSN, a PIN or an account number). The trail is append-only, so "the latest CREDIT_MATCHED
 * entry" is exactly the report underwriting must use, and a retried job reads the same facts.
 */
import { eq, max } from 'drizzle-orm';
import type { TApplicationStatus } from '@heloc/domain';
import type { Executor } from '../db';
import { schema } from '../db';
import type { Clock } from '../lib/clock';
import { enqueueJob } from '../jobs/queue';
import { latestMatchingEvent, type Actor } from '../workflow/audit';
import { applyTransition, type ApplicationRow } from '../workflow/step-machine';
import { ENGINE_STEP_TABLE, type EngineAction } from './steps';
import { SUBMISSION_JOB_KINDS } from './submission/job-kinds';
import { checkJobPayload } from './job-payloads';

export const JOB_KINDS = {
  creditSoftPull: 'credit.softPull',
  propertyLookup: 'property.lookup',
  underwritingPrice: 'underwriting.price',
  ...SUBMISSION_JOB_KINDS,
} as const;
export type JobKind = (typeof JOB_KINDS)[keyof typeof JOB_KINDS];

export type NextJob = { kind: JobKind; payload: Record<string, unknown>; maxAttempts?: number };

export type MoveOptions = {
  actor: Actor;
  reason?: string;
  data?: Record<string, unknown>;
  /** Merged over the status object (spec 1 §3) the status endpoint answers. */
  flags?: Partial<TApplicationStatus>;
  next?: NextJob;
};

/** Attempts of a provider job before it is dead (retries back off 1 s, 2 s, …). */
export const PROVIDER_JOB_ATTEMPTS = 3;

export async function moveApplication(
  tx: Executor,
  clock: Clock,
  application: ApplicationRow,
  action: EngineAction,
  options: MoveOptions,
): Promise<ApplicationRow> {
  let updated = await applyTransition(tx, clock, ENGINE_STEP_TABLE, application, action, {
    actor: options.actor,
    ...(options.reason !== undefined && { reason: options.reason }),
    ...(options.data !== undefined && { data: options.data }),
  });
  if (options.flags) {
    const [withFlags] = await tx
      .update(schema.helocApplications)
      .set({ statusFlags: { ...updated.statusFlags, ...options.flags } })
      .where(eq(schema.helocApplications.uuid, updated.uuid))
      .returning();
    updated = withFlags!;
  }
  // Every decline, whichever step declines, gets its adverse action notice (Regulation B / FCRA).
  const next =
    options.next ??
    (updated.step === 'DECLINED'
      ? { kind: SUBMISSION_JOB_KINDS.adverseActionNotice, payload: {}, maxAttempts: 5 }
      : undefined);
  if (next) {
    // One job per entry into a waiting step: the key names the audit entry of this transition,
    // so a repeated request or a re-run job can never enqueue the same work twice.
    const [entry] = await tx
      .select({ id: max(schema.applicationEvents.id) })
      .from(schema.applicationEvents)
      .where(eq(schema.applicationEvents.applicationUuid, application.uuid));
    await enqueueJob(tx, clock, {
      kind: next.kind,
      // Typed per kind and never carrying a secret (job-payloads.ts).
      payload: checkJobPayload(next.kind, { applicationUuid: application.uuid, ...next.payload }),
      maxAttempts: next.maxAttempts ?? PROVIDER_JOB_ATTEMPTS,
      dedupeKey: `${next.kind}:${application.uuid}:${entry?.id ?? 0}`,
    });
  }
  return updated;
}

/** The data of the latest step change made by `action`, or null when it never happened. */
export async function latestTransitionData(
  db: Executor,
  applicationUuid: string,
  action: EngineAction,
): Promise<Record<string, unknown> | null> {
  return (await latestMatchingEvent(db, applicationUuid, { action, stepChangesOnly: true }))?.data ?? null;
}

/**
 * The existing liens underwriting counts: the ones the borrower confirmed (lien verification). Every
 * sizing of the line (the offers, the hard pull, a valuation report at closing) starts from this sum.
 */
export async function confirmedLiensCents(db: Executor, applicationUuid: string): Promise<number> {
  const liens = await db
    .select({ balanceCents: schema.applicationLiens.balanceCents })
    .from(schema.applicationLiens)
    .where(eq(schema.applicationLiens.applicationUuid, applicationUuid));
  return liens.reduce((sum, lien) => sum + lien.balanceCents, 0);
}

/** Credit facts underwriting needs, as recorded with CREDIT_MATCHED. */
export type CreditFacts = {
  pullId: string;
  score: number;
  monthlyDebtCents: number;
  mortgageDelinquency: boolean;
  declineIndicators: string[];
};

export function isCreditFacts(data: Record<string, unknown> | null): data is CreditFacts {
  return (
    data !== null &&
    typeof data.score === 'number' &&
    typeof data.monthlyDebtCents === 'number' &&
    typeof data.mortgageDelinquency === 'boolean' &&
    Array.isArray(data.declineIndicators)
  );
}

/** A property the data vendor offered when several matched (PROPERTY_MULTIPLE). */
export type PropertyCandidate = {
  propertyId: string;
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  zip: string;
};

/**
 * The application with its applicant's profile, e-mail and selected property, the applicant's full
 * name and the property address: what document and provider jobs need, read without the lock.
 */
export async function loadApplicationFile(db: Executor, applicationUuid: string) {
  const [row] = await db
    .select({
      application: schema.helocApplications,
      profile: schema.profiles,
      property: schema.profileAddresses,
      email: schema.identities.email,
    })
    .from(schema.helocApplications)
    .innerJoin(schema.profiles, eq(schema.profiles.identityUuid, schema.helocApplications.identityUuid))
    .innerJoin(schema.identities, eq(schema.identities.uuid, schema.helocApplications.identityUuid))
    .leftJoin(
      schema.profileAddresses,
      eq(schema.profileAddresses.uuid, schema.helocApplications.selectedPropertyUuid),
    )
    .where(eq(schema.helocApplications.uuid, applicationUuid));
  if (!row) throw new Error('application not found');
  if (!row.property) throw new Error('application has no selected property');
  const { profile, property } = row;
  const fullName = [profile.firstName, profile.middleName, profile.lastName, profile.suffix]
    .filter((part) => part !== null && part !== undefined && part.trim() !== '')
    .join(' ');
  const address = {
    street1: property.street1,
    street2: property.street2,
    city: property.city,
    state: property.state,
    zip: property.zip,
  };
  return { ...row, property, fullName, address };
}

/** A consent the borrower gave (soft or hard credit pull), with the disclosure version they saw; once. */
export async function recordConsent(
  tx: Executor,
  clock: Clock,
  applicationUuid: string,
  type: 'SOFT_CREDIT' | 'HARD_CREDIT',
  disclosureVersion: string,
): Promise<void> {
  await tx
    .insert(schema.applicationConsents)
    .values({ applicationUuid, type, disclosureVersion, createdAt: clock.now() })
    .onConflictDoNothing();
}
