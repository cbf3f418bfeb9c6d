import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ORG_CODE_HEADER, ORIGIN_HEADER, SESSION_REPLAY_HEADER } from '@heloc/domain';
import {
  api,
  ApiError,
  isUnauthenticatedFailure,
  setApiOrgCode,
  setSessionReplayLink,
  setUnauthenticatedHandler,
  subscribeToToken,
} from './api-client';
import { browserLocation } from './browser-location';

const fetchMock = vi.fn<typeof fetch>();

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}

/** The URL and init of the n-th fetch call. */
function call(index = 0): { url: string; init: RequestInit; headers: Headers } {
  const args = fetchMock.mock.calls[index];
  if (!args) throw new Error(`fetch was not called ${index + 1} time(s)`);
  const init = args[1] ?? {};
  return { url: String(args[0]), init, headers: new Headers(init.headers) };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  // jsdom cannot navigate: every document navigation of the sign-out rule is watched instead.
  vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  setUnauthenticatedHandler(null);
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(async () => json({ ok: true }));
  setApiOrgCode('ACME');
  setSessionReplayLink(null);
});

afterEach(() => {
  vi.restoreAllMocks();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('request basics', () => {
  it('includes credentials and a JSON content type', async () => {
    await api.get('/service-profile/api/v1/profile');
    expect(call().init.credentials).toBe('include');
    expect(call().headers.get('content-type')).toBe('application/json');
  });

  it('sends the body as JSON with the method asked for', async () => {
    await api.patch('/thing', { a: 1, list: ['x'] });
    expect(call().init.method).toBe('PATCH');
    expect(call().init.body).toBe('{"a":1,"list":["x"]}');
    expect(call().headers.get('content-type')).toBe('application/json');
  });

  it('lets a FormData body set its own multipart content type', async () => {
    const form = new FormData();
    form.append('file', 'content');
    await api.post('/upload', form);
    expect(call().init.body).toBe(form);
    expect(call().headers.has('content-type')).toBe(false);
  });
});

describe('token handling', () => {
  it('sends the stored jwt as a Bearer token', async () => {
    localStorage.setItem('jwt', 'abc.def.ghi');
    await api.get('/service-profile/api/v1/profile');
    expect(call().headers.get('authorization')).toBe('Bearer abc.def.ghi');
  });

  it('sends no Authorization header without a stored token', async () => {
    await api.get('/service-profile/api/v1/profile');
    expect(call().headers.has('authorization')).toBe(false);
  });

  it('rewrites a token stored without the prefix (an older version) in the spec form', async () => {
    localStorage.setItem('jwt', 'legacy.token');
    await api.get('/x');
    expect(call().headers.get('authorization')).toBe('Bearer legacy.token');
    expect(localStorage.getItem('jwt')).toBe('Bearer legacy.token');
  });

  it('never doubles the prefix of a token stored with one', async () => {
    localStorage.setItem('jwt', 'Bearer abc');
    await api.get('/x');
    expect(call().headers.get('authorization')).toBe('Bearer abc');
  });

  it('replaces the stored token with a response authorization header, stored as "Bearer <jwt>" (spec 1 §4)', async () => {
    localStorage.setItem('jwt', 'old');
    fetchMock.mockResolvedValueOnce(json({}, { headers: { authorization: 'Bearer new.token' } }));
    await api.get('/x');
    expect(localStorage.getItem('jwt')).toBe('Bearer new.token');
    await api.get('/y');
    expect(call(1).headers.get('authorization')).toBe('Bearer new.token');
  });

  it('stores a bare response token with the Bearer prefix', async () => {
    fetchMock.mockResolvedValueOnce(json({}, { headers: { authorization: 'bare.token' } }));
    await api.get('/x');
    expect(localStorage.getItem('jwt')).toBe('Bearer bare.token');
  });

  it('keeps the stored token when the response has no authorization header', async () => {
    localStorage.setItem('jwt', 'Bearer kept');
    await api.get('/x');
    expect(localStorage.getItem('jwt')).toBe('Bearer kept');
  });

  it('sends no token on external-context calls (option)', async () => {
    localStorage.setItem('jwt', 'abc');
    await api.post('/service-csp/api/v1/something', {}, { external: true });
    expect(call().headers.has('authorization')).toBe(false);
  });

  it('sends no token on external-context calls (path containing /external/)', async () => {
    localStorage.setItem('jwt', 'abc');
    await api.get('/service-application/external/api/v1/heloc/state-licenses');
    expect(call().headers.has('authorization')).toBe(false);
  });
});

describe('organisation, origin and session-replay headers', () => {
  it('adds the organisation code and page origin on every call', async () => {
    await api.get('/a');
    await api.post('/b', {});
    await api.get('/service-operating-hours/external/api/v1/hours/OPS_PHONE');
    for (const index of [0, 1, 2]) {
      expect(call(index).headers.get(ORG_CODE_HEADER)).toBe('ACME');
      expect(call(index).headers.get(ORIGIN_HEADER)).toBe(window.location.origin);
    }
  });

  it('follows a change of organisation code', async () => {
    setApiOrgCode('MAIN');
    await api.get('/a');
    expect(call().headers.get(ORG_CODE_HEADER)).toBe('MAIN');
  });

  it('adds the session-replay header only while a link is set', async () => {
    await api.get('/a');
    expect(call(0).headers.has(SESSION_REPLAY_HEADER)).toBe(false);
    setSessionReplayLink('https://replay.test/session/1');
    await api.get('/b');
    expect(call(1).headers.get(SESSION_REPLAY_HEADER)).toBe('https://replay.test/session/1');
    setSessionReplayLink(null);
    await api.get('/c');
    expect(call(2).headers.has(SESSION_REPLAY_HEADER)).toBe(false);
  });
});

describe('query parameters', () => {
  it('repeats array parameters and skips missing values', async () => {
    await api.get('/list', { query: { a: [1, 2], b: 'x y', c: undefined, d: null, e: true } });
    expect(call().url).toBe('/list?a=1&a=2&b=x+y&e=true');
  });

  it('appends to a path that already has a query', async () => {
    await api.get('/hours/OPS_CHAT/week?display=true', { query: { tag: ['p', 'q'] } });
    expect(call().url).toBe('/hours/OPS_CHAT/week?display=true&tag=p&tag=q');
  });

  it('leaves the path alone without parameters', async () => {
    await api.get('/plain', { query: { gone: undefined } });
    expect(call().url).toBe('/plain');
  });
});

describe('timeout', () => {
  it('aborts after 30000 ms, not before', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          signal = init?.signal ?? undefined;
          signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = failure(api.get('/slow'));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    const error = await pending;
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe('Request to /slow timed out');
  });

  it("passes the caller's own abort through untouched", async () => {
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = api.get('/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('responses', () => {
  it('parses a response with the given schema', async () => {
    fetchMock.mockResolvedValueOnce(json({ enabled: true, extra: 1 }));
    const result = await api.post(
      '/feature',
      { featureKey: 'fe-webchat' },
      { schema: z.object({ enabled: z.boolean() }) },
    );
    expect(result).toEqual({ enabled: true });
  });

  it('rejects a response that does not match the schema', async () => {
    fetchMock.mockResolvedValueOnce(json({ enabled: 'yes' }));
    const error = await failure(api.get('/feature', { schema: z.object({ enabled: z.boolean() }) }));
    expect(error.status).toBe(200);
    expect(error.data).toEqual({ enabled: 'yes' });
  });

  it('returns undefined for an empty success body when no body was expected', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(api.put('/x', { link: 'l' })).resolves.toBeUndefined();
  });

  it('reports an undefined response when JSON was expected but the body is empty', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 200 }));
    const error = await failure(api.get('/empty', { schema: z.object({}) }));
    expect(error.message).toBe('Undefined response from /empty');
  });

  it('reports an undefined response for a JSON null where data was expected', async () => {
    fetchMock.mockResolvedValueOnce(json(null));
    const error = await failure(api.get('/null', { schema: z.object({}) }));
    expect(error.message).toBe('Undefined response from /null');
  });

  it('reports a success body that is not JSON', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 200 }));
    const error = await failure(api.get('/html'));
    expect(error.message).toBe('Response from /html was not convertible to JSON');
  });
});

describe('errors', () => {
  it('gives status, the body message and the body as data', async () => {
    const body = { status: 409, message: 'Application already submitted', details: { step: 'X' } };
    fetchMock.mockResolvedValueOnce(json(body, { status: 409 }));
    const error = await failure(api.post('/submit', {}));
    expect(error.status).toBe(409);
    expect(error.message).toBe('Application already submitted');
    expect(error.data).toEqual(body);
    expect(error.isNetworkError).toBe(false);
  });

  it('uses a textual status field when there is no message', async () => {
    fetchMock.mockResolvedValueOnce(json({ status: 'UNAUTHENTICATED' }, { status: 403 }));
    const error = await failure(api.get('/x'));
    expect(error.status).toBe(403);
    expect(error.message).toBe('UNAUTHENTICATED');
  });

  it('falls back to the combined text of the error list', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ errors: [{ message: 'Bad zip' }, 'Bad zip.', { message: 'Bad city' }] }, { status: 400 }),
    );
    const error = await failure(api.get('/x'));
    expect(error.message).toBe('Bad zip, Bad city.');
  });

  it('falls back to the default message without any text', async () => {
    fetchMock.mockResolvedValueOnce(json({ status: 500 }, { status: 500 }));
    const error = await failure(api.get('/x'));
    expect(error.message).toBe('Something unexpected happened');
  });

  it('reports a failure whose body is not JSON', async () => {
    fetchMock.mockResolvedValueOnce(new Response('Bad gateway', { status: 502 }));
    const error = await failure(api.get('/service-x/a', { query: { q: 1 } }));
    expect(error.status).toBe(502);
    expect(error.message).toBe('Response from /service-x/a?q=1 was not convertible to JSON');
    expect(error.data).toBe('Bad gateway');
  });

  it('reports a failure with an empty body as an undefined response', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 500 }));
    const error = await failure(api.delete('/x'));
    expect(error.status).toBe(500);
    expect(error.message).toBe('Undefined response from /x');
  });

  it('still takes a renewed token from a failed response', async () => {
    fetchMock.mockResolvedValueOnce(
      json({ status: 400, message: 'No' }, { status: 400, headers: { authorization: 'Bearer renewed' } }),
    );
    await failure(api.get('/x'));
    expect(localStorage.getItem('jwt')).toBe('Bearer renewed');
  });

  it('turns a network failure into an ApiError with status 0 and the default message', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const error = await failure(api.get('/x'));
    expect(error.status).toBe(0);
    expect(error.isNetworkError).toBe(true);
    expect(error.message).toBe('Something unexpected happened');
    expect(error.cause).toBeInstanceOf(TypeError);
  });
});

describe('unauthenticated failures (spec 2 §8)', () => {
  const at = (pathname: string, search = '') =>
    vi.spyOn(browserLocation, 'current').mockReturnValue({ pathname, search, hash: '' });

  it.each([
    [401, 'Unauthenticated', true],
    [401, 'Session expired', true],
    [403, 'unauthenticated', true],
    [403, 'UNAUTHENTICATED', true],
    [403, 'Invalid Signature', true],
    [403, 'Not an agent account', false],
    [400, 'unauthenticated', false],
  ])('status %i with "%s" → %s', (status, message, expected) => {
    expect(isUnauthenticatedFailure(status, message)).toBe(expected);
  });

  it('a 401 clears the token and sends the page to /auth/login with itself as redirectUrl', async () => {
    localStorage.setItem('jwt', 'old');
    at('/dashboard/settings', '?tab=2');
    fetchMock.mockResolvedValueOnce(json({ status: 401, message: 'Unauthenticated' }, { status: 401 }));
    const error = await failure(api.get('/service-profile/api/v1/profile'));
    expect(error.status).toBe(401);
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(browserLocation.assign).toHaveBeenCalledWith(
      '/auth/login?redirectUrl=%2Fdashboard%2Fsettings%3Ftab%3D2',
    );
  });

  it('a 403 "invalid signature" does the same', async () => {
    localStorage.setItem('jwt', 'old');
    at('/account/heloc/0b7c6f0e-8c5a-4c1e-9d43-5c0f4f1a2b3c/liens');
    fetchMock.mockResolvedValueOnce(json({ status: 403, message: 'invalid signature' }, { status: 403 }));
    await failure(api.get('/x'));
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(browserLocation.assign).toHaveBeenCalledWith(
      '/auth/login?redirectUrl=%2Faccount%2Fheloc%2F0b7c6f0e-8c5a-4c1e-9d43-5c0f4f1a2b3c%2Fliens',
    );
  });

  it('a 401 without a JSON body counts too', async () => {
    at('/dashboard');
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 401 }));
    await failure(api.get('/x'));
    expect(browserLocation.assign).toHaveBeenCalledWith('/auth/login?redirectUrl=%2Fdashboard');
  });

  it('signer pages go to the signer login, register pages to registration', async () => {
    at('/account/heloc/heloc-signer/documents');
    fetchMock.mockResolvedValueOnce(json({ status: 401, message: 'Unauthenticated' }, { status: 401 }));
    await failure(api.get('/x'));
    expect(browserLocation.assign).toHaveBeenCalledWith('/account/heloc/heloc-signer/login');

    setUnauthenticatedHandler(null);
    at('/account/heloc/register/account-setup', '?applicationUuid=x');
    fetchMock.mockResolvedValueOnce(json({ status: 401, message: 'Unauthenticated' }, { status: 401 }));
    await failure(api.get('/x'));
    expect(browserLocation.assign).toHaveBeenLastCalledWith('/account/heloc/register');
  });

  it('other 403s keep the session', async () => {
    localStorage.setItem('jwt', 'Bearer kept');
    fetchMock.mockResolvedValueOnce(json({ status: 403, message: 'Not an agent account' }, { status: 403 }));
    await failure(api.get('/x'));
    expect(localStorage.getItem('jwt')).toBe('Bearer kept');
    expect(browserLocation.assign).not.toHaveBeenCalled();
  });

  it('a call that opts out (the login call) only fails', async () => {
    localStorage.setItem('jwt', 'Bearer kept');
    fetchMock.mockResolvedValueOnce(
      json({ status: 401, message: 'Invalid email or password' }, { status: 401 }),
    );
    const error = await failure(api.post('/identity/api/v1/login', {}, { skipAuthRedirect: true }));
    expect(error.message).toBe('Invalid email or password');
    expect(localStorage.getItem('jwt')).toBe('Bearer kept');
    expect(browserLocation.assign).not.toHaveBeenCalled();
  });

  it('navigates once when several calls fail together, and not at all on the login page itself', async () => {
    at('/dashboard');
    fetchMock.mockImplementation(async () =>
      json({ status: 401, message: 'Unauthenticated' }, { status: 401 }),
    );
    await Promise.all([failure(api.get('/a')), failure(api.get('/b'))]);
    expect(browserLocation.assign).toHaveBeenCalledTimes(1);

    setUnauthenticatedHandler(null);
    vi.mocked(browserLocation.assign).mockClear();
    localStorage.setItem('jwt', 'stale');
    at('/auth/login', '?redirectUrl=%2Fdashboard');
    await failure(api.get('/c'));
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(browserLocation.assign).not.toHaveBeenCalled();
  });

  it('a replaced handler gets the failure instead', async () => {
    const handler = vi.fn();
    setUnauthenticatedHandler(handler);
    fetchMock.mockResolvedValueOnce(json({ status: 401, message: 'Unauthenticated' }, { status: 401 }));
    await failure(api.get('/x'));
    expect(handler).toHaveBeenCalledTimes(1);
    expect(browserLocation.assign).not.toHaveBeenCalled();
  });

  it('tells token listeners about stored, renewed and cleared tokens', async () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToToken(listener);
    fetchMock.mockResolvedValueOnce(json({ ok: true }, { headers: { authorization: 'Bearer fresh' } }));
    await api.get('/x');
    expect(listener).toHaveBeenCalledTimes(1);
    at('/dashboard');
    fetchMock.mockResolvedValueOnce(json({ status: 401, message: 'Unauthenticated' }, { status: 401 }));
    await failure(api.get('/x'));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
