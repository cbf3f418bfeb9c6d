/**
 * The HTTP client every call goes through (spec 2 §7, errors per spec 2 §8): the shared client of
 * @heloc/api-client (timeout, token renewal, JSON and schema parsing, failures) configured here with
 * what is the borrower app's own:
 * - credentials included, JSON content type;
 * - `Authorization: Bearer <jwt>` from local storage (key `jwt`, stored "Bearer <jwt>" per spec 1 §4), except for external-context
 *   calls (`{ external: true }` or any path containing `/external/`), which send no token;
 * - a response `authorization` header replaces the stored token;
 * - organisation and origin headers on every call, the session-replay header when a link is set;
 * - array query parameters repeated (`?a=1&a=2`), a 30000 ms timeout;
 * - a page's first reads answered by its early requests when they were sent (lib/early-responses.ts);
 * - failures become an `ApiError` with status, message and the parsed body as data;
 * - spec 2 §8: an HTTP 401, or a 403 whose message is "unauthenticated" or "invalid signature", clears the
 *   token and sends the page to sign in (see `handleUnauthenticated`), unless the call opts out.
 */
import type { z } from 'zod';
import { createHttpClient, type Method, type WithSchema } from '@heloc/api-client';
import { handleUnauthenticated, isUnauthenticatedFailure } from './api-failure';
import {
  requestHeaders,
  sendsToken,
  type RequestOptions,
  type RequestOptionsWithSchema,
} from './api-headers';
import { getStoredToken, storeToken } from './api-token';
import { takeEarlyResponse } from './early-responses';

export { ApiError, buildUrl, errorMessageFromBody, type Method, type QueryParams } from '@heloc/api-client';
export { isUnauthenticatedFailure, setUnauthenticatedHandler } from './api-failure';
export {
  getApiOrgCode,
  getSessionReplayLink,
  setApiOrgCode,
  setSessionReplayLink,
  type RequestOptions,
  type RequestOptionsWithSchema,
} from './api-headers';
export {
  clearStoredToken,
  getStoredToken,
  IDENTITY_SIDE_STORAGE_KEY,
  storedTokenSubject,
  storeToken,
  subscribeToToken,
} from './api-token';
export { getBytes, uploadForm, type UploadOptions } from './api-files';

/** The shared client (@heloc/api-client) with the borrower app's token, headers and sign-out rule. */
export const httpClient = createHttpClient<RequestOptions>({
  tokenStore: { get: getStoredToken, set: storeToken },
  sendsToken,
  headers: requestHeaders,
  isUnauthenticated: (error, options) =>
    !options.skipAuthRedirect && isUnauthenticatedFailure(error.status, error.message),
  onUnauthenticated: handleUnauthenticated,
  takeEarlyResponse,
});

export const request: (
  method: Method,
  path: string,
  body: unknown,
  options: WithSchema<RequestOptions>,
) => Promise<unknown> = httpClient.request;

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
