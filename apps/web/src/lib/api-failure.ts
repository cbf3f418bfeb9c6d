/**
 * The borrower app's sign-out rule for failed calls (spec 2 §8): an HTTP 401, or a 403 whose message is
 * "unauthenticated" or "invalid signature", clears the token and sends the page to sign in, unless the
 * call opts out. The `ApiError` itself and its message come from the shared client (@heloc/api-client).
 */
import { loginRedirectFor } from './auth-redirect';
import { browserLocation } from './browser-location';
import { clearStoredToken } from './api-token';

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
