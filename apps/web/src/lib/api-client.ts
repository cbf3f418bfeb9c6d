/**
 * The HTTP client every call goes through (spec 2 §7, errors per spec 2 §8):
 * - credentials included, JSON content type;
 * - `Authorization: Bearer <jwt>` from local storage (key `jwt`, stored "Bearer <jwt>" per spec 1 §4), except for external-context
 *   calls (`{ external: true }` or any path containing `/external/`), which send no token;
 * - a response `authorization` header replaces the stored token;
 * - organisation and origin headers on every call, the session-replay header when a link is set;
 * - array query parameters repeated (`?a=1&a=2`), a 30000 ms timeout;
 * - failures become an `ApiError` with status, message and the parsed body as data;
 * - spec 2 §8: an HTTP 401, or a 403 whose message is "unauthenticated" or "invalid signature", clears the
 *   token and sends the page to sign in (see `handleUnauthenticated`), unless the call opts out.
 */
import type { z } from 'zod';
import {
  combineErrorMessages,
  DEFAULT_ERROR_MESSAGE,
  HTTP_TIMEOUT_MS,
  JWT_STORAGE_KEY,
  ORG_CODE_HEADER,
  ORIGIN_HEADER,
  SESSION_REPLAY_HEADER,
} from '@heloc/domain';
import { loginRedirectFor } from './auth-redirect';
import { browserLocation } from './browser-location';

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

type TokenListener = () => void;
const tokenListeners = new Set<TokenListener>();

/**
 * Called whenever this page stores or clears the token (renewals included), so signed-in state can
 * re-render; another tab's changes arrive through the `storage` event, which the caller also watches.
 */
export function subscribeToToken(listener: TokenListener): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

function notifyTokenListeners(): void {
  for (const listener of tokenListeners) listener();
}

/**
 * The bare token of a stored value. Spec 1 §4 keeps it under `jwt` WITH the "Bearer " prefix; a value
 * stored without it (by an older version of this app, or a host page) is still accepted, and rewritten
 * in the spec's form the first time it is read.
 */
// Storage can be unavailable (privacy modes, disabled cookies): the app then runs without a stored token.
export function getStoredToken(): string | null {
  try {
    const raw = localStorage.getItem(JWT_STORAGE_KEY);
    const token = raw ? stripBearer(raw) : '';
    if (!token) return null;
    if (raw !== bearer(token)) localStorage.setItem(JWT_STORAGE_KEY, bearer(token));
    return token;
  } catch {
    return null;
  }
}

const bearer = (token: string) => `Bearer ${token}`;

export function storeToken(token: string): void {
  try {
    localStorage.setItem(JWT_STORAGE_KEY, bearer(stripBearer(token)));
  } catch {
    // Nothing to do: the next call simply goes without a token.
  }
  notifyTokenListeners();
}

export function clearStoredToken(): void {
  try {
    localStorage.removeItem(JWT_STORAGE_KEY);
    // The side a sign-in came through belongs to that sign-in.
    localStorage.removeItem(IDENTITY_SIDE_STORAGE_KEY);
  } catch {
    // See storeToken.
  }
  notifyTokenListeners();
}

/**
 * The identity uuid (`sub`) of the stored token, read without verifying it: only to name the user to the
 * feature-flag service before the identity call answers (the server verifies the token on every call).
 */
export function storedTokenSubject(): string | null {
  const token = getStoredToken();
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub ? sub : null;
  } catch {
    return null;
  }
}

/**
 * Local storage: the identity-broker side ('customer' or 'agent') the sign-in came through (spec 1 §6
 * "An agent flag selects agent-side login"); key ours. Set from the agent login redirect, cleared with the token.
 */
export const IDENTITY_SIDE_STORAGE_KEY = 'heloc_identity_side';

function stripBearer(value: string): string {
  return value.trim().replace(/^Bearer\s+/i, '');
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

function buildHeaders(path: string, options: RequestOptions, body: unknown): Headers {
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

/** Replaces the reaction to an unauthenticated failure (tests); null restores the default. */
export function setUnauthenticatedHandler(handler: (() => void) | null): void {
  unauthenticatedHandler = handler ?? redirectToSignIn;
  redirecting = false;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function request(
  method: Method,
  path: string,
  body: unknown,
  options: RequestOptions & { schema?: z.ZodType },
): Promise<unknown> {
  const url = buildUrl(path, options.query);
  // One controller for the timeout and the caller's signal (AbortSignal.any is missing in older Safari).
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, HTTP_TIMEOUT_MS);
  const callerSignal = options.signal;
  const forwardAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) forwardAbort();
  else callerSignal?.addEventListener('abort', forwardAbort, { once: true });

  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers: buildHeaders(path, options, body),
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal: controller.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
    text = await response.text();
  } catch (error) {
    // The caller's own cancellation passes through untouched, so query libraries see an abort.
    if (callerSignal?.aborted) throw error;
    throw new ApiError({
      status: 0,
      message: timedOut ? `Request to ${url} timed out` : DEFAULT_ERROR_MESSAGE,
      url,
      cause: error,
    });
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', forwardAbort);
  }

  const renewed = response.headers.get('authorization');
  if (renewed && stripBearer(renewed)) storeToken(renewed);

  // Every failure that has a response goes through here, so the sign-out rule sees all of them.
  const fail = (error: ApiError): never => {
    if (!options.skipAuthRedirect && isUnauthenticatedFailure(error.status, error.message)) {
      unauthenticatedHandler();
    }
    throw error;
  };

  const expectsBody = !response.ok || options.schema !== undefined;
  if (text.trim() === '') {
    if (!expectsBody) return undefined;
    return fail(new ApiError({ status: response.status, message: `Undefined response from ${url}`, url }));
  }

  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return fail(
      new ApiError({
        status: response.status,
        message: `Response from ${url} was not convertible to JSON`,
        data: text,
        url,
        cause: error,
      }),
    );
  }

  if (!response.ok) {
    return fail(new ApiError({ status: response.status, message: errorMessageFromBody(data), data, url }));
  }
  if (data === null && options.schema !== undefined) {
    throw new ApiError({ status: response.status, message: `Undefined response from ${url}`, data, url });
  }
  if (!options.schema) return data;

  const parsed = options.schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      message: `Response from ${url} did not match the expected shape`,
      data,
      url,
      cause: parsed.error,
    });
  }
  return parsed.data;
}

interface ReadCall {
  <S extends z.ZodType>(path: string, options: RequestOptionsWithSchema<S>): Promise<z.output<S>>;
  (path: string, options?: RequestOptions): Promise<unknown>;
}

interface WriteCall {
  <S extends z.ZodType>(
    path: string,
    body: unknown,
    options: RequestOptionsWithSchema<S>,
  ): Promise<z.output<S>>;
  (path: string, body?: unknown, options?: RequestOptions): Promise<unknown>;
}

// One implementation behind the overloads: the schema, when given, decides the result type.
const read = (method: Method): ReadCall =>
  ((path: string, options: RequestOptions & { schema?: z.ZodType } = {}) =>
    request(method, path, undefined, options)) as ReadCall;

const write = (method: Method): WriteCall =>
  ((path: string, body?: unknown, options: RequestOptions & { schema?: z.ZodType } = {}) =>
    request(method, path, body, options)) as WriteCall;

/**
 * Typed calls: pass a zod `schema` to get its parsed output; without one the body is `unknown`, which keeps
 * hand-written casts of responses out of feature code.
 */
export const api = {
  get: read('GET'),
  delete: read('DELETE'),
  post: write('POST'),
  put: write('PUT'),
  patch: write('PATCH'),
};

/**
 * A file's bytes (generated documents for the PDF viewer): the same headers, token renewal and sign-out
 * rule as the JSON calls; a failure answers the usual error body.
 */
export async function getBytes(path: string, options: RequestOptions = {}): Promise<ArrayBuffer> {
  const url = buildUrl(path, options.query);
  const headers = buildHeaders(path, options, undefined);
  headers.set('Accept', 'application/pdf, application/json');
  const response = await fetch(url, { credentials: 'include', headers, signal: options.signal ?? null });
  const renewed = response.headers.get('authorization');
  if (renewed && stripBearer(renewed)) storeToken(renewed);
  if (response.ok) return response.arrayBuffer();
  const data: unknown = await response.json().catch(() => null);
  const error = new ApiError({ status: response.status, message: errorMessageFromBody(data), data, url });
  if (!options.skipAuthRedirect && isUnauthenticatedFailure(error.status, error.message))
    unauthenticatedHandler();
  throw error;
}

export interface UploadOptions<S extends z.ZodType> {
  schema: S;
  /** 0…1 as the body goes out (fetch cannot report upload progress; XMLHttpRequest can). */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * A multipart upload with progress: the same headers, token renewal, error body and sign-out rule as
 * the JSON calls, over XMLHttpRequest so the page can show how much has been sent.
 */
export function uploadForm<S extends z.ZodType>(
  path: string,
  form: FormData,
  options: UploadOptions<S>,
): Promise<z.output<S>> {
  const url = buildUrl(path);
  const headers = buildHeaders(path, {}, form);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.timeout = HTTP_TIMEOUT_MS * 4;
    headers.forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(event.loaded / event.total);
    };
    const networkFailure = (message: string) => () => reject(new ApiError({ status: 0, message, url }));
    xhr.onerror = networkFailure(DEFAULT_ERROR_MESSAGE);
    xhr.ontimeout = networkFailure(`Request to ${url} timed out`);
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onload = () => {
      const renewed = xhr.getResponseHeader('authorization');
      if (renewed && stripBearer(renewed)) storeToken(renewed);
      let data: unknown = null;
      try {
        data = xhr.responseText ? (JSON.parse(xhr.responseText) as unknown) : null;
      } catch {
        data = xhr.responseText;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = new ApiError({ status: xhr.status, message: errorMessageFromBody(data), data, url });
        if (isUnauthenticatedFailure(error.status, error.message)) unauthenticatedHandler();
        reject(error);
        return;
      }
      const parsed = options.schema.safeParse(data);
      if (!parsed.success) {
        reject(
          new ApiError({
            status: xhr.status,
            message: `Response from ${url} did not match the expected shape`,
            data,
            url,
            cause: parsed.error,
          }),
        );
        return;
      }
      options.onProgress?.(1);
      resolve(parsed.data);
    };
    xhr.send(form);
  });
}
