import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { TokenService, VERIFIED_TOKEN_CACHE_MS } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-1234567890';
const claims = {
  identityUuid: '00000000-0000-4000-8000-000000000001',
  sessionUuid: '00000000-0000-4000-8000-000000000002',
  fingerprintHash: 'hash',
  orgCode: 'MAIN',
  profileType: 'BORROWER',
};

function clock(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('TokenService.verify', () => {
  it('answers the claims of a token it signed, again from memory, and refuses it once expired', async () => {
    const time = clock();
    const tokens = new TokenService(SECRET, 120, time.now);
    const { token } = await tokens.issue(claims, new Date(time.now() + 3_600_000));
    const first = await tokens.verify(token);
    expect(first).toMatchObject(claims);
    time.advance(30_000);
    expect(await tokens.verify(token)).toEqual(first);
    // Past its 120 s lifetime but still within the memory's time-to-live: expired all the same.
    time.advance(90_000);
    expect(VERIFIED_TOKEN_CACHE_MS).toBeGreaterThan(30_000);
    await expect(tokens.verify(token)).rejects.toThrow('Session expired');
  });

  it('a tampered token is refused even when the genuine one was verified before', async () => {
    const time = clock();
    const tokens = new TokenService(SECRET, 900, time.now);
    const { token } = await tokens.issue(claims, new Date(time.now() + 3_600_000));
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const forged = `${header}.${payload}.${signature!.slice(0, -2)}AA`;
    await expect(tokens.verify(forged)).rejects.toBeInstanceOf(AppError);
    const other = new TokenService('another-secret-that-is-long-enough-0987654321', 900, time.now);
    await expect(other.verify(token)).rejects.toThrow('Unauthenticated');
  });
});
