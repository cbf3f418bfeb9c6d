import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiWrite } from './api-writes';

const fetchMock = vi.fn<typeof fetch>();
const UUID = '3f2a1b4c-0000-4000-8000-000000000001';

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(
    async () =>
      new Response(JSON.stringify({ ok: true }), { headers: { 'content-type': 'application/json' } }),
  );
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const sent = (index = 0) => {
  const [url, init] = fetchMock.mock.calls[index]!;
  return {
    url: String(url),
    method: init?.method,
    body: init?.body ? JSON.parse(String(init.body)) : undefined,
  };
};

const ZOk = z.object({ ok: z.boolean() });

describe('apiWrite', () => {
  it('sends the body with the key’s method to its path and parses the answer', async () => {
    await expect(
      apiWrite('PATCH /service-profile/api/v1/profile', { phoneNumber: '4155550100' }, { schema: ZOk }),
    ).resolves.toEqual({ ok: true });
    expect(sent()).toEqual({
      url: '/service-profile/api/v1/profile',
      method: 'PATCH',
      body: { phoneNumber: '4155550100' },
    });
  });

  it('fills in (and encodes) the path parameters', async () => {
    await apiWrite(
      'PUT /service-application/api/v1/application/heloc/:uuid/tracker-uuid',
      { trackerUuid: UUID },
      { params: { uuid: UUID } },
    );
    await apiWrite('POST /service-optimize/:context/api/v1/features', {}, { params: { context: 'a/b' } });
    expect(sent(0)).toMatchObject({
      url: `/service-application/api/v1/application/heloc/${UUID}/tracker-uuid`,
      method: 'PUT',
    });
    expect(sent(1).url).toBe('/service-optimize/a%2Fb/api/v1/features');
  });

  it('a body the server would refuse for its shape, or a missing parameter, does not compile', () => {
    // Never called: the calls below exist for the compiler; `npm run typecheck` fails if one compiles.
    const wrongCalls = () => [
      // @ts-expect-error the password change needs the current password
      apiWrite('POST /identity/secure/api/v1/password', { newPassword: 'x' }),
      // @ts-expect-error a two-factor code is a string
      apiWrite('POST /identity/secure/api/v1/two-factor/enable', { code: 123456 }),
      apiWrite(
        'POST /service-ops/api/v1/co-deed/signers/:signerUuid/conditions',
        // @ts-expect-error a signer condition is IDENTITY or UPLOAD_DOCUMENT
        { type: 'X', description: 'd' },
        { params: { signerUuid: UUID } },
      ),
      // @ts-expect-error the tracker path names the application
      apiWrite('PUT /service-application/api/v1/application/heloc/:uuid/tracker-uuid', { trackerUuid: UUID }),
      apiWrite(
        'PUT /service-application/api/v1/application/heloc/:uuid/tracker-uuid',
        { trackerUuid: UUID },
        // @ts-expect-error the parameter is `uuid`
        { params: { applicationUuid: UUID } },
      ),
      // @ts-expect-error no such write
      apiWrite('POST /identity/api/v1/logins', { email: 'a@b.c', password: 'p' }),
    ];
    expect(typeof wrongCalls).toBe('function');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
