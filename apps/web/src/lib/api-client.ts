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
import { DEFAULT_ERROR_MESSAGE, HTTP_TIMEOUT_MS } from '@heloc/domain';
import {
  ApiError,
  errorMessageFromBody,
  handleUnauthenticated,
  isUnauthenticatedFailure,
} from './api-failure';
import { buildHeaders, buildUrl, type RequestOptions, type RequestOptionsWithSchema } from './api-headers';
import { storeToken, stripBearer } from './api-token';

export {
  ApiError,
  errorMessageFromBody,
  isUnauthenticatedFailure,
  setUnauthenticatedHandler,
} from './api-failure';
export {
  buildUrl,
  getApiOrgCode,
  getSessionReplayLink,
  setApiOrgCode,
  setSessionReplayLink,
  type QueryParams,
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

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function request(
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
      handleUnauthenticated();
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
