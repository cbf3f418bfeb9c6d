/** SQL for wallet accounts (read from identities and profiles) and their notifications. */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db';
import { schema } from '../../db';

export type NotificationRow = typeof schema.notifications.$inferSelect;

/** What the wallet account is made of: the identity's addresses, e-mail and profile name. */
export async function findWalletOwner(db: Executor, identityUuid: string) {
  const [row] = await db
    .select({
      email: schema.identities.email,
      accountAddress: schema.identities.walletAccountAddress,
      groupPolicyAddress: schema.identities.walletGroupPolicyAddress,
      firstName: schema.profiles.firstName,
      middleName: schema.profiles.middleName,
      lastName: schema.profiles.lastName,
      suffix: schema.profiles.suffix,
    })
    .from(schema.identities)
    .leftJoin(schema.profiles, eq(schema.profiles.identityUuid, schema.identities.uuid))
    .where(eq(schema.identities.uuid, identityUuid));
  return row ?? null;
}

export async function insertNotification(
  db: Executor,
  values: typeof schema.notifications.$inferInsert,
): Promise<NotificationRow> {
  const [row] = await db.insert(schema.notifications).values(values).returning();
  return row!;
}

/** The identity's newest notifications first (ties broken by uuid, so the order is stable). */
export async function listNotifications(
  db: Executor,
  identityUuid: string,
  limit: number,
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(schema.notifications)
    .where(eq(schema.notifications.identityUuid, identityUuid))
    .orderBy(desc(schema.notifications.createdAt), desc(schema.notifications.uuid))
    .limit(limit);
}

export async function countNotifications(db: Executor, identityUuid: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.notifications)
    .where(eq(schema.notifications.identityUuid, identityUuid));
  return row?.n ?? 0;
}

/**
 * Marks one of the identity's notifications read; the first read time is kept, so repeating the
 * call changes nothing. Null when the notification does not exist or belongs to someone else.
 */
export async function markNotificationRead(
  db: Executor,
  identityUuid: string,
  uuid: string,
): Promise<NotificationRow | null> {
  const [row] = await db
    .update(schema.notifications)
    .set({ status: 'READ', readAt: sql`coalesce(${schema.notifications.readAt}, now())` })
    .where(and(eq(schema.notifications.uuid, uuid), eq(schema.notifications.identityUuid, identityUuid)))
    .returning();
  return row ?? null;
}

/** Marks every unread notification of the identity read; answers how many changed. */
export async function markAllNotificationsRead(db: Executor, identityUuid: string): Promise<number> {
  const rows = await db
    .update(schema.notifications)
    .set({ status: 'READ', readAt: sql`now()` })
    .where(
      and(eq(schema.notifications.identityUuid, identityUuid), eq(schema.notifications.status, 'UNREAD')),
    )
    .returning({ uuid: schema.notifications.uuid });
  return rows.length;
}

export async function findIdentityUuidByEmail(db: Executor, email: string): Promise<string | null> {
  const [row] = await db
    .select({ uuid: schema.identities.uuid })
    .from(schema.identities)
    .where(eq(schema.identities.email, email.toLowerCase()));
  return row?.uuid ?? null;
}
