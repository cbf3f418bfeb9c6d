/**
 * What every call of the borrower app carries besides the shared client's own headers: JSON accepted
 * (and declared, unless the body is a FormData), the organisation and origin headers, the
 * session-replay header when a link is set, and the caller's headers; the token unless the call is
 * external.
 */
import type { z } from 'zod';
import type { CallOptions } from '@heloc/api-client';
import { ORG_CODE_HEADER, ORIGIN_HEADER, SESSION_REPLAY_HEADER } from '@heloc/domain';

export interface RequestOptions extends CallOptions {
  headers?: Record<string, string>;
  /** External-context call: never sends the token (also implied by a path containing `/external/`). */
  external?: boolean;
  /**
   * The caller handles a 401/403 itself instead of the sign-out redirect: the login call (a wrong
   * password must show its message), the registration follow-up and logout.
   */
  skipAuthRedirect?: boolean;
}

export interface RequestOptionsWithSchema<S extends z.ZodType> extends RequestOptions {
  /** Parses the response; a response that does not match is an ApiError. A body is then required. */
  schema: S;
}

interface ClientState {
  orgCode: string | null;
  sessionReplayLink: string | null;
}

const state: ClientState = { orgCode: null, sessionReplayLink: null };

/** Organisation code sent with every call; set once at start from the page's organisation data. */
export function setApiOrgCode(orgCode: string | null): void {
  state.orgCode = orgCode;
}

/** The organisation code the calls carry (null before start, and in component tests). */
export function getApiOrgCode(): string | null {
  return state.orgCode;
}

/** Session-replay link sent with every call while set; null removes the header. */
export function setSessionReplayLink(link: string | null): void {
  state.sessionReplayLink = link;
}

export function getSessionReplayLink(): string | null {
  return state.sessionReplayLink;
}

export function sendsToken(path: string, options: RequestOptions): boolean {
  return options.external !== true && !path.includes('/external/');
}

export function requestHeaders(_path: string, options: RequestOptions, body: unknown): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  // A FormData body sets its own multipart content type (with the boundary); everything else is JSON.
  if (!(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  if (state.orgCode) headers.set(ORG_CODE_HEADER, state.orgCode);
  headers.set(ORIGIN_HEADER, window.location.origin);
  if (state.sessionReplayLink) headers.set(SESSION_REPLAY_HEADER, state.sessionReplayLink);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return headers;
}
