import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { DEFAULT_ERROR_MESSAGE, HTTP_TIMEOUT_MS } from '@heloc/domain';
import { ApiError, type HttpFailure } from './failure';
import { createHttpClient, getFile, type CallOptions, type EarlyCall } from './http-client';

interface TestOptions extends CallOptions {
  external?: boolean;
  tag?: string;
}

const fetchMock = vi.fn<typeof fetch>();
let stored: string | null;
const makeError = vi.fn((failure: HttpFailure, _options: TestOptions) => new ApiError(failure));
const onUnauthenticated = vi.fn();

const client = createHttpClient<TestOptions>({
  tokenStore: { get: () => stored, set: (token) => (stored = token) },
  sendsToken: (_path, options) => !options.external,
  headers: (_path, options) => ({ 'x-tag': options.tag ?? 'none', Accept: 'application/json' }),
  makeError,
  isUnauthenticated: (error) => error.status === 401,
  onUnauthenticated,
});

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status: 200, ...init });

function sent(index = 0) {
  const [url, init = {}] = fetchMock.mock.calls[index] ?? [];
  return { url: String(url), init, headers: new Headers(init.headers) };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const reason: unknown = await promise.then(
    () => new Error('expected the call to fail'),
    (error: unknown) => error,
  );
  expect(reason).toBeInstanceOf(ApiError);
  return reason as ApiError;
}

/** A fetch that answers only when its signal aborts (then as fetch does: an AbortError). */
const hanging: typeof fetch = (_url, init) =>
  new Promise((_resolve, reject) => {
    const abort = () => reject(new DOMException('aborted', 'AbortError'));
    if (init?.signal?.aborted) abort();
    init?.signal?.addEventListener('abort', abort);
  });

beforeEach(() => {
  stored = null;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => json({ ok: true }));
});

afterEach(() => {
  fetchMock.mockReset();
  makeError.mockClear();
  onUnauthenticated.mockClear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('what a call sends', () => {
  it.each([
    ['a JSON body with its content type', { a: 1 }, '{"a":1}', 'application/json'],
    ['no body and no content type', undefined, undefined, null],
  ])('%s', async (_name, body, wire, contentType) => {
    await client.request('POST', '/x', body, {});
    expect(sent().init.body).toBe(wire);
    expect(sent().headers.get('content-type')).toBe(contentType);
    expect(sent().init.credentials).toBe('include');
  });

  it('a FormData body as it is, for the browser to set the multipart type', async () => {
    const form = new FormData();
    await client.request('POST', '/upload', form, {});
    expect(sent().init.body).toBe(form);
    expect(sent().headers.has('content-type')).toBe(false);
  });

  it('the query with array parameters repeated, and the app’s headers', async () => {
    await client.request('GET', '/list', undefined, { query: { a: [1, 2], b: null }, tag: 't' });
    expect(sent().url).toBe('/list?a=1&a=2');
    expect(sent().headers.get('x-tag')).toBe('t');
  });

  it.each([
    ['the stored token', 'abc', {}, 'Bearer abc'],
    ['nothing without a token', null, {}, null],
    ['nothing when the app says the call goes without', 'abc', { external: true }, null],
  ])('authorization: %s', async (_name, token, options: TestOptions, header) => {
    stored = token;
    await client.request('GET', '/x', undefined, options);
    expect(sent().headers.get('authorization')).toBe(header);
  });
});

describe('token rotation', () => {
  it.each([
    ['a Bearer header, kept bare', 'Bearer fresh', 'fresh'],
    ['a bare header', 'bare.token', 'bare.token'],
    ['no header: the old token stays', null, 'old'],
  ])('%s', async (_name, header, expected) => {
    stored = 'old';
    fetchMock.mockResolvedValueOnce(json({}, header ? { headers: { authorization: header } } : {}));
    await client.request('GET', '/x', undefined, {});
    expect(stored).toBe(expected);
  });

  it('from a refused answer too, and from a file', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ message: 'No' }, { status: 400, headers: { authorization: 'r1' } }),
    );
    await failure(client.request('GET', '/x', undefined, {}));
    expect(stored).toBe('r1');
    fetchMock.mockResolvedValueOnce(new Response('pdf', { headers: { authorization: 'Bearer r2' } }));
    await getFile(client, '/file', {}, (response) => response.text());
    expect(stored).toBe('r2');
  });
});

describe('an answer already on its way (takeEarlyResponse)', () => {
  const early = vi.fn<(call: EarlyCall) => Promise<Response> | null>();
  const withEarly = createHttpClient<TestOptions>({
    tokenStore: { get: () => stored, set: (token) => (stored = token) },
    isUnauthenticated: (error) => error.status === 401,
    onUnauthenticated,
    takeEarlyResponse: early,
  });
  afterEach(() => early.mockReset());

  it('is taken for a read instead of fetching, with what the read would have sent', async () => {
    stored = 'tok';
    early.mockReturnValueOnce(
      Promise.resolve(json({ n: 1 }, { headers: { authorization: 'Bearer renewed' } })),
    );
    const schema = z.object({ n: z.number() });
    expect(await withEarly.request('GET', '/a', undefined, { schema, query: { q: 'x' } })).toEqual({ n: 1 });
    expect(fetchMock).not.toHaveBeenCalled();
    const [{ method, url, headers, body }] = early.mock.calls[0]!;
    expect([method, url, body]).toEqual(['GET', '/a?q=x', null]);
    expect(headers.get('Authorization')).toBe('Bearer tok');
    // Its renewal is kept, as a fetched answer's.
    expect(stored).toBe('renewed');
  });

  it('its refusal is the call’s (401: the unauthenticated rule runs)', async () => {
    early.mockReturnValueOnce(Promise.resolve(json({ message: 'Unauthorized' }, { status: 401 })));
    expect((await failure(withEarly.request('GET', '/a', undefined, {}))).status).toBe(401);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a call with a body is offered with its JSON (a query by POST), never a file upload', async () => {
    early.mockReturnValueOnce(Promise.resolve(json({ n: 2 })));
    expect(await withEarly.request('POST', '/q', { a: [1] }, {})).toEqual({ n: 2 });
    expect(early.mock.calls[0]![0]).toMatchObject({ method: 'POST', url: '/q', body: '{"a":[1]}' });
    await withEarly.request('POST', '/upload', new FormData(), {});
    expect(early).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it(`one that never comes times out after ${HTTP_TIMEOUT_MS} ms; the caller can cancel the wait`, async () => {
    vi.useFakeTimers();
    early.mockReturnValueOnce(new Promise(() => {}));
    const pending = failure(withEarly.request('GET', '/slow', undefined, {}));
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS);
    expect(await pending).toMatchObject({ status: 0, message: 'Request to /slow timed out' });
    vi.useRealTimers();
    early.mockReturnValueOnce(new Promise(() => {}));
    const cancel = new AbortController();
    const cancelled = withEarly.request('GET', '/slow', undefined, { signal: cancel.signal });
    cancel.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a failed one is fetched again; without one the call is fetched', async () => {
    early.mockReturnValueOnce(Promise.reject(new TypeError('Failed to fetch')));
    expect(await withEarly.request('GET', '/a', undefined, {})).toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    early.mockReturnValueOnce(null);
    await withEarly.request('GET', '/b', undefined, {});
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('answers', () => {
  const ZOk = z.object({ ok: z.boolean() });
  it.each([
    ['JSON without a schema', json({ any: 1 }), undefined, { value: { any: 1 } }],
    ['JSON parsed by the schema', json({ ok: true, extra: 1 }), ZOk, { value: { ok: true } }],
    [
      'an empty success without a schema',
      new Response(null, { status: 204 }),
      undefined,
      { value: undefined },
    ],
    [
      'an empty success where the schema wants a body',
      new Response('', { status: 200 }),
      ZOk,
      { status: 200, message: 'Undefined response from /a' },
    ],
    ['a JSON null for a schema', json(null), ZOk, { status: 200, message: 'Undefined response from /a' }],
    [
      'a success that is not JSON',
      new Response('<html>'),
      undefined,
      { status: 200, message: 'Response from /a was not convertible to JSON', data: '<html>' },
    ],
    [
      'a body of another shape',
      json({ ok: 'yes' }),
      ZOk,
      { status: 200, message: 'Response from /a did not match the expected shape', data: { ok: 'yes' } },
    ],
    [
      'a refusal: the body’s message and the body as data',
      json({ message: 'Taken', details: { a: 1 } }, { status: 409 }),
      ZOk,
      { status: 409, message: 'Taken', data: { message: 'Taken', details: { a: 1 } } },
    ],
    [
      'a refusal without a body',
      new Response(null, { status: 500 }),
      undefined,
      { status: 500, message: 'Undefined response from /a' },
    ],
    [
      'a refusal that is not JSON',
      new Response('Bad gateway', { status: 502 }),
      undefined,
      { status: 502, message: 'Response from /a was not convertible to JSON', data: 'Bad gateway' },
    ],
  ])('%s', async (_name, response, schema, expected) => {
    fetchMock.mockResolvedValueOnce(response);
    const pending = client.request('GET', '/a', undefined, schema ? { schema } : {});
    if ('value' in expected) {
      await expect(pending).resolves.toEqual(expected.value);
      expect(makeError).not.toHaveBeenCalled();
      return;
    }
    const error = await failure(pending);
    expect(error).toMatchObject(expected);
    expect(error.url).toBe('/a');
    // The app's factory saw the answer itself, so it can read e.g. the status text.
    expect(makeError.mock.calls[0]?.[0].response).toBe(response);
  });
});

describe('no answer', () => {
  it(`times out after ${HTTP_TIMEOUT_MS} ms, not before, as a status-0 failure`, async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hanging);
    const pending = failure(client.request('GET', '/slow', undefined, {}));
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(sent().init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toMatchObject({ status: 0, message: 'Request to /slow timed out' });
    expect(error.isNetworkError).toBe(true);
  });

  it('a file has no timeout', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hanging);
    void getFile(client, '/big', {}, (response) => response.blob()).catch(() => undefined);
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS * 3);
    expect(sent().init.signal?.aborted).toBe(false);
  });

  it('a network failure: the default message, the cause kept', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failure(client.request('GET', '/x', undefined, {}));
    expect(error).toMatchObject({ status: 0, message: DEFAULT_ERROR_MESSAGE });
    expect(error.cause).toBeInstanceOf(TypeError);
  });

  it.each([
    ['a JSON call', (signal: AbortSignal) => client.request('GET', '/x', undefined, { signal })],
    ['a file', (signal: AbortSignal) => getFile(client, '/f', { signal }, (response) => response.blob())],
  ])('the caller’s own abort passes through untouched (%s)', async (_name, start) => {
    fetchMock.mockImplementation(hanging);
    const controller = new AbortController();
    const pending = start(controller.signal);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(makeError).not.toHaveBeenCalled();
  });

  it('an already aborted signal never waits', async () => {
    fetchMock.mockImplementation(hanging);
    await expect(
      client.request('GET', '/x', undefined, { signal: AbortSignal.abort() }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('the app’s error and unauthenticated rule', () => {
  it.each([
    [401, 1],
    [403, 0],
    [500, 0],
  ])(
    'status %i: the factory gets the failure and the options; the hook runs %i time(s)',
    async (status, runs) => {
      fetchMock.mockResolvedValueOnce(json({ message: 'm' }, { status }));
      await failure(client.request('GET', '/x', undefined, { tag: 'mine' }));
      expect(makeError).toHaveBeenCalledWith(
        expect.objectContaining({ status, message: 'm', url: '/x' }),
        expect.objectContaining({ tag: 'mine' }),
      );
      expect(onUnauthenticated).toHaveBeenCalledTimes(runs);
    },
  );

  it('a factory of the app’s own makes the thrown error', async () => {
    class DeskError extends Error {}
    const own = createHttpClient<CallOptions, DeskError>({
      tokenStore: { get: () => null, set: () => {} },
      makeError: (failed) => new DeskError(`${failed.status}: ${failed.response?.statusText ?? ''}`),
    });
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 404, statusText: 'Not Found' }));
    await expect(own.request('GET', '/x', undefined, {})).rejects.toEqual(new DeskError('404: Not Found'));
  });
});

describe('files', () => {
  it('reads a successful answer with the caller’s reader', async () => {
    fetchMock.mockResolvedValueOnce(new Response('a|b'));
    await expect(getFile(client, '/f', {}, (response) => response.text())).resolves.toBe('a|b');
    expect(sent().init.method).toBe('GET');
  });

  it.each([
    ['a JSON error body: its message', json({ message: 'Fails 1 edit' }, { status: 400 }), 'Fails 1 edit'],
    ['anything else: the default message', new Response('oops', { status: 500 }), DEFAULT_ERROR_MESSAGE],
  ])('a refusal with %s', async (_name, response, message) => {
    fetchMock.mockResolvedValueOnce(response);
    const error = await failure(getFile(client, '/f', {}, (answer) => answer.blob()));
    expect(error).toMatchObject({ status: response.status, message });
  });
});

describe('typed writes', () => {
  it('the key’s method, the path with its parameters encoded, the body, the schema', async () => {
    await expect(
      client.write(
        'PUT /service-application/api/v1/application/heloc/:uuid/tracker-uuid',
        { trackerUuid: 'a/b' },
        { params: { uuid: 'x y' }, schema: z.object({ ok: z.boolean() }) },
      ),
    ).resolves.toEqual({ ok: true });
    expect(sent().url).toBe('/service-application/api/v1/application/heloc/x%20y/tracker-uuid');
    expect(sent().init.method).toBe('PUT');
    expect(sent().init.body).toBe('{"trackerUuid":"a/b"}');
  });
});
