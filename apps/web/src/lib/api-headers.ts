/**
 * What every call carries: the URL with its query (array parameters repeated), the organisation and
 * origin headers, the session-replay header when a link is set, the token unless the call is
 * external, and the caller's options.
 */
import type { z } from 'zod';
import { ORG_CODE_HEADER, ORIGIN_HEADER, SESSION_REPLAY_HEADER } from '@heloc/domain';
import { getStoredToken } from './api-token';

type QueryScalar = string | number | boolean;
export type QueryParams = Record<string, QueryScalar | readonly QueryScalar[] | null | undefined>;

export interface RequestOptions {
  query?: QueryParams;
  headers?: Record<string, string>;
  /** External-context call: never sends the token (also implied by a path containing `/external/`). */
  external?: boolean;
  /** Caller cancellation (e.g. TanStack Query's signal); combined with the client timeout. */
  signal?: AbortSignal;
  /**
   * The caller handles a 401/403 itself instead of the sign-out redirect: the login call (a wrong
   * password must show its message), the registration follow-up and logout.
   */
  skipAuthRedirect?: boolean;
  /** Lets the request outlive the page (telemetry sent while the page unloads). */
  keepalive?: boolean;
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

export function buildUrl(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    const values: readonly QueryScalar[] = Array.isArray(value) ? value : [value as QueryScalar];
    for (const item of values) params.append(key, String(item));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

function isExternal(path: string, options: RequestOptions): boolean {
  return options.external === true || path.includes('/external/');
}

export function buildHeaders(path: string, options: RequestOptions, body: unknown): Headers {
  const headers = new Headers({ Accept: 'application/json' });
  // A FormData body sets its own multipart content type (with the boundary); everything else is JSON.
  if (!(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  const token = isExternal(path, options) ? null : getStoredToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (state.orgCode) headers.set(ORG_CODE_HEADER, state.orgCode);
  headers.set(ORIGIN_HEADER, window.location.origin);
  if (state.sessionReplayLink) headers.set(SESSION_REPLAY_HEADER, state.sessionReplayLink);
  for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
  return headers;
}
