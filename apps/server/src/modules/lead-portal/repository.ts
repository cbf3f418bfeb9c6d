/** SQL for loan originators (loan officers and brokers) and the applications that name one. */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor } from '../../db';
import { schema } from '../../db';

export type LoanOriginatorRow = typeof schema.loanOriginators.$inferSelect;
export type NewLoanOriginator = typeof schema.loanOriginators.$inferInsert;

export async function findLoanOriginator(db: Executor, uuid: string): Promise<LoanOriginatorRow | null> {
  const [row] = await db.select().from(schema.loanOriginators).where(eq(schema.loanOriginators.uuid, uuid));
  return row ?? null;
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
