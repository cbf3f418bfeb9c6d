/**
 * What the closing jobs share: the context each area's handlers get (the dependencies, `settle`,
 * the dead-letter move `onDeadTo`) and small helpers for payloads and the recorded hard pull.
 */
import { and, eq } from 'drizzle-orm';
import type { TEmploymentType } from '@heloc/domain';
import { schema } from '../../../db';
import type { Executor } from '../../../db';
import { jobSettlement, type DeadLetterHandler, type Settle } from '../../job-settle';
import { latestTransitionData } from '../../store';
import type { ClosingFacts } from '../documents';
import { activeSigners, fullName } from '../../../modules/co-deed/store';
import type { ClosingAction } from '../steps';
import { closingOf, latestEvent, loadClosingSubject, moveClosing, type ClosingDeps } from '../store';

/** Employment types verified with an employer (the others have none to call). */
export const EMPLOYEE_TYPES: readonly TEmploymentType[] = ['FULL_TIME', 'PART_TIME'];
/** Income documents of the upload path (income/upload/{type}). */
export const INCOME_DOCUMENT_TYPES = ['USER_UPLOADED_PAYSTUB', 'W2', 'TAX_RETURN', 'BANK_STATEMENT'] as const;

export const HOUR_MS = 3_600_000;

export type Tx = Executor;

/** Dates travel through JSON payloads and audit data as ISO strings. */
export function revive<T>(value: unknown, dateKeys: readonly string[]): T {
  const copy = { ...(value as Record<string, unknown>) };
  for (const key of dateKeys) if (typeof copy[key] === 'string') copy[key] = new Date(copy[key] as string);
  return copy as T;
}

/**
 * The hard pull as recorded: it passed, or it limited the line and the borrower requalified at a
 * lower amount (the same report either way; the DTI on verified income and the valuation check use it).
 */
export async function hardPullFacts(
  db: Tx,
  applicationUuid: string,
): Promise<Record<string, unknown> | null> {
  return (
    (await latestTransitionData(db, applicationUuid, 'HARD_PULL_PASSED')) ??
    (await latestTransitionData(db, applicationUuid, 'HARD_PULL_CLTV_LIMITED'))
  );
}

/** The credit report a decision names (score, its factors and date): the hard pull's, as recorded. */
export function creditReportOf(hardPull: Record<string, unknown> | null): Record<string, unknown> {
  if (!hardPull) return {};
  const keys = ['pullId', 'kind', 'score', 'scoreFactors', 'pulledAt', 'declineIndicators'] as const;
  return Object.fromEntries(keys.filter((key) => key in hardPull).map((key) => [key, hardPull[key]]));
}

/** The additional authenticated data an account number is sealed under. */
export function accountContext(applicationUuid: string, purpose: string): string {
  return `application-account:${applicationUuid}:${purpose}`;
}

/** The property of record (the one found for the application). */
export async function propertyIdOf(deps: ClosingDeps, applicationUuid: string): Promise<string> {
  const found = await latestTransitionData(deps.db, applicationUuid, 'PROPERTY_FOUND');
  const propertyId = typeof found?.propertyId === 'string' ? found.propertyId : null;
  if (!propertyId) throw new Error('no property of record');
  return propertyId;
}

/** What the closing documents are made of: the borrower, the property, the line and its fees. */
export async function closingFacts(
  deps: ClosingDeps,
  applicationUuid: string,
): Promise<ClosingFacts & { identityUuid: string; email: string }> {
  const subject = await loadClosingSubject(deps, applicationUuid);
  const [offer] = await deps.db
    .select()
    .from(schema.applicationOffers)
    .where(
      and(
        eq(schema.applicationOffers.applicationUuid, applicationUuid),
        eq(schema.applicationOffers.selected, true),
      ),
    );
  if (!offer) throw new Error('closing documents without a selected offer');
  const closing = await closingOf(deps.db, applicationUuid);
  return {
    org: subject.org,
    loanNumber: subject.application.loanNumber,
    owners: [subject.fullName],
    otherOwners: (await activeSigners(deps.db, applicationUuid)).map(fullName),
    ownerIdentityUuid: subject.application.identityUuid,
    identityUuid: subject.application.identityUuid,
    email: subject.email,
    address: subject.address,
    lineAmountCents: subject.application.amountCents,
    rateBps: subject.application.rateBps,
    termYears: subject.application.termYears,
    originationFeeBps: offer.originationFeeBps,
    valuationFeeApplies: (await latestEvent(deps.db, applicationUuid, 'BPO_ORDERED')) !== null,
    manualNotaryApplies: closing.notaryMethod === 'MANUAL',
  };
}

export type ClosingJobContext = {
  deps: ClosingDeps;
  clock: ClosingDeps['clock'];
  providers: ClosingDeps['providers'];
  /** Applies a provider's outcome under the lock, only while the application still waits where the job was queued. */
  settle: Settle;
  /** The dead-letter handler of a job kind: attempts used up, the application moves by `action` (its *_TIMEOUT). */
  onDeadTo: (waitingStep: string, action: ClosingAction) => DeadLetterHandler;
};

export function closingJobContext(deps: ClosingDeps): ClosingJobContext {
  const { settle, onDeadTo } = jobSettlement<ClosingAction>(deps.db, {
    move: (tx, application, action, how) => moveClosing(tx, deps.clock, application, action, how),
    deadReason: 'provider did not answer',
  });
  return { deps, clock: deps.clock, providers: deps.providers, settle, onDeadTo };
}
