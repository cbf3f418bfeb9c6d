/** Identity through HTTP: sign-in, registration, token binding and rotation, logout, settings. */
import type { InjectOptions } from 'fastify';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db';
import { DEMO_ACCOUNTS } from '../../seed/seed';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn, registrationBody, signIn } from '../../test/auth';
import { TokenService } from './tokens';

let t: TestApp;
const demo = DEMO_ACCOUNTS[0];
const jwtSecret = 'identity-test-secret-identity-test-secret';

beforeAll(async () => {
  t = await createTestApp({ jwtSecret, authRateLimitPerMinute: 1000 }, { demoData: true });
});
afterAll(async () => t.close());

const inject = (options: InjectOptions) => t.app.inject(options);
const login = (payload: Record<string, unknown>) =>
  inject({ method: 'POST', url: '/identity/api/v1/login', payload });
const identityOf = (headers: Record<string, string>) =>
  inject({ method: 'GET', url: '/identity/secure/api/v1/identity', headers });

describe('POST /identity/api/v1/login', () => {
  it('answers a token and sets an HttpOnly, SameSite=Strict fingerprint cookie', async () => {
    const res = await login({ email: demo.email.toUpperCase(), password: demo.password });
    expect(res.statusCode).toBe(200);
    const { jwt } = res.json();
    expect(jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.headers.authorization).toBe(`Bearer ${jwt}`);
    const cookie = res.cookies.find((c) => c.name === t.app.fingerprintCookie)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    // The token carries only a hash of the cookie, never the cookie itself.
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url').toString());
    expect(JSON.stringify(payload)).not.toContain(cookie.value);
  });

  it('answers an unknown e-mail and a wrong password identically', async () => {
    const unknown = await login({ email: 'nobody@example.com', password: 'Whatever-1234' });
    const wrong = await login({ email: demo.email, password: 'Wrong-password-1' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ status: 401, message: 'Invalid email or password' });
    expect(wrong.json()).toEqual(unknown.json());
    expect(unknown.cookies).toEqual([]);
  });

  it.each([
    [{}, ['body.email', 'body.password']],
    [{ email: 'not-an-email', password: 'x' }, ['body.email']],
    [{ email: demo.email, password: '' }, ['body.password']],
  ])('rejects %o naming the fields', async (payload, paths) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
    ).toEqual(paths);
  });
});

describe('token binding, rotation and logout', () => {
  it('a token without its fingerprint cookie is useless (copied out of local storage)', async () => {
    const credentials = await signIn(t.app, demo.email, demo.password);
    expect((await identityOf(credentials)).statusCode).toBe(200);
    expect((await identityOf({ authorization: credentials.authorization })).statusCode).toBe(401);
    const other = await signIn(t.app, demo.email, demo.password);
    const mixed = await identityOf({ authorization: credentials.authorization, cookie: other.cookie });
    expect(mixed.statusCode).toBe(401);
    expect(mixed.json()).toEqual({ status: 401, message: 'Unauthenticated' });
  });

  it.each([
    ['no header', {}],
    ['a malformed header', { authorization: 'Token abc' }],
    ['a forged token', { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl' }],
  ])('%s answers 401', async (_label, headers) => {
    const res = await identityOf(headers as Record<string, string>);
    expect(res.statusCode).toBe(401);
    expect(res.json().status).toBe(401);
  });

  it('a token older than a minute is replaced through the response authorization header', async () => {
    const credentials = await signIn(t.app, demo.email, demo.password);
    const fresh = await identityOf(credentials);
    expect(fresh.headers.authorization).toBeUndefined();

    const claims = await t.app.tokens.verify(credentials.authorization.slice('Bearer '.length));
    const twoMinutesAgo = new TokenService(jwtSecret, 900, () => Date.now() - 120_000);
    const { token } = await twoMinutesAgo.issue(claims, new Date(Date.now() + 3600_000));
    const res = await identityOf({ authorization: `Bearer ${token}`, cookie: credentials.cookie });
    expect(res.statusCode).toBe(200);
    const rotated = String(res.headers.authorization);
    expect(rotated).toMatch(/^Bearer /);
    expect(rotated).not.toBe(`Bearer ${token}`);
    expect((await identityOf({ authorization: rotated, cookie: credentials.cookie })).statusCode).toBe(200);
  });

  it('an expired token answers 401 "Session expired"', async () => {
    const credentials = await signIn(t.app, demo.email, demo.password);
    const claims = await t.app.tokens.verify(credentials.authorization.slice('Bearer '.length));
    const longAgo = new TokenService(jwtSecret, 60, () => Date.now() - 3600_000);
    const { token } = await longAgo.issue(claims, new Date(Date.now() + 3600_000));
    const res = await identityOf({ authorization: `Bearer ${token}`, cookie: credentials.cookie });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Session expired');
  });

  it('logout ends the session: its tokens stop working and the cookie is cleared', async () => {
    const credentials = await signIn(t.app, demo.email, demo.password);
    const res = await inject({
      method: 'POST',
      url: '/identity-broker/customer/secure/api/v3/logout',
      headers: credentials,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirectUrl: '/auth/login' });
    expect(res.cookies.find((c) => c.name === t.app.fingerprintCookie)?.value).toBe('');
    expect((await identityOf(credentials)).statusCode).toBe(401);
  });
});

describe('identity user', () => {
  it.each([
    '/identity/secure/api/v1/identity',
    '/identity/secure/api/v1_1/identity',
    '/identity-broker/customer/secure/api/v3/self/figureinfo',
  ])('%s answers the identity user of the spec', async (url) => {
    const credentials = await signIn(t.app, demo.email, demo.password);
    const res = await inject({ method: 'GET', url, headers: credentials });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: demo.email,
      organizationCode: 'MAIN',
      profileType: 'BORROWER',
      isBroker: false,
      isManageable: true,
      passwordExpired: false,
      twoFactorEnabled: false,
      totpVerified: false,
      aliases: [],
      wallet: { accountAddress: expect.stringMatching(/^0x[0-9a-f]{40}$/) },
    });
    expect(res.json()).not.toHaveProperty('passwordHash');
  });

  it('the agent side refuses a borrower', async () => {
    const credentials = await signIn(t.app, demo.email, demo.password);
    const res = await inject({
      method: 'GET',
      url: '/identity-broker/agent/secure/api/v3/self/figureinfo',
      headers: credentials,
    });
    expect(res.statusCode).toBe(403);
  });

  it('an unknown side is a 400', async () => {
    const credentials = await signIn(t.app, demo.email, demo.password);
    const res = await inject({
      method: 'GET',
      url: '/identity-broker/admin/secure/api/v3/self/figureinfo',
      headers: credentials,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /identity-broker/{side}/api/v3/login (redirecting)', () => {
  const brokerLogin = (redirectUrl?: string) =>
    inject({
      method: 'POST',
      url: '/identity-broker/customer/api/v3/login',
      payload: {
        email: demo.email,
        password: demo.password,
        ...(redirectUrl === undefined ? {} : { redirectUrl }),
      },
    });

  it('redirects to an allowed redirectUrl with the token in the fragment', async () => {
    const res = await brokerLogin('/account/heloc/register?step=income');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toMatch(/^\/account\/heloc\/register\?step=income#jwt=[\w.-]+$/);
    expect(res.cookies.some((c) => c.name === t.app.fingerprintCookie)).toBe(true);
  });

  it.each(['//evil.example/x', 'https://evil.example', '/\\evil.example', '/Dashboard', ''])(
    'ignores the hostile redirectUrl %j and goes to /dashboard',
    async (redirectUrl) => {
      const res = await brokerLogin(redirectUrl);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toMatch(/^\/dashboard#jwt=/);
    },
  );

  it('the agent side names itself in the fragment (the web signs out on the side the identity came from)', async () => {
    const body = registrationBody({ email: 'broker.agent@example.com' });
    const registered = await inject({
      method: 'POST',
      url: '/identity/api/v1/registration/register',
      headers: { 'x-org-code': 'MAIN' },
      payload: body,
    });
    expect(registered.statusCode).toBe(201);
    await t.database.db
      .update(schema.identities)
      .set({ isBroker: true })
      .where(eq(schema.identities.uuid, registered.json().identityUuid));
    const agent = await inject({
      method: 'POST',
      url: '/identity-broker/agent/api/v3/login',
      payload: { email: body.email, password: body.password, redirectUrl: '/dashboard' },
    });
    expect(agent.statusCode).toBe(303);
    expect(agent.headers.location).toMatch(/^\/dashboard#jwt=[\w.-]+&side=agent$/);
    const customer = await inject({
      method: 'POST',
      url: '/identity-broker/customer/api/v3/login',
      payload: { email: body.email, password: body.password },
    });
    expect(customer.headers.location).not.toContain('side=');
  });

  it('refuses the agent side for a borrower', async () => {
    const res = await inject({
      method: 'POST',
      url: '/identity-broker/agent/api/v3/login',
      payload: { email: demo.email, password: demo.password },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /identity/api/v1/registration/register', () => {
  const register = (orgCode: string | undefined, payload: unknown) =>
    inject({
      method: 'POST',
      url: '/identity/api/v1/registration/register',
      headers: orgCode ? { 'x-org-code': orgCode } : {},
      payload: payload as Record<string, unknown>,
    });

  it('creates identity, profile, property and a first application, and signs in', async () => {
    const body = registrationBody({ email: 'New.Borrower@Example.com' });
    const res = await register('MAIN', body);
    expect(res.statusCode).toBe(201);
    const { jwt, applicationUuid, identityUuid } = res.json();
    const cookie = res.cookies.find((c) => c.name === t.app.fingerprintCookie)!;
    const headers = { authorization: `Bearer ${jwt}`, cookie: `${cookie.name}=${cookie.value}` };

    const identity = (await identityOf(headers)).json();
    expect(identity).toMatchObject({
      uuid: identityUuid,
      email: 'new.borrower@example.com',
      organizationCode: 'MAIN',
    });
    const profile = (await inject({ method: 'GET', url: '/service-profile/api/v1/profile', headers })).json();
    expect(profile).toMatchObject({
      name: { firstName: 'Test', lastName: 'Borrower' },
      dob: '1980-02-29',
      phoneNumbers: [{ number: '4155550100', primary: true }],
      addresses: [{ street1: '12 Oak Street', city: 'Fresno', state: 'CA', zip: '93701' }],
    });
    const application = (
      await inject({
        method: 'GET',
        url: `/service-application/api/v1/application/heloc/${applicationUuid}`,
        headers,
      })
    ).json();
    expect(application).toMatchObject({
      uuid: applicationUuid,
      step: 'IN_PROGRESS',
      orgCode: 'MAIN',
      term: 0,
    });
    expect(application.loanNumber).toMatch(/^\d{10}$/);
    expect(application.property.address.city).toBe('Fresno');
  });

  it('"Required" for every missing field', async () => {
    const res = await register('MAIN', {});
    expect(res.statusCode).toBe(400);
    const details = res.json().details as { path: string; message: string }[];
    for (const path of [
      'body.property',
      'body.saleStatus',
      'body.name',
      'body.dob',
      'body.email',
      'body.password',
    ]) {
      expect(details.find((d) => d.path === path)?.message).toBe('Required');
    }
  });

  it.each([
    ['a weak password', { password: 'password' }, 'body.password', 'Must be at least 10 characters'],
    [
      'an under-age applicant',
      { dob: `${new Date().getUTCFullYear() - 17}-01-01` },
      'body.dob',
      'You must be at least 18 years old',
    ],
    ['an impossible date', { dob: '1990-02-30' }, 'body.dob', undefined],
    ['a bad phone number', { phoneNumber: '555-0100' }, 'body.phoneNumber', undefined],
    ['terms not accepted', { acceptedTerms: false }, 'body.acceptedTerms', 'You must agree to continue'],
    [
      'a full-time job paying $0',
      { income: { employmentType: 'FULL_TIME', annualIncomeCents: 0 } },
      'body.income.annualIncomeCents',
      'Enter your income from this work before taxes; it must be more than $0',
    ],
  ])('rejects %s on its field', async (_label, overrides, path, message) => {
    const res = await register('MAIN', registrationBody(overrides as never));
    expect(res.statusCode).toBe(400);
    const detail = (res.json().details as { path: string; message: string }[]).find((d) => d.path === path);
    expect(detail).toBeDefined();
    if (message) expect(detail!.message).toBe(message);
  });

  it('a property in a state the organisation is not licensed in is refused with the reason', async () => {
    const res = await register(
      'MAIN',
      registrationBody({ property: { street1: '1 Broadway', city: 'New York', state: 'NY', zip: '10004' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('We are not able to accept applications for properties in New York.');
    const ny = await register(
      'MAIN_NY',
      registrationBody({ property: { street1: '1 Broadway', city: 'New York', state: 'NY', zip: '10004' } }),
    );
    expect(ny.statusCode).toBe(201);
  });

  it('a wholesale organisation does not take online registrations', async () => {
    const res = await register('MAIN_WHOLESALE', registrationBody());
    expect(res.statusCode).toBe(403);
  });

  it('an organisation that requires a referrer refuses a registration without one', async () => {
    const requiring = t.app.orgs
      .all()
      .find(
        (org) => org.orgMetaData.products.heloc.referrerRequired && !org.orgMetaData.products.heloc.wholesale,
      )!;
    const state = requiring.orgMetaData.products.heloc.licensedStates[0]!;
    const res = await register(
      requiring.orgCode,
      registrationBody({ property: { street1: '1 Main St', city: 'Town', state, zip: '12345' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('A referring loan officer is required to apply');
  });

  it('an unknown organisation answers "No private label data found."', async () => {
    for (const org of [undefined, 'NOPE']) {
      const res = await register(org, registrationBody());
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('No private label data found.');
    }
  });

  it('an e-mail already registered answers 409, whatever its case', async () => {
    const res = await register('MAIN', registrationBody({ email: demo.email.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('We could not create an account with this email');
  });

  it('two simultaneous registrations with one e-mail create one account', async () => {
    const body = registrationBody();
    const results = await Promise.all([register('MAIN', body), register('MAIN', body)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('password change', () => {
  it('needs the current password, enforces the rule, and ends the other sessions', async () => {
    const borrower = await registerAndSignIn(t.app);
    const elsewhere = await signIn(t.app, borrower.email, 'Strong-passw0rd!');
    const change = (payload: Record<string, string>) =>
      inject({ method: 'POST', url: '/identity/secure/api/v1/password', headers: borrower, payload });

    expect((await change({ currentPassword: 'wrong', newPassword: 'Another-passw0rd!' })).statusCode).toBe(
      400,
    );
    const weak = await change({ currentPassword: 'Strong-passw0rd!', newPassword: 'weakweakweak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(
      'Use at least three of: lowercase letters, uppercase letters, digits, symbols',
    );

    expect(
      (await change({ currentPassword: 'Strong-passw0rd!', newPassword: 'Another-passw0rd!' })).statusCode,
    ).toBe(204);
    expect((await identityOf(borrower)).statusCode).toBe(200);
    expect((await identityOf(elsewhere)).statusCode).toBe(401);
    expect((await login({ email: borrower.email, password: 'Strong-passw0rd!' })).statusCode).toBe(401);
    expect((await login({ email: borrower.email, password: 'Another-passw0rd!' })).statusCode).toBe(200);
  });
});

describe('two-factor authentication', () => {
  it('set-up, sign-in with the code, and turning it off', async () => {
    const borrower = await registerAndSignIn(t.app);
    const setup = await inject({
      method: 'POST',
      url: '/identity/secure/api/v1/two-factor/setup',
      headers: borrower,
    });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUri } = setup.json();
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\//);

    const wrong = await inject({
      method: 'POST',
      url: '/identity/secure/api/v1/two-factor/enable',
      headers: borrower,
      payload: { code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    // Each accepted code consumes its 30-second step: enable, sign-in and turning off use three
    // successive steps (the server accepts one step either side of now).
    const now = Math.floor(Date.now() / 1000);
    const codeAt = (offsetSeconds: number) => generate({ secret, epoch: now + offsetSeconds });
    const code = await codeAt(-30);
    const enabled = await inject({
      method: 'POST',
      url: '/identity/secure/api/v1/two-factor/enable',
      headers: borrower,
      payload: { code },
    });
    expect(enabled.json()).toMatchObject({ twoFactorEnabled: true, totpVerified: true });

    const withoutCode = await login({ email: borrower.email, password: 'Strong-passw0rd!' });
    expect(withoutCode.statusCode).toBe(401);
    expect(withoutCode.json().details).toEqual({ twoFactorRequired: true });
    // The code that turned two-factor on is spent.
    const replayedEnable = await login({
      email: borrower.email,
      password: 'Strong-passw0rd!',
      totpCode: code,
    });
    expect(replayedEnable.statusCode).toBe(401);
    const loginCode = await codeAt(0);
    const withCode = await login({
      email: borrower.email,
      password: 'Strong-passw0rd!',
      totpCode: loginCode,
    });
    expect(withCode.statusCode).toBe(200);
    // A code is accepted once only: the same code again is refused.
    const replayed = await login({
      email: borrower.email,
      password: 'Strong-passw0rd!',
      totpCode: loginCode,
    });
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json()).toMatchObject({ message: 'The code is not valid' });

    const off = await inject({
      method: 'POST',
      url: '/identity/secure/api/v1/two-factor/disable',
      headers: borrower,
      payload: { code: await codeAt(30) },
    });
    expect(off.json()).toMatchObject({ twoFactorEnabled: false });
    expect((await login({ email: borrower.email, password: 'Strong-passw0rd!' })).statusCode).toBe(200);
  });

  it('limits wrong codes per account (5 per 10 minutes), whatever the address', async () => {
    const borrower = await registerAndSignIn(t.app);
    const { secret } = (
      await inject({ method: 'POST', url: '/identity/secure/api/v1/two-factor/setup', headers: borrower })
    ).json();
    await inject({
      method: 'POST',
      url: '/identity/secure/api/v1/two-factor/enable',
      headers: borrower,
      payload: { code: await generate({ secret }) },
    });
    const attempt = (totpCode: string, address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/identity/api/v1/login',
        remoteAddress: address,
        payload: { email: borrower.email, password: 'Strong-passw0rd!', totpCode },
      });
    const wrong = (await generate({ secret })) === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i += 1) expect((await attempt(wrong, `10.0.0.${i + 1}`)).statusCode).toBe(401);
    // The sixth, from yet another address and even with a right code, is refused.
    const blocked = await attempt(
      await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }),
      '10.0.0.99',
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe('Too many wrong codes. Please try again in 10 minutes.');
  });
});

describe('rate limits', () => {
  it('login answers 429 with the error body after too many attempts', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 3 });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/identity/api/v1/login',
          payload: { email: 'a@example.com', password: 'x' },
        });
      for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({
        status: 429,
        message: expect.stringMatching(/^Too many attempts/),
      });
    } finally {
      await limited.close();
    }
  });
});
