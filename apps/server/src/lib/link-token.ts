/**
 * One-time links e-mailed to people (co-owner invitations, staff invitations, password resets): the
 * token travels in the link, only its hash is stored, so a database read cannot be replayed as a link.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A new link token (256 bits, URL-safe) and the hash that is stored instead of it. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
