/**
 * The unsubscribe link of marketing-type mail (reminders): the identity's uuid signed with the
 * server's token secret (HMAC-SHA256), so the link works without signing in, for as long as the
 * account exists, and cannot be forged for another account. It turns reminders off, and from the
 * page it shows, on again (nothing else).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const UNSUBSCRIBE_PATH = '/identity/api/v1/mail/unsubscribe';
/** The unsubscribed page's "Subscribe again" (the same token). */
export const RESUBSCRIBE_PATH = '/identity/api/v1/mail/resubscribe';

function signature(secret: string, identityUuid: string): string {
  return createHmac('sha256', secret).update(`mail-unsubscribe:${identityUuid}`).digest('base64url');
}

export function unsubscribeToken(secret: string, identityUuid: string): string {
  return `${identityUuid}.${signature(secret, identityUuid)}`;
}

/** The identity a token names, or null when it is malformed or not ours. */
export function identityOfUnsubscribeToken(secret: string, token: string): string | null {
  const [identityUuid, given, ...rest] = token.split('.');
  if (!identityUuid || !given || rest.length > 0) return null;
  if (!/^[0-9a-f-]{36}$/i.test(identityUuid)) return null;
  const expected = Buffer.from(signature(secret, identityUuid.toLowerCase()));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected)
    ? identityUuid.toLowerCase()
    : null;
}

export function unsubscribeLink(base: string, secret: string, identityUuid: string): string {
  return `${base}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(unsubscribeToken(secret, identityUuid))}`;
}
