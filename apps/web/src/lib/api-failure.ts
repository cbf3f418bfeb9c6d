/**
 * Failed calls (spec 2 §8): the `ApiError` every failure becomes, the message read from an error body,
 * and the sign-out rule (an HTTP 401, or a 403 whose message is "unauthenticated" or "invalid
 * signature", clears the token and sends the page to sign in, unless the call opts out).
 */
import { combineErrorMessages, DEFAULT_ERROR_MESSAGE } from '@heloc/domain';
import { loginRedirectFor } from './auth-redirect';
import { browserLocation } from './browser-location';
import { clearStoredToken } from './api-token';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived (network failure or timeout). */
  readonly status: number;
  /** The parsed response body, when there was one. */
  readonly data: unknown;
  readonly url: string;

  constructor(options: { status: number; message: string; data?: unknown; url: string; cause?: unknown }) {
    super(options.message, options.cause === undefined ? undefined : { cause: options.cause });
    this.status = options.status;
    this.data = options.data;
    this.url = options.url;
  }

  /** Network-type failures (no HTTP response): error reporting ignores these (spec 2 §8). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonBlank = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * The message of a failed call: the body's `message`, else its `status` text, else the combined text of
 * its `errors`/`details` list (spec 2 §8 "Combined error text"), else the default message.
 */
export function errorMessageFromBody(body: unknown): string {
  if (!isRecord(body)) return DEFAULT_ERROR_MESSAGE;
  if (nonBlank(body.message)) return body.message;
  if (nonBlank(body.status)) return body.status;
  const list = Array.isArray(body.errors) ? body.errors : Array.isArray(body.details) ? body.details : [];
  return combineErrorMessages(
    list.map((item: unknown) => {
      if (typeof item === 'string') return item;
      if (isRecord(item) && typeof item.message === 'string') return item.message;
      return null;
    }),
  );
}

const UNAUTHENTICATED_403_MESSAGES = ['unauthenticated', 'invalid signature'];

/** Spec 2 §8: HTTP 401, or 403 with the message "unauthenticated" or "invalid signature" (any case). */
export function isUnauthenticatedFailure(status: number, message: string): boolean {
  if (status === 401) return true;
  return status === 403 && UNAUTHENTICATED_403_MESSAGES.includes(message.trim().toLowerCase());
}

/**
 * The default reaction to an unauthenticated failure: clear the token and load the sign-in page for the
 * current one (signer login, registration, or /auth/login?redirectUrl=…). Already on that page, clearing
 * is enough (no reload loop); several failing calls at once navigate only once.
 */
let redirecting = false;
function redirectToSignIn(): void {
  clearStoredToken();
  const { pathname, search } = browserLocation.current();
  const target = loginRedirectFor(pathname, search);
  if (redirecting || target.split('?')[0] === pathname) return;
  redirecting = true;
  browserLocation.assign(target);
}

let unauthenticatedHandler: () => void = redirectToSignIn;

/** Reacts to an unauthenticated failure (by default: sign-out and the sign-in page). */
export function handleUnauthenticated(): void {
  unauthenticatedHandler();
}

/** Replaces the reaction to an unauthenticated failure (tests); null restores the default. */
export function setUnauthenticatedHandler(handler: (() => void) | null): void {
  unauthenticatedHandler = handler ?? redirectToSignIn;
  redirecting = false;
}
