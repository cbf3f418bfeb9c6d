/**
 * Borrower authentication for chat (spec 2 §7 webchat/authenticate and webchat/refresh): the web
 * trades its sign-in for a random nonce that chat calls carry instead of the token (they are
 * external calls, sent without it). A nonce lives 5 minutes; the web refreshes it every 60 s.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { schema, type Executor } from '../../db';
import type { Clock } from '../../lib/clock';

export const CHAT_NONCE_TTL_MS = 5 * 60_000;

const hashOf = (nonce: string) => createHash('sha256').update(nonce).digest('hex');

export async function issueNonce(
  db: Executor,
  clock: Clock,
  identity: { identityUuid: string; orgCode: string },
): Promise<{ nonce: string; expiration: number }> {
  const now = clock.now().getTime();
  const nonce = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now + CHAT_NONCE_TTL_MS);
  // Expired nonces of anyone are removed as new ones are made: the table stays small.
  await db.delete(schema.chatNonces).where(lt(schema.chatNonces.expiresAt, new Date(now)));
  await db.insert(schema.chatNonces).values({
    nonceHash: hashOf(nonce),
    identityUuid: identity.identityUuid,
    orgCode: identity.orgCode,
    expiresAt,
  });
  return { nonce, expiration: expiresAt.getTime() };
}

/** Pushes a live nonce of this identity back to 5 minutes from now; false when unknown or expired. */
export async function refreshNonce(
  db: Executor,
  clock: Clock,
  identityUuid: string,
  nonce: string,
): Promise<number | null> {
  const now = clock.now().getTime();
  const expiresAt = new Date(now + CHAT_NONCE_TTL_MS);
  const [row] = await db
    .update(schema.chatNonces)
    .set({ expiresAt })
    .where(
      and(
        eq(schema.chatNonces.nonceHash, hashOf(nonce)),
        eq(schema.chatNonces.identityUuid, identityUuid),
        gt(schema.chatNonces.expiresAt, new Date(now)),
      ),
    )
    .returning({ expiresAt: schema.chatNonces.expiresAt });
  return row ? row.expiresAt.getTime() : null;
}

/** The identity a live nonce stands for, or null. */
export async function identityOfNonce(
  db: Executor,
  clock: Clock,
  nonce: string | null | undefined,
): Promise<{ identityUuid: string; orgCode: string } | null> {
  if (!nonce) return null;
  const [row] = await db
    .select({ identityUuid: schema.chatNonces.identityUuid, orgCode: schema.chatNonces.orgCode })
    .from(schema.chatNonces)
    .where(and(eq(schema.chatNonces.nonceHash, hashOf(nonce)), gt(schema.chatNonces.expiresAt, clock.now())));
  return row ?? null;
}
