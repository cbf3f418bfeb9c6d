/**
 * The SQL of the submission segment's routes (more info → HMDA → summary, assets, requalification,
 * documents) and jobs (the generated documents' listing): the route and job files call these and
 * hold no query of their own. Executor first (a transaction under the application lock); no
 * function decides a step.
 */
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Executor } from '../../db';
import { schema } from '../../db';
import { setPrimaryPhoneNumber } from '../../modules/profile/repository';
import type { StoredDocument } from './documents';
import { latestMatchingEvent } from '../../workflow/audit';

type ApplicationUpdate = Partial<typeof schema.helocApplications.$inferInsert>;

/** Writes columns of the application row (the caller holds its lock). */
export async function updateApplication(
  db: Executor,
  applicationUuid: string,
  values: ApplicationUpdate,
): Promise<void> {
  await db
    .update(schema.helocApplications)
    .set(values)
    .where(eq(schema.helocApplications.uuid, applicationUuid));
}

/** The borrower's e-mail and SSN as kept (sealed value and last 4). */
export async function findContactAndSsn(db: Executor, identityUuid: string) {
  const [row] = await db
    .select({
      email: schema.identities.email,
      hasSsn: schema.profiles.hasSsn,
      ssnLast4: schema.profiles.ssnLast4,
      ssnEncrypted: schema.profiles.ssnEncrypted,
    })
    .from(schema.identities)
    .innerJoin(schema.profiles, eq(schema.profiles.identityUuid, schema.identities.uuid))
    .where(eq(schema.identities.uuid, identityUuid));
  return row;
}

/** The borrower's primary phone number (the newest when none is primary), or null. */
export async function findPrimaryPhoneNumber(db: Executor, identityUuid: string): Promise<string | null> {
  const [phone] = await db
    .select({ number: schema.profilePhoneNumbers.number })
    .from(schema.profilePhoneNumbers)
    .where(eq(schema.profilePhoneNumbers.identityUuid, identityUuid))
    .orderBy(desc(schema.profilePhoneNumbers.primary), desc(schema.profilePhoneNumbers.createdAt))
    .limit(1);
  return phone?.number ?? null;
}

/** Whether the borrower has any phone number on file. */
export async function hasPhoneNumber(db: Executor, identityUuid: string): Promise<boolean> {
  const [phone] = await db
    .select({ uuid: schema.profilePhoneNumbers.uuid })
    .from(schema.profilePhoneNumbers)
    .where(eq(schema.profilePhoneNumbers.identityUuid, identityUuid))
    .limit(1);
  return phone !== undefined;
}

/** The ownership recorded on an address (null when none or no such address). */
export async function findAddressOwnership(db: Executor, addressUuid: string): Promise<string | null> {
  const [property] = await db
    .select({ ownership: schema.profileAddresses.ownership })
    .from(schema.profileAddresses)
    .where(eq(schema.profileAddresses.uuid, addressUuid));
  return property?.ownership ?? null;
}

/** Records the ownership of one of the borrower's own addresses. */
export async function setAddressOwnership(
  db: Executor,
  identityUuid: string,
  addressUuid: string,
  ownership: string,
): Promise<void> {
  await db
    .update(schema.profileAddresses)
    .set({ ownership })
    .where(
      and(
        eq(schema.profileAddresses.uuid, addressUuid),
        eq(schema.profileAddresses.identityUuid, identityUuid),
      ),
    );
}

/** Whether the audit trail holds any `action` for the application. */
export async function hasEvent(db: Executor, applicationUuid: string, action: string): Promise<boolean> {
  const [saved] = await db
    .select({ id: schema.applicationEvents.id })
    .from(schema.applicationEvents)
    .where(
      and(
        eq(schema.applicationEvents.applicationUuid, applicationUuid),
        eq(schema.applicationEvents.action, action),
      ),
    )
    .limit(1);
  return saved !== undefined;
}

/** Whether another identity already signs in with `email` (lower-cased). */
export async function isEmailUsedByAnother(
  db: Executor,
  email: string,
  identityUuid: string,
): Promise<boolean> {
  const [taken] = await db
    .select({ uuid: schema.identities.uuid })
    .from(schema.identities)
    .where(and(eq(schema.identities.email, email), ne(schema.identities.uuid, identityUuid)));
  return taken !== undefined;
}

/** Saves the contact step: the e-mail replaces the account e-mail, the phone becomes the only primary one. */
export async function saveContact(
  db: Executor,
  identityUuid: string,
  input: { email: string; phoneNumber: string },
): Promise<void> {
  await db
    .update(schema.identities)
    .set({ email: input.email })
    .where(eq(schema.identities.uuid, identityUuid));
  await setPrimaryPhoneNumber(db, identityUuid, input.phoneNumber);
}

/** The borrower's sealed SSN, or null when none is on file. */
export async function findSealedSsn(db: Executor, identityUuid: string): Promise<string | null> {
  const [profile] = await db
    .select({ ssnEncrypted: schema.profiles.ssnEncrypted })
    .from(schema.profiles)
    .where(eq(schema.profiles.identityUuid, identityUuid));
  return profile?.ssnEncrypted ?? null;
}

/** The application summary document (id and content hash), when generated. */
export async function findSummaryDocument(db: Executor, applicationUuid: string) {
  const [summary] = await db
    .select({ uuid: schema.applicationDocuments.uuid, sha256: schema.applicationDocuments.sha256 })
    .from(schema.applicationDocuments)
    .where(
      and(
        eq(schema.applicationDocuments.applicationUuid, applicationUuid),
        eq(schema.applicationDocuments.type, 'APPLICATION_SUMMARY'),
      ),
    );
  return summary;
}

/** One document of the application, or null. */
export async function findApplicationDocument(db: Executor, applicationUuid: string, documentUuid: string) {
  const [row] = await db
    .select()
    .from(schema.applicationDocuments)
    .where(
      and(
        eq(schema.applicationDocuments.applicationUuid, applicationUuid),
        eq(schema.applicationDocuments.uuid, documentUuid),
      ),
    );
  return row ?? null;
}

/** The data of the latest step change into `toStep`, or null. */
export async function latestEntryInto(
  db: Executor,
  applicationUuid: string,
  toStep: string,
): Promise<Record<string, unknown> | null> {
  return (await latestMatchingEvent(db, applicationUuid, { toStep, stepChangesOnly: true }))?.data ?? null;
}

/**
 * Lists `documents` on the application, replacing earlier generated documents of the same types
 * (a regenerated summary supersedes the old one; uploads are other types and stay).
 */
export async function listOnApplication(
  tx: Executor,
  applicationUuid: string,
  documents: readonly StoredDocument[],
  createdAt: Date,
): Promise<void> {
  if (documents.length === 0) return;
  const types = [...new Set(documents.map((each) => each.type))];
  await tx
    .delete(schema.applicationDocuments)
    .where(
      and(
        eq(schema.applicationDocuments.applicationUuid, applicationUuid),
        inArray(schema.applicationDocuments.type, types),
      ),
    );
  await tx.insert(schema.applicationDocuments).values(
    documents.map((each) => ({
      uuid: each.uuid,
      applicationUuid,
      type: each.type,
      fileKey: each.fileKey,
      fileName: each.fileName,
      contentType: each.contentType,
      sizeBytes: each.sizeBytes,
      sha256: each.sha256,
      createdAt,
    })),
  );
}
