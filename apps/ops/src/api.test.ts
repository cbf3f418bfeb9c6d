import { afterEach, describe, expect, it, vi } from 'vitest';
import { call, DeskError, desk, fetchFile, storedToken, write } from './api';
import { consoleApi } from './console/api';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('desk api', () => {
  it('opens the websocket on the same host with the agent token', () => {
    expect(desk.socketUrl('abc')).toBe(
      `ws://${window.location.host}/service-omni-proxy/insecure/api/v1/ws?token=abc`,
    );
  });

  it('keeps the rotated sign-in token and reports failures with the server’s message', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ status: 403, message: 'Staff only' }), {
          status: 403,
          headers: { authorization: 'Bearer rotated', 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(desk.list()).rejects.toMatchObject({ status: 403, message: 'Staff only' });
    expect(storedToken()).toBe('rotated');
  });
});

describe('the shared client’s rules in the console', () => {
  it('gives up after 30 s with a DeskError of status 0 (the console used to wait forever)', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = desk.list().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(30_000);
    const error = await pending;
    expect(error).toBeInstanceOf(DeskError);
    expect(error).toMatchObject({ status: 0 });
  });

  it('a refusal without the server’s message says the status text, with the body’s details', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ details: { twoFactorRequired: true } }), {
            status: 401,
            statusText: 'Unauthorized',
          }),
      ),
    );
    await expect(call('GET', '/x', null)).rejects.toMatchObject({
      status: 401,
      message: 'Unauthorized',
      details: { twoFactorRequired: true },
    });
  });

  it('sends the chat token header and JSON Accept, and no content type without a body', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    await desk.end('chat-token', 'CH1');
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('x-chat-token')).toBe('chat-token');
    expect(headers.get('accept')).toBe('application/json');
    expect(headers.has('content-type')).toBe(false);
  });
});

describe('files through the client', () => {
  it('carries the staff token, keeps the rotated one and answers the server’s file name', async () => {
    sessionStorage.setItem('ops_jwt', 'staff-jwt');
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response('a|b', {
          headers: {
            authorization: 'Bearer rotated',
            'content-disposition': 'attachment; filename="lar.txt"',
          },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { blob, fileName } = await fetchFile('/service-ops/api/v1/reports/hmda-lar?year=2026', 'Failed');
    expect(await blob.text()).toBe('a|b');
    expect(fileName).toBe('lar.txt');
    const [, init] = fetchMock.mock.calls[0]!;
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer staff-jwt');
    expect(init?.credentials).toBe('include');
    expect(storedToken()).toBe('rotated');
  });

  it('a refused file says the server’s message, or the caller’s own text when asked', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ status: 400, message: 'The LAR fails 1 edit' }), { status: 400 }),
      ),
    );
    await expect(fetchFile('/file', 'Could not download')).rejects.toMatchObject({
      status: 400,
      message: 'The LAR fails 1 edit',
    });
    await expect(fetchFile('/file', 'Could not open', { serverMessage: false })).rejects.toMatchObject({
      status: 400,
      message: 'Could not open',
    });
  });
});

describe('typed writes', () => {
  const UUID = '3f2a1b4c-0000-4000-8000-000000000001';

  it('sends the body with the key’s method to the path with its parameters', async () => {
    const fetchMock = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response(JSON.stringify({ ok: true }), { headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await write('PUT /service-ops/api/v1/staff/:identityUuid/roles', { roles: ['PROCESSOR'] }, null, {
      params: { identityUuid: UUID },
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/service-ops/api/v1/staff/${UUID}/roles`);
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ roles: ['PROCESSOR'] });
  });

  it('a body the server would refuse for its shape does not compile (typecheck holds these)', () => {
    // Never called: the calls below exist for the compiler; `npm run typecheck` fails if one compiles.
    const wrongCalls = () => [
      // @ts-expect-error no such role
      write('PUT /service-ops/api/v1/staff/:identityUuid/roles', { roles: ['KING'] }, null, {
        params: { identityUuid: UUID },
      }),
      // @ts-expect-error a note's text is `body`
      write('POST /service-ops/api/v1/applications/:uuid/notes', { text: 'x' }, null, {
        params: { uuid: UUID },
      }),
      // @ts-expect-error the application is a path parameter
      write('POST /service-ops/api/v1/applications/:uuid/notes', { body: 'x' }, null),
      // @ts-expect-error waiving a condition needs the reason
      consoleApi.changeCondition(UUID, UUID, 'waive', { documentUuid: UUID }),
    ];
    expect(typeof wrongCalls).toBe('function');
  });
});
