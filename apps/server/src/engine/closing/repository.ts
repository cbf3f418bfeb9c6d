/**
 * The SQL of the closing routes (routes/: accounts, conditions, documents and signing, income,
 * notary, summary) and jobs (jobs/) that ../store.ts and ../conditions-store.ts do not already hold:
 * the route and job files call these and hold no query of their own. Executor first; no function
 * decides a step.
 */
import { and, asc, eq, gte } from 'drizzle-orm';
import type { TSigningLocation } from '@heloc/domain';
import type { Executor } from '../../db';
import { schema } from '../../db';
import type { DocumentRow } from './documents';

export type AccountRow = typeof schema.applicationAccounts.$inferSelect;
type AccountValues = Omit<typeof schema.applicationAccounts.$inferInsert, 'applicationUuid' | 'purpose'>;

/** Saves the application's account for `purpose` (DISBURSEMENT or AUTOPAY), replacing the one there; answers the row. */
export async function upsertAccount(
  db: Executor,
  applicationUuid: string,
  purpose: string,
  values: AccountValues,
): Promise<AccountRow> {
  const [row] = await db
    .insert(schema.applicationAccounts)
    .values({ applicationUuid, purpose, ...values })
    .onConflictDoUpdate({
      target: [schema.applicationAccounts.applicationUuid, schema.applicationAccounts.purpose],
      set: values,
    })
    .returning();
  return row!;
}

/** Removes the application's account for `purpose`. */
export async function deleteAccount(db: Executor, applicationUuid: string, purpose: string): Promise<void> {
  await db
    .delete(schema.applicationAccounts)
    .where(
      and(
        eq(schema.applicationAccounts.applicationUuid, applicationUuid),
        eq(schema.applicationAccounts.purpose, purpose),
      ),
    );
}

/** The application's accounts for `purpose` (oldest first), or all of them without one. */
export async function listAccounts(
  db: Executor,
  applicationUuid: string,
  purpose?: string,
): Promise<AccountRow[]> {
  return db
    .select()
    .from(schema.applicationAccounts)
    .where(
      and(
        eq(schema.applicationAccounts.applicationUuid, applicationUuid),
        purpose ? eq(schema.applicationAccounts.purpose, purpose) : undefined,
      ),
    )
    .orderBy(asc(schema.applicationAccounts.createdAt));
}

export type ConditionRow = typeof schema.applicationConditions.$inferSelect;

/** One of the application's conditions (cleared or not), or null. */
export async function findCondition(
  db: Executor,
  applicationUuid: string,
  conditionUuid: string,
): Promise<ConditionRow | null> {
  const [condition] = await db
    .select()
    .from(schema.applicationConditions)
    .where(
      and(
        eq(schema.applicationConditions.uuid, conditionUuid),
        eq(schema.applicationConditions.applicationUuid, applicationUuid),
      ),
    );
  return condition ?? null;
}

/** Changes a condition; answers the row. */
export async function updateCondition(
  db: Executor,
  conditionUuid: string,
  values: Partial<typeof schema.applicationConditions.$inferInsert>,
): Promise<ConditionRow | undefined> {
  const [row] = await db
    .update(schema.applicationConditions)
    .set(values)
    .where(eq(schema.applicationConditions.uuid, conditionUuid))
    .returning();
  return row;
}

/** Every signature given on the application's documents. */
export async function listSignatures(db: Executor, applicationUuid: string) {
  return db
    .select()
    .from(schema.applicationSignatures)
    .where(eq(schema.applicationSignatures.applicationUuid, applicationUuid));
}

/** The verified income sources. */
export async function listIncomeSources(db: Executor, applicationUuid: string) {
  return db
    .select()
    .from(schema.applicationIncomeSources)
    .where(eq(schema.applicationIncomeSources.applicationUuid, applicationUuid));
}

/** When the application's audit entries named `action` were written since `since`, oldest first. */
export async function actionTimesSince(
  db: Executor,
  applicationUuid: string,
  action: string,
  since: Date,
): Promise<Date[]> {
  const rows = await db
    .select({ at: schema.applicationEvents.at })
    .from(schema.applicationEvents)
    .where(
      and(
        eq(schema.applicationEvents.applicationUuid, applicationUuid),
        eq(schema.applicationEvents.action, action),
        gte(schema.applicationEvents.at, since),
      ),
    )
    .orderBy(asc(schema.applicationEvents.at));
  return rows.map((row) => row.at);
}

/**
 * Lists stored documents on the application (the closing package, the re-issued notices of right to
 * cancel): the rows storeGenerated answered, inserted by the job in its locked transaction.
 */
export async function insertDocuments(
  db: Executor,
  rows: (typeof schema.applicationDocuments.$inferInsert)[],
): Promise<void> {
  await db.insert(schema.applicationDocuments).values(rows);
}

/**
 * Records one e-signature (the borrower's or an additional signer's): the E-SIGN consent version, the
 * scroll-to-the-end acknowledgement, the document's hash as signed, and where the signer was when
 * their browser shared it. The caller checks the document is theirs to sign and not signed yet.
 */
export async function recordSignature(
  db: Executor,
  signature: {
    applicationUuid: string;
    document: Pick<DocumentRow, 'uuid' | 'sha256'>;
    signerIdentityUuid: string;
    esignConsentVersion: string;
    location: TSigningLocation | undefined;
    signedAt: Date;
  },
): Promise<void> {
  await db.insert(schema.applicationSignatures).values({
    applicationUuid: signature.applicationUuid,
    documentUuid: signature.document.uuid,
    signerIdentityUuid: signature.signerIdentityUuid,
    esignConsentVersion: signature.esignConsentVersion,
    scrolledToBottom: true,
    documentSha256: signature.document.sha256,
    signedAt: signature.signedAt,
    latitude: signature.location?.latitude ?? null,
    longitude: signature.location?.longitude ?? null,
    locationAccuracyMeters: signature.location?.accuracyMeters ?? null,
  });
}
