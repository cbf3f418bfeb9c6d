/**
 * The lender console's SQL: the pipeline page (one statement per page: filters, search, keyset
 * pagination and the open-condition count as a correlated sub-select), the application file's rows
 * and the timeline's audit entries. Who may see which rows is decided by the caller (service.ts,
 * through the staff policy); this file only applies the scope it is given.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  FINAL_APPLICATION_STEPS,
  stepsOfGroups,
  type TPipelineQuery,
  type TPipelineSort,
} from '@heloc/domain';
import { schema, type Executor } from '../../db';

const a = schema.helocApplications;
const p = schema.profiles;
const i = schema.identities;
const pa = schema.profileAddresses;
const lo = schema.loanOriginators;

/** Which applications a page may hold: an organisation (null: all) and, for a loan officer, their own. */
export type PipelineScope = {
  orgCode: string | null;
  /** Only applications referred by this originator; `NONE` when the member has no originator record. */
  assignedTo: string | 'NONE' | null;
};

/** The sort column of each order; uuid breaks ties, so (column, uuid) is unique and pages never overlap. */
const SORT_COLUMNS: Record<TPipelineSort, SQL> = {
  updatedAt: sql`${a.updatedAt}`,
  createdAt: sql`${a.createdAt}`,
  stepChangedAt: sql`${a.stepChangedAt}`,
  amount: sql`${a.amountCents}`,
  loanNumber: sql`${a.loanNumber}`,
};
/** How a cursor's text value is read back as the column's type. */
const SORT_CASTS: Record<TPipelineSort, SQL> = {
  updatedAt: sql`timestamptz`,
  createdAt: sql`timestamptz`,
  stepChangedAt: sql`timestamptz`,
  amount: sql`integer`,
  loanNumber: sql`text`,
};

export type Keyset = { value: string; uuid: string };

/** `%text%` for LIKE with the user's own `%`, `_` and `\` taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function startOfUtcDay(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00.000Z`);
}
function endOfUtcDay(isoDate: string): Date {
  return new Date(startOfUtcDay(isoDate).getTime() + 86_400_000);
}

export async function selectPipelinePage(
  db: Executor,
  scope: PipelineScope,
  query: TPipelineQuery,
  after: Keyset | null,
  now: Date,
) {
  const where: SQL[] = [];
  if (scope.orgCode !== null) where.push(eq(a.orgCode, scope.orgCode));
  if (scope.assignedTo === 'NONE') where.push(sql`false`);
  else if (scope.assignedTo !== null) where.push(eq(a.referrerUuid, scope.assignedTo));

  // Groups and steps together: the named steps that are in the named groups (an AND of both filters).
  let steps: Set<string> | null = query.group?.length ? new Set(stepsOfGroups(query.group)) : null;
  if (query.step?.length) {
    const inGroups = steps;
    steps = new Set(query.step.filter((step) => inGroups === null || inGroups.has(step)));
  }
  if (steps) where.push(steps.size > 0 ? inArray(a.step, [...steps]) : sql`false`);
  if (query.loanOfficer === 'none') where.push(isNull(a.referrerUuid));
  else if (query.loanOfficer) where.push(eq(a.referrerUuid, query.loanOfficer.toLowerCase()));
  if (query.state) where.push(eq(pa.state, query.state));
  if (query.createdFrom) where.push(sql`${a.createdAt} >= ${startOfUtcDay(query.createdFrom)}`);
  if (query.createdTo) where.push(sql`${a.createdAt} < ${endOfUtcDay(query.createdTo)}`);
  if (query.updatedFrom) where.push(sql`${a.updatedAt} >= ${startOfUtcDay(query.updatedFrom)}`);
  if (query.updatedTo) where.push(sql`${a.updatedAt} < ${endOfUtcDay(query.updatedTo)}`);
  if (query.stalledDays !== undefined) {
    const since = new Date(now.getTime() - query.stalledDays * 86_400_000);
    where.push(sql`${a.stepChangedAt} <= ${since}`);
    // A finished application is not stalled.
    where.push(
      sql`${a.step} not in (${sql.join(
        FINAL_APPLICATION_STEPS.map((step) => sql`${step}`),
        sql`, `,
      )})`,
    );
  }
  const openConditionExists = sql`exists (select 1 from ${schema.applicationConditions} c where c.application_uuid = ${a.uuid} and c.cleared_at is null)`;
  if (query.openConditions === true) where.push(openConditionExists);
  if (query.openConditions === false) where.push(sql`not ${openConditionExists}`);
  if (query.q) {
    const pattern = containsPattern(query.q.toLowerCase());
    const digits = query.q.replace(/\D/g, '');
    const matches: SQL[] = [
      sql`${i.email} like ${pattern}`,
      sql`lower(${p.firstName} || ' ' || ${p.lastName}) like ${pattern}`,
      sql`lower(${pa.street1} || ' ' || ${pa.city} || ' ' || ${pa.state} || ' ' || ${pa.zip}) like ${pattern}`,
    ];
    // A loan number is searched by its digits from the start (partial numbers as typed).
    if (digits.length >= 2 && digits === query.q.trim())
      matches.push(sql`${a.loanNumber} like ${`${digits}%`}`);
    where.push(or(...matches)!);
  }

  const column = SORT_COLUMNS[query.sort];
  if (after) {
    const value = sql`cast(${after.value} as ${SORT_CASTS[query.sort]})`;
    where.push(
      query.dir === 'desc'
        ? sql`(${column}, ${a.uuid}) < (${value}, ${after.uuid}::uuid)`
        : sql`(${column}, ${a.uuid}) > (${value}, ${after.uuid}::uuid)`,
    );
  }
  const order = query.dir === 'desc' ? desc : asc;

  return db
    .select({
      uuid: a.uuid,
      orgCode: a.orgCode,
      loanNumber: a.loanNumber,
      step: a.step,
      amountCents: a.amountCents,
      stepChangedAt: a.stepChangedAt,
      createdAt: a.createdAt,
      updatedAt: a.updatedAt,
      firstName: p.firstName,
      middleName: p.middleName,
      lastName: p.lastName,
      suffix: p.suffix,
      email: i.email,
      propertyState: pa.state,
      propertyCity: pa.city,
      loanOfficerUuid: lo.uuid,
      loanOfficerName: lo.originatorName,
      loanOfficerBroker: lo.brokerName,
      openConditions: sql<number>`(select count(*)::int from ${schema.applicationConditions} c where c.application_uuid = ${a.uuid} and c.cleared_at is null)`,
      // The sort value as exact text (timestamps keep their microseconds), for the next cursor.
      sortValue: sql<string>`(${column})::text`,
    })
    .from(a)
    .innerJoin(i, eq(i.uuid, a.identityUuid))
    .leftJoin(p, eq(p.identityUuid, a.identityUuid))
    .leftJoin(pa, eq(pa.uuid, a.selectedPropertyUuid))
    .leftJoin(lo, eq(lo.uuid, a.referrerUuid))
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(order(column), order(a.uuid))
    .limit(query.limit + 1);
}
export type PipelineRow = Awaited<ReturnType<typeof selectPipelinePage>>[number];

/** What the policy needs to decide on one application: its organisation and referring originator. */
export async function selectApplicationScope(db: Executor, uuid: string) {
  const [row] = await db
    .select({ orgCode: a.orgCode, referrerUuid: a.referrerUuid })
    .from(a)
    .where(eq(a.uuid, uuid));
  return row ?? null;
}

/** Every row of the application file (read after the policy allowed it). */
export async function selectApplicationFile(db: Executor, uuid: string) {
  const [head] = await db
    .select({
      application: a,
      profile: p,
      email: i.email,
      property: pa,
      loanOfficerUuid: lo.uuid,
      loanOfficerName: lo.originatorName,
      loanOfficerBroker: lo.brokerName,
    })
    .from(a)
    .innerJoin(i, eq(i.uuid, a.identityUuid))
    .leftJoin(p, eq(p.identityUuid, a.identityUuid))
    .leftJoin(pa, eq(pa.uuid, a.selectedPropertyUuid))
    .leftJoin(lo, eq(lo.uuid, a.referrerUuid))
    .where(eq(a.uuid, uuid));
  if (!head) return null;
  const byApplication = <T extends { applicationUuid: unknown }>(table: T) =>
    eq(table.applicationUuid as typeof a.uuid, uuid);
  const [phones, coOwners, liens, offers, consents, accounts, income, conditions, documents, events] =
    await Promise.all([
      db
        .select({ number: schema.profilePhoneNumbers.number, primary: schema.profilePhoneNumbers.primary })
        .from(schema.profilePhoneNumbers)
        .where(eq(schema.profilePhoneNumbers.identityUuid, head.application.identityUuid))
        .orderBy(desc(schema.profilePhoneNumbers.primary), asc(schema.profilePhoneNumbers.createdAt)),
      db
        .select()
        .from(schema.coDeedSigners)
        .where(byApplication(schema.coDeedSigners))
        .orderBy(asc(schema.coDeedSigners.invitedAt)),
      db
        .select()
        .from(schema.applicationLiens)
        .where(byApplication(schema.applicationLiens))
        .orderBy(asc(schema.applicationLiens.position)),
      db
        .select()
        .from(schema.applicationOffers)
        .where(and(byApplication(schema.applicationOffers), eq(schema.applicationOffers.selected, true))),
      db
        .select()
        .from(schema.applicationConsents)
        .where(byApplication(schema.applicationConsents))
        .orderBy(asc(schema.applicationConsents.createdAt)),
      // Never the sealed account number: the mask is all the file shows.
      db
        .select({
          purpose: schema.applicationAccounts.purpose,
          bankName: schema.applicationAccounts.bankName,
          accountType: schema.applicationAccounts.accountType,
          mask: schema.applicationAccounts.mask,
          verificationStatus: schema.applicationAccounts.verificationStatus,
        })
        .from(schema.applicationAccounts)
        .where(byApplication(schema.applicationAccounts))
        .orderBy(asc(schema.applicationAccounts.purpose)),
      db
        .select()
        .from(schema.applicationIncomeSources)
        .where(byApplication(schema.applicationIncomeSources))
        .orderBy(asc(schema.applicationIncomeSources.createdAt)),
      db
        .select()
        .from(schema.applicationConditions)
        .where(byApplication(schema.applicationConditions))
        .orderBy(asc(schema.applicationConditions.createdAt)),
      db
        .select()
        .from(schema.applicationDocuments)
        .where(byApplication(schema.applicationDocuments))
        .orderBy(asc(schema.applicationDocuments.createdAt)),
      // Provider facts (credit, valuation, underwriting) live in the audit entries' data (engine/store.ts).
      db
        .select({
          id: schema.applicationEvents.id,
          at: schema.applicationEvents.at,
          action: schema.applicationEvents.action,
          data: schema.applicationEvents.data,
        })
        .from(schema.applicationEvents)
        .where(
          and(
            byApplication(schema.applicationEvents),
            eq(schema.applicationEvents.kind, 'STEP_CHANGE'),
            sql`${schema.applicationEvents.data} <> '{}'::jsonb`,
          ),
        )
        .orderBy(desc(schema.applicationEvents.id)),
    ]);
  return { head, phones, coOwners, liens, offers, consents, accounts, income, conditions, documents, events };
}
export type ApplicationFileRows = NonNullable<Awaited<ReturnType<typeof selectApplicationFile>>>;

/** One document of the application (the staff download): the engine's own lookup. */
export { findApplicationDocument as selectDocument } from '../../engine/submission/repository';

/** The audit trail of one application, newest first, with the acting identity's e-mail. */
export async function selectTimeline(db: Executor, applicationUuid: string) {
  return db
    .select({
      id: schema.applicationEvents.id,
      at: schema.applicationEvents.at,
      actorType: schema.applicationEvents.actorType,
      actorEmail: i.email,
      kind: schema.applicationEvents.kind,
      action: schema.applicationEvents.action,
      fromStep: schema.applicationEvents.fromStep,
      toStep: schema.applicationEvents.toStep,
      reason: schema.applicationEvents.reason,
      data: schema.applicationEvents.data,
    })
    .from(schema.applicationEvents)
    .leftJoin(i, eq(i.uuid, schema.applicationEvents.actorUuid))
    .where(eq(schema.applicationEvents.applicationUuid, applicationUuid))
    .orderBy(desc(schema.applicationEvents.id))
    .limit(2000);
}

/** One condition of the application (read inside the application's lock). */
export async function selectCondition(db: Executor, applicationUuid: string, conditionUuid: string) {
  const [row] = await db
    .select()
    .from(schema.applicationConditions)
    .where(
      and(
        eq(schema.applicationConditions.applicationUuid, applicationUuid),
        eq(schema.applicationConditions.uuid, conditionUuid),
      ),
    );
  return row ?? null;
}

export type ConditionChange =
  | { kind: 'CLEARED'; at: Date; by: string; documentUuid: string; note: string | null }
  | { kind: 'WAIVED'; at: Date; by: string; reason: string }
  | { kind: 'REOPENED' };

export async function updateCondition(db: Executor, conditionUuid: string, change: ConditionChange) {
  const values =
    change.kind === 'REOPENED'
      ? {
          clearedAt: null,
          actionNeeded: true,
          resolution: null,
          resolvedByUuid: null,
          evidenceDocumentUuid: null,
          resolutionNote: null,
        }
      : {
          clearedAt: change.at,
          actionNeeded: false,
          resolution: change.kind,
          resolvedByUuid: change.by,
          evidenceDocumentUuid: change.kind === 'CLEARED' ? change.documentUuid : null,
          resolutionNote: change.kind === 'CLEARED' ? change.note : change.reason,
        };
  const [row] = await db
    .update(schema.applicationConditions)
    .set(values)
    .where(eq(schema.applicationConditions.uuid, conditionUuid))
    .returning();
  return row!;
}
