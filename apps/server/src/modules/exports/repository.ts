/**
 * The exports' SQL (HMDA LAR): the applications whose final action fell in a period, with their
 * borrower, property and loan officer, and the audit entries and liens the LAR fields come from.
 * Three statements per export, whatever the number of applications.
 */
import { and, asc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { schema, type Executor } from '../../db';

const a = schema.helocApplications;
const e = schema.applicationEvents;

/** Final steps that are a HMDA action (COMPLETE: funded; DECLINED; CANCELLED once submitted). */
export const HMDA_FINAL_STEPS = ['COMPLETE', 'DECLINED', 'CANCELLED'] as const;

/**
 * The organisation's applications whose step change into their final step happened in [from, to)
 * (UTC). A cancellation before the borrower submitted is no HMDA application (nothing was asked
 * of the lender), so CANCELLED counts only with `submitted_at`.
 */
export async function selectReportableApplications(db: Executor, orgCode: string, from: Date, to: Date) {
  const finalEvent = db
    .select({
      applicationUuid: e.applicationUuid,
      at: sql<Date>`max(${e.at})`.as('final_at'),
    })
    .from(e)
    .where(and(eq(e.kind, 'STEP_CHANGE'), inArray(e.toStep, [...HMDA_FINAL_STEPS])))
    .groupBy(e.applicationUuid)
    .as('final_event');
  return db
    .select({
      uuid: a.uuid,
      loanNumber: a.loanNumber,
      step: a.step,
      createdAt: a.createdAt,
      submittedAt: a.submittedAt,
      finalAt: finalEvent.at,
      amountCents: a.amountCents,
      uwCalculatedDrawAmountCents: a.uwCalculatedDrawAmountCents,
      rateBps: a.rateBps,
      termYears: a.termYears,
      statedAnnualIncomeCents: a.statedAnnualIncomeCents,
      hmda: a.hmda,
      statusFlags: a.statusFlags,
      dob: schema.profiles.dob,
      street1: schema.profileAddresses.street1,
      city: schema.profileAddresses.city,
      state: schema.profileAddresses.state,
      zip: schema.profileAddresses.zip,
      originatorNmls: schema.loanOriginators.nmls,
    })
    .from(a)
    .innerJoin(finalEvent, eq(finalEvent.applicationUuid, a.uuid))
    .leftJoin(schema.profiles, eq(schema.profiles.identityUuid, a.identityUuid))
    .leftJoin(schema.profileAddresses, eq(schema.profileAddresses.uuid, a.selectedPropertyUuid))
    .leftJoin(schema.loanOriginators, eq(schema.loanOriginators.uuid, a.referrerUuid))
    .where(
      and(
        eq(a.orgCode, orgCode),
        inArray(a.step, [...HMDA_FINAL_STEPS]),
        or(inArray(a.step, ['COMPLETE', 'DECLINED']), isNotNull(a.submittedAt)),
        gte(finalEvent.at, from),
        lt(finalEvent.at, to),
      ),
    )
    .orderBy(asc(finalEvent.at), asc(a.loanNumber));
}
export type ReportableRow = Awaited<ReturnType<typeof selectReportableApplications>>[number];

/** The applications' audit entries, oldest first (the facts are the newest of each kind). */
export async function selectEventsOf(db: Executor, applicationUuids: string[]) {
  if (applicationUuids.length === 0) return [];
  return db
    .select({
      applicationUuid: e.applicationUuid,
      actorType: e.actorType,
      kind: e.kind,
      action: e.action,
      toStep: e.toStep,
      reason: e.reason,
      data: e.data,
    })
    .from(e)
    .where(inArray(e.applicationUuid, applicationUuids))
    .orderBy(asc(e.id));
}

/** Which of the applications have a lien ahead of the line (a subordinate lien then). */
export async function selectApplicationsWithLiens(
  db: Executor,
  applicationUuids: string[],
): Promise<Set<string>> {
  if (applicationUuids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ applicationUuid: schema.applicationLiens.applicationUuid })
    .from(schema.applicationLiens)
    .where(inArray(schema.applicationLiens.applicationUuid, applicationUuids));
  return new Set(rows.map((row) => row.applicationUuid));
}
