/** The SQL of the staff invitations (routes.ts calls it; staff accounts and roles are in service.ts). */
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Executor } from '../../db';
import { schema } from '../../db';

export type StaffInviteRow = typeof schema.staffInvites.$inferSelect;

/** Adds an invitation, closing any open one for the same address first; answers the new row. */
export async function replaceInvitation(
  tx: Executor,
  values: typeof schema.staffInvites.$inferInsert & { email: string },
  now: Date,
): Promise<StaffInviteRow> {
  await tx
    .update(schema.staffInvites)
    .set({ usedAt: now })
    .where(and(eq(schema.staffInvites.email, values.email), isNull(schema.staffInvites.usedAt)));
  const [row] = await tx.insert(schema.staffInvites).values(values).returning();
  return row!;
}

/** The unused, unexpired invitation whose link hashes to `tokenHash`, or null. */
export async function findOpenInvitation(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<StaffInviteRow | null> {
  const [row] = await db
    .select()
    .from(schema.staffInvites)
    .where(
      and(
        eq(schema.staffInvites.tokenHash, tokenHash),
        isNull(schema.staffInvites.usedAt),
        gt(schema.staffInvites.expiresAt, now),
      ),
    );
  return row ?? null;
}

/** Marks an invitation used unless it already was; false when another request used it first. */
export async function markInvitationUsed(tx: Executor, uuid: string, now: Date): Promise<boolean> {
  const used = await tx
    .update(schema.staffInvites)
    .set({ usedAt: now })
    .where(and(eq(schema.staffInvites.uuid, uuid), isNull(schema.staffInvites.usedAt)))
    .returning();
  return used.length > 0;
}
