/** When the widget renews a live chat token (spec 2 §9: live session tokens last 6 hours). */
import { LIVE_CHAT_TOKEN_LIFETIME_MS } from '@heloc/domain';

const RENEW_BEFORE_END_MS = 10 * 60_000;
const MIN_RENEWAL_DELAY_MS = 60_000;

/**
 * When to renew a live token: ten minutes before its end, but never sooner than a minute from now. The
 * expiration is the server's time: with a browser clock running ahead of it, "ten minutes before" may
 * already have passed for every new token, which must not become a loop of renewals.
 */
export function renewalDelay(expiration: number, now: number): number {
  return Math.min(
    Math.max(MIN_RENEWAL_DELAY_MS, expiration - now - RENEW_BEFORE_END_MS),
    LIVE_CHAT_TOKEN_LIFETIME_MS - RENEW_BEFORE_END_MS,
  );
}
