import { describe, expect, it } from 'vitest';
import { LIVE_CHAT_TOKEN_LIFETIME_MS } from '@heloc/domain';
import { renewalDelay } from './token-renewal';

const MINUTE = 60_000;
const NOW = 1_700_000_000_000;

describe('renewalDelay', () => {
  it.each([
    [
      'a fresh token: ten minutes before its end',
      NOW + LIVE_CHAT_TOKEN_LIFETIME_MS,
      LIVE_CHAT_TOKEN_LIFETIME_MS - 10 * MINUTE,
    ],
    ['half an hour left', NOW + 30 * MINUTE, 20 * MINUTE],
    // A tab that slept past the renewal time, or a browser clock ahead of the server's: soon, not at once.
    ['already due', NOW + 5 * MINUTE, MINUTE],
    ['already expired', NOW - 3 * 60 * MINUTE, MINUTE],
    // A browser clock behind the server's never pushes the renewal beyond the token's lifetime.
    [
      'an expiration further away than a lifetime',
      NOW + 2 * LIVE_CHAT_TOKEN_LIFETIME_MS,
      LIVE_CHAT_TOKEN_LIFETIME_MS - 10 * MINUTE,
    ],
  ])('%s', (_, expiration, delay) => {
    expect(renewalDelay(expiration, NOW)).toBe(delay);
  });
});
