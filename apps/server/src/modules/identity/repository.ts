/** SQL for identities and sign-in sessions. */
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { schema } from '../../db';
import { writeEvents } from '../../lib/write-events';

export type IdentityRow = typeof schema.identities.$inferSelect;

export async function findIdentityByEmail(db: Executor, email: string): Promise<IdentityRow | null> {
  const [row] = await db
    .select()
    .from(schema.identities)
    .where(eq(schema.identities.email, email.toLowerCase()));
  return row ?? null;
}

export async function findIdentity(db: Executor, uuid: string): Promise<IdentityRow | null> {
  const [row] = await db.select().from(schema.identities).where(eq(schema.identities.uuid, uuid));
  return row ?? null;
}

export async function insertIdentity(
  db: Executor,
  values: typeof schema.identities.$inferInsert,
): Promise<IdentityRow> {
  const [row] = await db.insert(schema.identities).values(values).returning();
  return row!;
}

export async function updateIdentity(
  db: Executor,
  uuid: string,
  values: Partial<typeof schema.identities.$inferInsert>,
): Promise<IdentityRow> {
  const [row] = await db
    .update(schema.identities)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(schema.identities.uuid, uuid))
    .returning();
  return row!;
}

export async function insertSession(
  db: Executor,
  values: { identityUuid: string; fingerprintHash: string; expiresAt: Date },
) {
  const [row] = await db.insert(schema.authSessions).values(values).returning();
  return row!;
}

/** The session when it is still live (not revoked, not past its absolute expiry). */
export async function findLiveSession(db: Executor, uuid: string) {
  const [row] = await db
    .select()
    .from(schema.authSessions)
    .where(
      and(
        eq(schema.authSessions.uuid, uuid),
        isNull(schema.authSessions.revokedAt),
        gt(schema.authSessions.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

/** The live session a fingerprint cookie belongs to, with what a request context needs. */
export async function findLiveSessionByFingerprint(db: Executor, fingerprintHash: string) {
  const [row] = await db
    .select({
      sessionUuid: schema.authSessions.uuid,
      identityUuid: schema.authSessions.identityUuid,
      orgCode: schema.identities.organizationCode,
      profileType: schema.identities.profileType,
      expiresAt: schema.authSessions.expiresAt,
    })
    .from(schema.authSessions)
    .innerJoin(schema.identities, eq(schema.identities.uuid, schema.authSessions.identityUuid))
    .where(
      and(
        eq(schema.authSessions.fingerprintHash, fingerprintHash),
        isNull(schema.authSessions.revokedAt),
        gt(schema.authSessions.expiresAt, sql`now()`),
      ),
    );
  return row ?? null;
}

export async function revokeSession(db: Executor, uuid: string): Promise<void> {
  await db
    .update(schema.authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(schema.authSessions.uuid, uuid), isNull(schema.authSessions.revokedAt)));
  writeEvents.emit('sessionsRevoked', { sessionUuid: uuid });
}

/** Ends every other sign-in of the identity (after a password change). */
export async function revokeOtherSessions(
  db: Executor,
  identityUuid: string,
  keepUuid: string,
): Promise<void> {
  await db
    .update(schema.authSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(schema.authSessions.identityUuid, identityUuid),
        ne(schema.authSessions.uuid, keepUuid),
        isNull(schema.authSessions.revokedAt),
      ),
    );
  writeEvents.emit('sessionsRevoked', { identityUuid, exceptSessionUuid: keepUuid });
}

/** Ends every sign-in of the identity (a staff account disabled). */
export async function revokeAllSessions(db: Executor, identityUuid: string): Promise<void> {
  await db
    .update(schema.authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(schema.authSessions.identityUuid, identityUuid), isNull(schema.authSessions.revokedAt)));
  writeEvents.emit('sessionsRevoked', { identityUuid, exceptSessionUuid: '' });
}
