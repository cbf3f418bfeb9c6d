/** SQL for loan originators (loan officers and brokers) and the applications that name one. */
import { and, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { TSettingsLoanOfficer } from '@heloc/domain';
import type { Executor } from '../../db';
import { schema } from '../../db';

export type LoanOriginatorRow = typeof schema.loanOriginators.$inferSelect;
export type NewLoanOriginator = typeof schema.loanOriginators.$inferInsert;

export async function findLoanOriginator(db: Executor, uuid: string): Promise<LoanOriginatorRow | null> {
  const [row] = await db.select().from(schema.loanOriginators).where(eq(schema.loanOriginators.uuid, uuid));
  return row ?? null;
}

/** Every originator (the settings turn them into each organisation's loan officer list). */
export async function listAllLoanOriginators(db: Executor): Promise<LoanOriginatorRow[]> {
  return db
    .select()
    .from(schema.loanOriginators)
    .orderBy(schema.loanOriginators.createdAt, schema.loanOriginators.uuid);
}

/** Of these ids, those that belong to another organisation (a document may not take them over). */
export async function originatorsOfOtherOrganisations(
  db: Executor,
  orgCode: string,
  uuids: readonly string[],
): Promise<string[]> {
  if (uuids.length === 0) return [];
  const rows = await db
    .select({ uuid: schema.loanOriginators.uuid })
    .from(schema.loanOriginators)
    .where(
      and(inArray(schema.loanOriginators.uuid, [...uuids]), ne(schema.loanOriginators.orgCode, orgCode)),
    );
  return rows.map((row) => row.uuid);
}

/**
 * An organisation's loan officers as a published settings document lists them: each written (a new
 * one inserted), and one of the organisation's rows the document no longer lists deactivated — a row
 * is never deleted, applications name it. The avatar and title stay as they were.
 */
export async function setOrgLoanOfficers(
  db: Executor,
  orgCode: string,
  officers: readonly TSettingsLoanOfficer[],
): Promise<void> {
  const lo = schema.loanOriginators;
  if (officers.length > 0)
    await db
      .insert(lo)
      .values(officers.map((officer) => ({ ...officer, uuid: officer.uuid.toLowerCase(), orgCode })))
      .onConflictDoUpdate({
        target: lo.uuid,
        set: {
          originatorName: sql`excluded.originator_name`,
          brokerName: sql`excluded.broker_name`,
          nmls: sql`excluded.nmls`,
          email: sql`excluded.email`,
          phoneNumber: sql`excluded.phone_number`,
          active: sql`excluded.active`,
          updatedAt: sql`now()`,
        },
        // Never another organisation's row (the service refuses such a document first).
        setWhere: eq(lo.orgCode, orgCode),
      });
  const listed = officers.map((officer) => officer.uuid.toLowerCase());
  await db
    .update(lo)
    .set({ active: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(lo.orgCode, orgCode),
        eq(lo.active, true),
        ...(listed.length > 0 ? [notInArray(lo.uuid, listed)] : []),
      ),
    );
}

/** Inserts the originators that do not exist yet; existing rows (maybe edited by staff) stay as they are. */
export async function insertMissingLoanOriginators(
  db: Executor,
  rows: readonly NewLoanOriginator[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(schema.loanOriginators)
    .values([...rows])
    .onConflictDoNothing({ target: schema.loanOriginators.uuid });
}

/**
 * Names `referrerUuid` as the referrer of the identity's applications in `orgCode` that have none;
 * answers how many changed. An application whose referrer was set (or changed) keeps it.
 */
export async function assignMissingReferrer(
  db: Executor,
  input: { email: string; orgCode: string; referrerUuid: string },
): Promise<number> {
  const owners = db
    .select({ uuid: schema.identities.uuid })
    .from(schema.identities)
    .where(eq(schema.identities.email, input.email.toLowerCase()));
  const rows = await db
    .update(schema.helocApplications)
    .set({ referrerUuid: input.referrerUuid })
    .where(
      and(
        inArray(schema.helocApplications.identityUuid, owners),
        eq(schema.helocApplications.orgCode, input.orgCode),
        isNull(schema.helocApplications.referrerUuid),
      ),
    )
    .returning({ uuid: schema.helocApplications.uuid });
  return rows.length;
}
