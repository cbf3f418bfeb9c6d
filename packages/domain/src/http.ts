/**
 * The HTTP contract shared by the web client and the server (spec 2 §7, §8): header names,
 * storage keys, the timeout and the JSON error body every failing call answers with.
 */
import { z } from 'zod';

/** Organisation header the web adds to every call; the server resolves the organisation from it. */
export const ORG_CODE_HEADER = 'x-org-code';
/** Page origin the web adds to every call (the browser's own Origin header is absent on same-origin GETs). */
export const ORIGIN_HEADER = 'x-origin';
/** Session-replay link, added when a replay session exists. */
export const SESSION_REPLAY_HEADER = 'x-session-replay-url';

/** Local storage key of the token; the stored value is the bare JWT, sent as `Bearer <jwt>`. */
export const JWT_STORAGE_KEY = 'jwt';
export const HTTP_TIMEOUT_MS = 30_000;

/** The stable error body: status code, a human message, optional structured details. */
export const ZApiErrorBody = z.object({
  status: z.number().int(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type TApiErrorBody = z.infer<typeof ZApiErrorBody>;

export const DEFAULT_ERROR_MESSAGE = 'Something unexpected happened';

/**
 * Drops trailing periods and blanks together, so "Bad input ." matches "Bad input" and cannot leave
 * "Bad input ," in the joined text. A scan, not /[\s.]+$/, which backtracks quadratically.
 */
function stripTrailingPeriods(message: string): string {
  let end = message.length;
  while (end > 0 && /[\s.]/.test(message.charAt(end - 1))) end -= 1;
  return message.slice(0, end);
}

/**
 * Spec 2 §8 "Combined error text": unique messages joined with commas and a final period;
 * without any message, the default text.
 */
export function combineErrorMessages(messages: readonly (string | null | undefined)[]): string {
  const unique: string[] = [];
  for (const raw of messages) {
    const message = raw == null ? '' : stripTrailingPeriods(raw).trim();
    if (message && !unique.includes(message)) unique.push(message);
  }
  return unique.length === 0 ? DEFAULT_ERROR_MESSAGE : `${unique.join(', ')}.`;
}
