/**
 * The fingerprint cookie that binds tokens to one browser: a random value in an HttpOnly,
 * SameSite=Strict cookie (Secure and `__Host-` prefixed over HTTPS); tokens carry its SHA-256.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export function fingerprintCookieName(secure: boolean): string {
  return secure ? '__Host-heloc_fp' : 'heloc_fp';
}

export function fingerprintCookieOptions(secure: boolean, maxAgeSeconds: number) {
  return { path: '/', httpOnly: true, sameSite: 'strict', secure, maxAge: maxAgeSeconds } as const;
}

export function hashFingerprint(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

export function newFingerprint(): { value: string; hash: string } {
  const value = randomBytes(32).toString('base64url');
  return { value, hash: hashFingerprint(value) };
}

export function fingerprintMatches(cookieValue: string | undefined, expectedHash: string): boolean {
  if (!cookieValue) return false;
  const actual = Buffer.from(hashFingerprint(cookieValue));
  const expected = Buffer.from(expectedHash);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
