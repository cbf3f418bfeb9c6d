/** SQL for identities and sign-in sessions. */
import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
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

// ---- Password reset links (issue 19) ----------------------------------------------------------

export type PasswordResetRow = typeof schema.passwordResetTokens.$inferSelect;

/** Stores a new reset link (its hash); earlier open links of the identity stop working (only the newest counts). */
export async function replacePasswordResetToken(
  tx: Executor,
  values: { identityUuid: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await tx
    .update(schema.passwordResetTokens)
    .set({ usedAt: values.createdAt })
    .where(
      and(
        eq(schema.passwordResetTokens.identityUuid, values.identityUuid),
        isNull(schema.passwordResetTokens.usedAt),
      ),
    );
  await tx.insert(schema.passwordResetTokens).values(values);
}

/** How many reset links the identity was sent since `since`. */
export async function countPasswordResetTokensSince(
  db: Executor,
  identityUuid: string,
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ sent: count() })
    .from(schema.passwordResetTokens)
    .where(
      and(
        eq(schema.passwordResetTokens.identityUuid, identityUuid),
        gt(schema.passwordResetTokens.createdAt, since),
      ),
    );
  return row?.sent ?? 0;
}

/** The unused, unexpired reset link whose token hashes to `tokenHash`, or null. */
export async function findOpenPasswordResetToken(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<PasswordResetRow | null> {
  const [row] = await db
    .select()
    .from(schema.passwordResetTokens)
    .where(
      and(
        eq(schema.passwordResetTokens.tokenHash, tokenHash),
        isNull(schema.passwordResetTokens.usedAt),
        gt(schema.passwordResetTokens.expiresAt, now),
      ),
    );
  return row ?? null;
}

/** Consumes a reset link unless it already was used; false when another request used it first. */
export async function consumePasswordResetToken(tx: Executor, uuid: string, now: Date): Promise<boolean> {
  const used = await tx
    .update(schema.passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(schema.passwordResetTokens.uuid, uuid), isNull(schema.passwordResetTokens.usedAt)))
    .returning({ uuid: schema.passwordResetTokens.uuid });
  return used.length > 0;
}

export type IdentityAuditAction = 'PASSWORD_RESET_REQUESTED' | 'PASSWORD_RESET';

/** Appends an account security event (never updated or deleted by the application). */
export async function recordIdentityAudit(
  db: Executor,
  entry: {
    at: Date;
    action: IdentityAuditAction;
    identityUuid: string | null;
    email: string;
    orgCode: string | null;
    ipAddress: string | null;
    data?: Record<string, unknown>;
  },
): Promise<void> {
  await db.insert(schema.identityAuditEvents).values({ ...entry, data: entry.data ?? {} });
}

export async function listIdentityAudit(db: Executor, email: string) {
  return db
    .select()
    .from(schema.identityAuditEvents)
    .where(eq(schema.identityAuditEvents.email, email.toLowerCase()))
    .orderBy(schema.identityAuditEvents.id);
}
