/** SQL of the work items (work-items.ts): the disbursement account and its bank review conditions. */
import { and, eq, isNull } from 'drizzle-orm';
import { schema, type Executor } from '../../db';

const accounts = schema.applicationAccounts;
const conditions = schema.applicationConditions;

export async function selectDisbursementAccount(db: Executor, applicationUuid: string) {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.applicationUuid, applicationUuid), eq(accounts.purpose, 'DISBURSEMENT')));
  return row ?? null;
}

export async function markAccountVerified(db: Executor, accountUuid: string) {
  await db.update(accounts).set({ verificationStatus: 'VERIFIED' }).where(eq(accounts.uuid, accountUuid));
}

/** The open bank-account review conditions the account check raised (the funding hold's). */
export async function selectOpenBankReviews(db: Executor, applicationUuid: string) {
  return db
    .select()
    .from(conditions)
    .where(
      and(
        eq(conditions.applicationUuid, applicationUuid),
        eq(conditions.category, 'BANK_ACCOUNT_FRAUD_REVIEW'),
        isNull(conditions.clearedAt),
      ),
    );
}

export async function selectApplicationRow(db: Executor, applicationUuid: string) {
  const [row] = await db
    .select()
    .from(schema.helocApplications)
    .where(eq(schema.helocApplications.uuid, applicationUuid));
  return row ?? null;
}
