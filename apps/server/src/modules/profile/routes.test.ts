/** The profile through HTTP: read, edit, and the 401 the web turns into "remove the token". */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZProfile } from '@heloc/domain';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn } from '../../test/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 1000 });
});
afterAll(async () => t.close());

const URL = '/service-profile/api/v1/profile';

describe('profile', () => {
  it('answers the caller’s profile in the shared shape, without the SSN', async () => {
    const borrower = await registerAndSignIn(t.app);
    const res = await t.app.inject({ method: 'GET', url: URL, headers: borrower });
    expect(res.statusCode).toBe(200);
    const profile = ZProfile.parse(res.json());
    expect(profile).toMatchObject({
      uuid: borrower.identityUuid,
      email: borrower.email,
      hasSsn: false,
      type: 'BORROWER',
    });
    expect(profile.account).toMatchObject({ name: 'Test Borrower' });
    expect(res.body).not.toMatch(/ssn"\s*:\s*"/i);
  });

  it('401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(401);
  });

  it('edits the name and the primary phone number', async () => {
    const borrower = await registerAndSignIn(t.app);
    const res = await t.app.inject({
      method: 'PATCH',
      url: URL,
      headers: borrower,
      payload: { name: { firstName: 'Ann', lastName: 'Lee', suffix: 'Jr' }, phoneNumber: '+12125550199' },
    });
    expect(res.statusCode).toBe(200);
    const profile = res.json();
    expect(profile.name).toMatchObject({ firstName: 'Ann', lastName: 'Lee', suffix: 'Jr' });
    expect(profile.phoneNumbers).toEqual([
      expect.objectContaining({ number: '4155550100', primary: false }),
      expect.objectContaining({ number: '2125550199', primary: true }),
    ]);
  });

  it.each([
    [{}, 'Nothing to change'],
    [{ name: { firstName: '', lastName: 'Lee' } }, 'Required'],
    [{ phoneNumber: '12' }, undefined],
  ])('rejects %o', async (payload, message) => {
    const borrower = await registerAndSignIn(t.app);
    const res = await t.app.inject({ method: 'PATCH', url: URL, headers: borrower, payload });
    expect(res.statusCode).toBe(400);
    if (message) expect(res.json().message).toContain(message);
  });
});
