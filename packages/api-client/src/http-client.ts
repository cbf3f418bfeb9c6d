/**
 * The transport both browser apps share (spec 2 §7, errors per spec 2 §8): credentials included, the
 * stored token as `Authorization: Bearer …`, a token the server rotates through the answer's
 * `authorization` header kept for the next call, a timeout combined with the caller's own signal, and
 * the answer read as JSON and checked against the caller's zod schema. Every failure goes through the
 * app's `makeError` and, when it has one, its unauthenticated rule. What differs between the apps (where
 * the token lives, which headers a call carries, which error class, whether a failure signs out) is
 * configuration, so the rules above exist once.
 */
import type { z } from 'zod';
import {
  apiWriteTarget,
  DEFAULT_ERROR_MESSAGE,
  HTTP_TIMEOUT_MS,
  type TApiWrite,
  type TApiWriteBody,
  type TApiWriteParamsOption,
  type TPathParamNames,
} from '@heloc/domain';
import {
  ApiError,
  errorMessageFromBody,
  shapeMismatchMessage,
  timedOutMessage,
  type HttpFailure,
} from './failure';
import { buildUrl, type QueryParams } from './query';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What any call may say; each app's own options extend these. */
export interface CallOptions {
  query?: QueryParams;
  /** Caller cancellation (e.g. TanStack Query's signal); combined with the client timeout. */
  signal?: AbortSignal;
  /** Lets the request outlive the page (telemetry sent while the page unloads). */
  keepalive?: boolean;
}

export type WithSchema<O> = O & { schema?: z.ZodType };

export interface TokenStore {
  /** The bare token, or null without one. */
  get(): string | null;
  /** Keeps a token the server rotated (bare, without "Bearer "). */
  set(token: string): void;
}

/** A call as it would go on the wire (a FormData body is never one an early request made). */
export interface EarlyCall {
  method: Method;
  url: string;
  headers: Headers;
  body: string | null;
}

export interface HttpClientConfig<O extends CallOptions, E extends Error> {
  tokenStore: TokenStore;
  /** Whether a call carries the stored token (the borrower app's external-context calls do not). */
  sendsToken?: (path: string, options: O) => boolean;
  /** The app's headers; they win over the client's own (content type, authorization). */
  headers?: (path: string, options: O, body: unknown) => HeadersInit;
  /** The app's error for a failure; an `ApiError` without it. */
  makeError?: (failure: HttpFailure, options: O) => E;
  /** Whether a failure means the session is gone; `onUnauthenticated` then runs before it is thrown. */
  isUnauthenticated?: (error: E, options: O) => boolean;
  onUnauthenticated?: () => void;
  /**
   * An answer to this very call already on its way (the page's first reads, sent before the app's
   * scripts ran: the borrower app's early requests), taken instead of fetching; null to fetch. The
   * answer then goes through everything a fetched one does; a failed one is fetched again.
   */
  takeEarlyResponse?: (call: EarlyCall) => Promise<Response> | null;
}

/** A JSON write by its `METHOD /path` key of the domain's API_WRITES: `params` required exactly when the path names some. */
export type WriteOptions<K extends TApiWrite, O> = O & TApiWriteParamsOption<K>;

type OptionalWriteOptions<K extends TApiWrite, O> = [TPathParamNames<K>] extends [never]
  ? [options?: WriteOptions<K, O>]
  : [options: WriteOptions<K, O>];

/**
 * The body is typed as `z.input` of the schema the server validates with, so a body the server would
 * refuse for its shape, or a missing path parameter, does not compile; with a `schema` the answer is its output.
 */
export interface TypedWrite<O> {
  <K extends TApiWrite, S extends z.ZodType>(
    key: K,
    body: TApiWriteBody<K>,
    options: WriteOptions<K, O> & { schema: S },
  ): Promise<z.output<S>>;
  <K extends TApiWrite>(
    key: K,
    body: TApiWriteBody<K>,
    ...options: OptionalWriteOptions<K, O>
  ): Promise<unknown>;
}

/** `promise`, or its signal's abort reason once that aborts first (as fetch rejects on its own signal). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

export function stripBearer(value: string): string {
  return value.trim().replace(/^Bearer\s+/i, '');
}

export function createHttpClient<O extends CallOptions = CallOptions, E extends Error = ApiError>(
  config: HttpClientConfig<O, E>,
) {
  const makeError = config.makeError ?? ((failure: HttpFailure) => new ApiError(failure) as unknown as E);

  /** The error of a failure, after the unauthenticated rule has seen it (every failure passes here). */
  function failure(details: HttpFailure, options: O): E {
    const error = makeError(details, options);
    if (config.isUnauthenticated?.(error, options)) config.onUnauthenticated?.();
    return error;
  }

  function headers(path: string, options: O, body: unknown): Headers {
    const result = new Headers();
    // A FormData body sets its own multipart content type (with the boundary).
    if (body !== undefined && !(body instanceof FormData)) result.set('Content-Type', 'application/json');
    const token = (config.sendsToken?.(path, options) ?? true) ? config.tokenStore.get() : null;
    if (token) result.set('Authorization', `Bearer ${token}`);
    // The app's headers last: a caller's own header (the web's `headers` option) overrides any of these.
    new Headers(config.headers?.(path, options, body)).forEach((value, name) => result.set(name, value));
    return result;
  }

  /** Keeps the token an answer's `authorization` header carries (a renewal), if any. */
  function renew(authorization: string | null): void {
    const token = authorization ? stripBearer(authorization) : '';
    if (token) config.tokenStore.set(token);
  }

  /**
   * One call on the wire (`send`): the answer and what `read` made of its body, both within the
   * timeout (when `timed`). No answer is a failure with status 0, except the caller's own
   * cancellation, which passes through untouched so query libraries see an abort.
   */
  async function exchange<T>(
    method: Method,
    path: string,
    body: unknown,
    options: O,
    timed: boolean,
    read: (response: Response) => Promise<T>,
  ): Promise<{ response: Response; value: T; url: string }> {
    const url = buildUrl(path, options.query);
    // One controller for the timeout and the caller's signal (AbortSignal.any is missing in older Safari).
    const controller = new AbortController();
    let timedOut = false;
    const timer = timed
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, HTTP_TIMEOUT_MS)
      : undefined;
    const callerSignal = options.signal;
    const forwardAbort = () => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) forwardAbort();
    else callerSignal?.addEventListener('abort', forwardAbort, { once: true });

    let response: Response;
    let value: T;
    try {
      const sent = headers(path, options, body);
      const json = body === undefined || body instanceof FormData ? null : JSON.stringify(body);
      const init: RequestInit = {
        method,
        credentials: 'include',
        headers: sent,
        body: body instanceof FormData ? body : (json ?? undefined),
        signal: controller.signal,
        ...(options.keepalive ? { keepalive: true } : {}),
      };
      const early =
        body instanceof FormData
          ? null
          : config.takeEarlyResponse?.({ method, url, headers: sent, body: json });
      // An early answer was not asked for with this call's signal: the timeout and the caller's
      // cancellation reach it here, as they reach a fetch of our own.
      response = await abortable(
        early ? early.catch(() => fetch(url, init)) : fetch(url, init),
        controller.signal,
      );
      value = await abortable(read(response), controller.signal);
    } catch (error) {
      if (callerSignal?.aborted) throw error;
      const message = timedOut ? timedOutMessage(url) : DEFAULT_ERROR_MESSAGE;
      throw failure({ status: 0, message, url, cause: error }, options);
    } finally {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', forwardAbort);
    }
    renew(response.headers.get('authorization'));
    return { response, value, url };
  }

  /** `data` as the schema's output, or the shape-mismatch failure. */
  function parse<S extends z.ZodType>(
    schema: S,
    data: unknown,
    answer: { status: number; url: string; response?: Response },
    options: O,
  ): z.output<S> {
    const parsed = schema.safeParse(data);
    if (parsed.success) return parsed.data;
    throw failure(
      { ...answer, message: shapeMismatchMessage(answer.url), data, cause: parsed.error },
      options,
    );
  }

  /**
   * A JSON call: the body sent as JSON (a FormData body as it is), the answer parsed, and with a
   * `schema` checked against it (a body is then required); without one an empty success is `undefined`.
   */
  async function request(
    method: Method,
    path: string,
    body: unknown,
    options: WithSchema<O>,
  ): Promise<unknown> {
    const {
      response,
      value: text,
      url,
    } = await exchange(method, path, body, options, true, (answer) => answer.text());
    const answer = { status: response.status, url, response };
    const fail = (rest: Pick<HttpFailure, 'message' | 'data' | 'cause'>): E =>
      failure({ ...answer, ...rest }, options);

    const expectsBody = !response.ok || options.schema !== undefined;
    if (text.trim() === '') {
      if (!expectsBody) return undefined;
      throw fail({ message: `Undefined response from ${url}` });
    }
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw fail({ message: `Response from ${url} was not convertible to JSON`, data: text, cause: error });
    }
    if (!response.ok) throw fail({ message: errorMessageFromBody(data), data });
    if (!options.schema) return data;
    if (data === null) throw fail({ message: `Undefined response from ${url}`, data });
    return parse(options.schema, data, answer, options);
  }

  const write = ((
    key: TApiWrite,
    body: unknown,
    options: WithSchema<O> & { params?: Record<string, string> } = {} as WithSchema<O>,
  ) => {
    const { params, ...rest } = options;
    const { method, path } = apiWriteTarget(key, params);
    return request(method, path, body, rest as WithSchema<O>);
  }) as TypedWrite<O>;

  return { request, send: exchange, write, headers, renew, parse, failure };
}

export type HttpClient<O extends CallOptions = CallOptions, E extends Error = ApiError> = ReturnType<
  typeof createHttpClient<O, E>
>;

/**
 * A file (a generated PDF, a report): the same headers, token renewal and failures as JSON calls,
 * `read` taking the body of a successful answer. No timeout: generating a file (a PDF bundle, a year's
 * report) may take the server longer than any JSON answer, and the caller's signal can still cancel.
 * Apart from the client so that a screen that downloads nothing does not carry it.
 */
export async function getFile<O extends CallOptions, E extends Error, T>(
  client: HttpClient<O, E>,
  path: string,
  options: O,
  read: (response: Response) => Promise<T>,
): Promise<T> {
  type Read = { ok: true; file: T } | { ok: false; data: unknown };
  const { response, value, url } = await client.send(
    'GET',
    path,
    undefined,
    options,
    false,
    async (answer): Promise<Read> =>
      answer.ok
        ? { ok: true, file: await read(answer) }
        : { ok: false, data: await answer.json().catch(() => null) },
  );
  if (value.ok) return value.file;
  throw client.failure(
    { status: response.status, message: errorMessageFromBody(value.data), data: value.data, url, response },
    options,
  );
}
