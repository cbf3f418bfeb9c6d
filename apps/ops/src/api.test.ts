import { afterEach, describe, expect, it, vi } from 'vitest';
import { desk, storedToken } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
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
