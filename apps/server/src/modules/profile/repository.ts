/** SQL for profiles, their phone numbers and addresses. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { schema } from '../../db';

export async function insertProfile(db: Executor, values: typeof schema.profiles.$inferInsert) {
  const [row] = await db.insert(schema.profiles).values(values).returning();
  return row!;
}

export async function findProfile(db: Executor, identityUuid: string) {
  const [row] = await db.select().from(schema.profiles).where(eq(schema.profiles.identityUuid, identityUuid));
  return row ?? null;
}

export async function updateProfileName(
  db: Executor,
  identityUuid: string,
  name: { firstName: string; middleName: string | null; lastName: string; suffix: string | null },
) {
  await db
    .update(schema.profiles)
    .set({ ...name, updatedAt: sql`now()` })
    .where(eq(schema.profiles.identityUuid, identityUuid));
}

export async function listPhoneNumbers(db: Executor, identityUuid: string) {
  return db
    .select()
    .from(schema.profilePhoneNumbers)
    .where(eq(schema.profilePhoneNumbers.identityUuid, identityUuid))
    .orderBy(asc(schema.profilePhoneNumbers.createdAt));
}

/** Makes `number` the primary phone number, adding it when new. */
export async function setPrimaryPhoneNumber(db: Executor, identityUuid: string, number: string) {
  await db
    .update(schema.profilePhoneNumbers)
    .set({ primary: false })
    .where(eq(schema.profilePhoneNumbers.identityUuid, identityUuid));
  await db
    .insert(schema.profilePhoneNumbers)
    .values({ identityUuid, number, primary: true })
    .onConflictDoUpdate({
      target: [schema.profilePhoneNumbers.identityUuid, schema.profilePhoneNumbers.number],
      set: { primary: true },
    });
}

export async function listAddresses(db: Executor, identityUuid: string) {
  return db
    .select()
    .from(schema.profileAddresses)
    .where(eq(schema.profileAddresses.identityUuid, identityUuid))
    .orderBy(asc(schema.profileAddresses.createdAt));
}

export async function insertAddress(db: Executor, values: typeof schema.profileAddresses.$inferInsert) {
  const [row] = await db.insert(schema.profileAddresses).values(values).returning();
  return row!;
}
