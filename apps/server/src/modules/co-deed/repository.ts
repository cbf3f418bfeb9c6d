/**
 * The SQL of the co-owner routes (routes/: primary, link, signer, staff, shared): they call these
 * and hold no query of their own. Executor first; the signer rules (who may act, when) stay in the
 * routes and ./store.ts.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db';
import { schema } from '../../db';
import type { ApplicationRow } from '../../workflow/step-machine';
import type { SignerRow } from './store';

export { findApplication } from '../../engine/repository';

/** The identity's application `uuid` (or, without one, its newest), or null. */
export async function findOwnApplication(
  db: Executor,
  identityUuid: string,
  uuid: string | undefined,
): Promise<ApplicationRow | null> {
  const [application] = await db
    .select()
    .from(schema.helocApplications)
    .where(
      and(
        eq(schema.helocApplications.identityUuid, identityUuid),
        uuid ? eq(schema.helocApplications.uuid, uuid) : undefined,
      ),
    )
    .orderBy(desc(schema.helocApplications.createdAt))
    .limit(1);
  return application ?? null;
}

/** The sign-in e-mail of an identity, or null. */
export async function findIdentityEmail(db: Executor, identityUuid: string): Promise<string | null> {
  const [row] = await db
    .select({ email: schema.identities.email })
    .from(schema.identities)
    .where(eq(schema.identities.uuid, identityUuid));
  return row?.email ?? null;
}

/** The first and last name on a profile, or null. */
export async function findProfileName(db: Executor, identityUuid: string) {
  const [profile] = await db
    .select({ firstName: schema.profiles.firstName, lastName: schema.profiles.lastName })
    .from(schema.profiles)
    .where(eq(schema.profiles.identityUuid, identityUuid));
  return profile ?? null;
}

/** Writes a signer's name and birth date on their profile. */
export async function updateSignerProfile(
  db: Executor,
  identityUuid: string,
  values: { firstName: string; lastName: string; dob: string },
): Promise<void> {
  await db.update(schema.profiles).set(values).where(eq(schema.profiles.identityUuid, identityUuid));
}

/** An address by id, or null. */
export async function findAddress(db: Executor, uuid: string) {
  const [property] = await db
    .select()
    .from(schema.profileAddresses)
    .where(eq(schema.profileAddresses.uuid, uuid));
  return property ?? null;
}

/** Adds an invited signer; answers the row. */
export async function insertSigner(
  db: Executor,
  values: typeof schema.coDeedSigners.$inferInsert,
): Promise<SignerRow> {
  const [row] = await db.insert(schema.coDeedSigners).values(values).returning();
  return row!;
}

/** Changes a signer row (stamping `updatedAt`); answers the row. */
export async function updateSigner(
  db: Executor,
  uuid: string,
  values: Partial<typeof schema.coDeedSigners.$inferInsert>,
  now: Date,
): Promise<SignerRow> {
  const [row] = await db
    .update(schema.coDeedSigners)
    .set({ ...values, updatedAt: now })
    .where(eq(schema.coDeedSigners.uuid, uuid))
    .returning();
  return row!;
}

/** One signer of the application, or null. */
export async function findApplicationSigner(
  db: Executor,
  applicationUuid: string,
  signerUuid: string,
): Promise<SignerRow | null> {
  const [signer] = await db
    .select()
    .from(schema.coDeedSigners)
    .where(
      and(
        eq(schema.coDeedSigners.uuid, signerUuid),
        eq(schema.coDeedSigners.applicationUuid, applicationUuid),
      ),
    );
  return signer ?? null;
}

/** The application's cancelled signers. */
export async function listCancelledSigners(db: Executor, applicationUuid: string): Promise<SignerRow[]> {
  return db
    .select()
    .from(schema.coDeedSigners)
    .where(
      and(
        eq(schema.coDeedSigners.applicationUuid, applicationUuid),
        eq(schema.coDeedSigners.status, 'CANCELLED'),
      ),
    );
}

/** Every signer record of a CO_DEEDER identity, newest invitation first. */
export async function listSignersOfIdentity(db: Executor, identityUuid: string): Promise<SignerRow[]> {
  return db
    .select()
    .from(schema.coDeedSigners)
    .where(eq(schema.coDeedSigners.identityUuid, identityUuid))
    .orderBy(desc(schema.coDeedSigners.invitedAt));
}

/** The signer whose invitation link hashes to `tokenHash`, or null. */
export async function findSignerByTokenHash(db: Executor, tokenHash: string): Promise<SignerRow | null> {
  const [signer] = await db
    .select()
    .from(schema.coDeedSigners)
    .where(eq(schema.coDeedSigners.tokenHash, tokenHash));
  return signer ?? null;
}

/** A signer with the organisation of its application (the staff policy scopes by it), or null. */
export async function findSignerWithOrg(db: Executor, signerUuid: string) {
  const [found] = await db
    .select({ signer: schema.coDeedSigners, orgCode: schema.helocApplications.orgCode })
    .from(schema.coDeedSigners)
    .innerJoin(
      schema.helocApplications,
      eq(schema.helocApplications.uuid, schema.coDeedSigners.applicationUuid),
    )
    .where(eq(schema.coDeedSigners.uuid, signerUuid));
  return found ?? null;
}

/** The application's documents owned by one identity (a signer's own notices and uploads). */
export async function listDocumentsOwnedBy(db: Executor, applicationUuid: string, identityUuid: string) {
  return db
    .select()
    .from(schema.applicationDocuments)
    .where(
      and(
        eq(schema.applicationDocuments.applicationUuid, applicationUuid),
        eq(schema.applicationDocuments.ownerIdentityUuid, identityUuid),
      ),
    );
}

/** The signatures one identity gave on the application's documents. */
export async function listSignaturesBy(db: Executor, applicationUuid: string, identityUuid: string) {
  return db
    .select()
    .from(schema.applicationSignatures)
    .where(
      and(
        eq(schema.applicationSignatures.applicationUuid, applicationUuid),
        eq(schema.applicationSignatures.signerIdentityUuid, identityUuid),
      ),
    );
}
