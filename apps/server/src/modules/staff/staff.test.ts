/**
 * Staff administration through HTTP: invitation by e-mail → password → sign-in, roles, disabling
 * (sessions end at once), the audit trail; the seeded demo staff; two-factor required outside
 * development; the start-up check that refuses a staff route without the policy.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db';
import { readOutbox } from '../../mail';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn, signIn, type Credentials } from '../../test/auth';
import { DEMO_STAFF } from '../../seed/seed';
import { createPlatformAdmin } from './service';

const STAFF = '/service-ops/api/v1/staff';
let t: TestApp;
let mainAdmin: Credentials;
let cascadeAdmin: Credentials;
let platform: Credentials;
beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 100_000 }, { demoData: true });
  mainAdmin = await signIn(t.app, 'ops@heloc.test', 'Ops-password-1');
  cascadeAdmin = await signIn(t.app, 'ops-cascade@heloc.test', 'Ops-password-1');
  platform = await signIn(t.app, 'admin@heloc.test', 'Ops-password-1');
});
afterAll(async () => t.close());

const call = (who: Credentials | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...(who ?? {}) }, ...(payload && { payload }) });

async function invitationLink(email: string): Promise<string> {
  const [mail] = await readOutbox(t.database.db, { to: email, limit: 1 });
  const token = /\/ops\/\?invite=([A-Za-z0-9_-]{43})/.exec(mail!.text)?.[1];
  if (!token) throw new Error(`no invitation link in ${mail?.text}`);
  return token;
}

describe('the seeded demo staff', () => {
  it('each signs in and has the README’s organisation and roles', async () => {
    for (const member of DEMO_STAFF) {
      const who = await signIn(t.app, member.email, 'Ops-password-1');
      const me = await call(who, 'GET', `${STAFF}/me`);
      expect(me.statusCode, me.body).toBe(200);
      expect(me.json()).toMatchObject({ email: member.email, orgCode: member.orgCode, roles: member.roles });
    }
    const lo = (
      await call(await signIn(t.app, 'lo@heloc.test', 'Ops-password-1'), 'GET', `${STAFF}/me`)
    ).json();
    expect(lo.loanOriginatorUuid).toBe('7c1a2b3c-0000-4000-8000-000000000001');
  });
});

describe('invitations', () => {
  it('an organisation admin invites by e-mail; the one-time link sets the password; the member signs in', async () => {
    const email = `new.agent.${Date.now()}@example.com`;
    const invited = await call(mainAdmin, 'POST', `${STAFF}/invitations`, {
      email,
      roles: ['AGENT', 'PROCESSOR'],
    });
    expect(invited.statusCode, invited.body).toBe(201);
    const token = await invitationLink(email);
    // The table keeps only the hash of the link's token.
    const [row] = await t.database.db
      .select()
      .from(schema.staffInvites)
      .where(eq(schema.staffInvites.email, email));
    expect(row!.tokenHash).not.toContain(token);

    const info = await t.app.inject({
      method: 'GET',
      url: `/identity/api/v1/staff-invitations?token=${token}`,
    });
    expect(info.json()).toMatchObject({ email, orgCode: 'MAIN', roles: ['AGENT', 'PROCESSOR'] });
    const weak = await t.app.inject({
      method: 'POST',
      url: '/identity/api/v1/staff-invitations/accept',
      payload: { token, password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/identity/api/v1/staff-invitations/accept',
      payload: { token, password: 'New-staff-passw0rd' },
    });
    expect(accepted.statusCode, accepted.body).toBe(204);
    const again = await t.app.inject({
      method: 'POST',
      url: '/identity/api/v1/staff-invitations/accept',
      payload: { token, password: 'New-staff-passw0rd' },
    });
    expect(again.statusCode).toBe(404);

    const member = await signIn(t.app, email, 'New-staff-passw0rd');
    expect((await call(member, 'GET', `${STAFF}/me`)).json()).toMatchObject({
      orgCode: 'MAIN',
      roles: ['AGENT', 'PROCESSOR'],
    });
    const audit = (await call(mainAdmin, 'GET', `${STAFF}/audit`)).json() as {
      action: string;
      targetEmail: string;
    }[];
    expect(audit.filter((e) => e.targetEmail === email).map((e) => e.action)).toEqual([
      'INVITE_ACCEPTED',
      'STAFF_INVITED',
    ]);
  });

  it('refuses PLATFORM_ADMIN for an organisation, an address with an account, and an expired link', async () => {
    expect(
      (
        await call(mainAdmin, 'POST', `${STAFF}/invitations`, {
          email: 'x1@example.com',
          roles: ['PLATFORM_ADMIN'],
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call(mainAdmin, 'POST', `${STAFF}/invitations`, { email: 'demo@heloc.test', roles: ['AGENT'] }))
        .statusCode,
    ).toBe(409);
    const email = `expired.${Date.now()}@example.com`;
    await call(mainAdmin, 'POST', `${STAFF}/invitations`, { email, roles: ['AGENT'] });
    const token = await invitationLink(email);
    await t.database.db
      .update(schema.staffInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.staffInvites.email, email));
    const res = await t.app.inject({
      method: 'POST',
      url: '/identity/api/v1/staff-invitations/accept',
      payload: { token, password: 'New-staff-passw0rd' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('platform admins invite into any organisation, or platform staff', async () => {
    const email = `cascade.${Date.now()}@example.com`;
    const res = await call(platform, 'POST', `${STAFF}/invitations`, {
      email,
      orgCode: 'CASCADE_TEACHERS',
      roles: ['ORG_ADMIN'],
    });
    expect(res.statusCode, res.body).toBe(201);
    const token = await invitationLink(email);
    const info = await t.app.inject({
      method: 'GET',
      url: `/identity/api/v1/staff-invitations?token=${token}`,
    });
    expect(info.json()).toMatchObject({ orgCode: 'CASCADE_TEACHERS' });
  });
});

describe('roles and disabling', () => {
  async function newMember(orgAdmin: Credentials) {
    const email = `member.${Date.now()}.${Math.random().toString(36).slice(2)}@example.com`;
    await call(orgAdmin, 'POST', `${STAFF}/invitations`, { email, roles: ['AGENT'] });
    const token = await invitationLink(email);
    await t.app.inject({
      method: 'POST',
      url: '/identity/api/v1/staff-invitations/accept',
      payload: { token, password: 'Member-passw0rd!' },
    });
    const credentials = await signIn(t.app, email, 'Member-passw0rd!');
    const me = (await call(credentials, 'GET', `${STAFF}/me`)).json() as { identityUuid: string };
    return { email, credentials, uuid: me.identityUuid };
  }

  it('roles change at once; disabling ends every session and sign-in, enabling allows it again', async () => {
    const member = await newMember(mainAdmin);
    const queue = () => call(member.credentials, 'GET', '/service-ops/secure/api/v1/chat/conversations');
    expect((await queue()).statusCode).toBe(200);
    const changed = await call(mainAdmin, 'PUT', `${STAFF}/${member.uuid}/roles`, { roles: ['PROCESSOR'] });
    expect(changed.json()).toMatchObject({ roles: ['PROCESSOR'] });
    expect((await queue()).statusCode).toBe(403);

    const disabled = await call(mainAdmin, 'POST', `${STAFF}/${member.uuid}/disable`);
    expect(disabled.json()).toMatchObject({ disabled: true });
    expect((await call(member.credentials, 'GET', `${STAFF}/me`)).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/identity/api/v1/login',
      payload: { email: member.email, password: 'Member-passw0rd!' },
    });
    expect(login.statusCode).toBe(401);

    expect((await call(mainAdmin, 'POST', `${STAFF}/${member.uuid}/enable`)).json()).toMatchObject({
      disabled: false,
    });
    await signIn(t.app, member.email, 'Member-passw0rd!');
    const audit = (await call(mainAdmin, 'GET', `${STAFF}/audit`)).json() as {
      action: string;
      targetEmail: string;
    }[];
    expect(audit.filter((e) => e.targetEmail === member.email).map((e) => e.action)).toEqual([
      'STAFF_ENABLED',
      'STAFF_DISABLED',
      'ROLES_CHANGED',
      'INVITE_ACCEPTED',
      'STAFF_INVITED',
    ]);
  });

  it('another organisation’s admin cannot touch the member (404); admins cannot disable themselves', async () => {
    const member = await newMember(mainAdmin);
    expect((await call(cascadeAdmin, 'POST', `${STAFF}/${member.uuid}/disable`)).statusCode).toBe(404);
    expect(
      (await call(cascadeAdmin, 'PUT', `${STAFF}/${member.uuid}/roles`, { roles: ['AGENT'] })).statusCode,
    ).toBe(404);
    const me = (await call(mainAdmin, 'GET', `${STAFF}/me`)).json() as { identityUuid: string };
    expect((await call(mainAdmin, 'POST', `${STAFF}/${me.identityUuid}/disable`)).statusCode).toBe(400);
    // Platform staff are out of reach of an organisation's admin.
    const admin = (await call(platform, 'GET', `${STAFF}/me`)).json() as { identityUuid: string };
    expect((await call(mainAdmin, 'POST', `${STAFF}/${admin.identityUuid}/disable`)).statusCode).toBe(404);
  });
});

describe('sign-in per organisation', () => {
  const login = (email: string, password: string, org?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/identity/api/v1/login',
      headers: org ? { 'x-org-code': org } : {},
      payload: { email, password },
    });

  it('an account of one organisation is answered like a wrong password through another’s', async () => {
    const wrongPassword = await login('ops@heloc.test', 'Wrong-password-1', 'MAIN');
    const otherOrg = await login('ops@heloc.test', 'Ops-password-1', 'CASCADE_TEACHERS');
    expect(otherOrg.statusCode).toBe(401);
    expect(otherOrg.json()).toEqual(wrongPassword.json());
    expect((await login('ops@heloc.test', 'Ops-password-1', 'MAIN')).statusCode).toBe(200);
    // The same lender's variant is the same organisation.
    expect((await login('demo@heloc.test', 'Demo-password-1', 'MAIN_NY')).statusCode).toBe(200);
    const borrower = await registerAndSignIn(t.app, 'PINECREST');
    expect((await login(borrower.email, 'Strong-passw0rd!', 'MAIN')).statusCode).toBe(401);
    expect((await login(borrower.email, 'Strong-passw0rd!', 'PINECREST')).statusCode).toBe(200);
  });

  it('through an organisation’s host too; platform staff sign in anywhere', async () => {
    const cascade = t.app.orgs.byOrgCode('CASCADE_TEACHERS')!;
    const host = new URL(cascade.baseUrl).host;
    const viaHost = await t.app.inject({
      method: 'POST',
      url: '/identity/api/v1/login',
      headers: { host },
      payload: { email: 'ops@heloc.test', password: 'Ops-password-1' },
    });
    expect(viaHost.statusCode).toBe(401);
    expect((await login('admin@heloc.test', 'Ops-password-1', 'CASCADE_TEACHERS')).statusCode).toBe(200);
  });

  it('the sign-in routes share one attempt budget per address', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 4 });
    try {
      const from = { remoteAddress: '10.9.9.9' };
      const tries = [
        () =>
          limited.app.inject({
            ...from,
            method: 'POST',
            url: '/identity/api/v1/login',
            payload: { email: 'a@example.com', password: 'x' },
          }),
        () =>
          limited.app.inject({
            ...from,
            method: 'POST',
            url: '/identity-broker/customer/api/v3/login',
            payload: { email: 'a@example.com', password: 'x' },
          }),
      ];
      for (let i = 0; i < 4; i += 1) expect((await tries[i % 2]!()).statusCode).toBe(401);
      expect((await tries[0]!()).statusCode).toBe(429);
      expect((await tries[1]!()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('two-factor for staff outside development', () => {
  it('staff calls answer 403 until two-factor is on; the identity routes still set it up', async () => {
    const strict = await createTestApp({ staffTwoFactorRequired: true }, { demoData: true });
    try {
      const ops = await signIn(strict.app, 'ops@heloc.test', 'Ops-password-1');
      const me = await strict.app.inject({ method: 'GET', url: `${STAFF}/me`, headers: ops });
      expect(me.statusCode).toBe(403);
      expect(me.json()).toMatchObject({ details: { twoFactorSetupRequired: true } });
      const setup = await strict.app.inject({
        method: 'POST',
        url: '/identity/secure/api/v1/two-factor/setup',
        headers: ops,
      });
      expect(setup.statusCode).toBe(200);
      const { generate } = await import('otplib');
      const enabled = await strict.app.inject({
        method: 'POST',
        url: '/identity/secure/api/v1/two-factor/enable',
        headers: ops,
        payload: { code: await generate({ secret: setup.json().secret }) },
      });
      expect(enabled.statusCode).toBe(200);
      expect((await strict.app.inject({ method: 'GET', url: `${STAFF}/me`, headers: ops })).statusCode).toBe(
        200,
      );
    } finally {
      await strict.close();
    }
  });
});

describe('the start-up check', () => {
  it('refuses a route tagged staff that skips the policy', async () => {
    await expect(
      createTestApp(
        {},
        {
          extend: (app) =>
            void app.get('/service-ops/api/v1/leak', { schema: { tags: ['staff'] } }, async () => ({
              leaked: true,
            })),
        },
      ),
    ).rejects.toThrow(/staff route needs the tag 'staff' and staffRoute/);
  });
});

describe('the first platform admin (npm run staff:create-admin)', () => {
  it('creates a platform admin who signs in and reaches every organisation; audited; weak passwords refused', async () => {
    const email = `first.admin.${Date.now()}@example.com`;
    await expect(createPlatformAdmin(t.database.db, email, 'short')).rejects.toThrow();
    await createPlatformAdmin(t.database.db, email, 'First-admin-passw0rd');
    const who = await signIn(t.app, email, 'First-admin-passw0rd');
    expect((await call(who, 'GET', `${STAFF}/me`)).json()).toMatchObject({
      orgCode: null,
      roles: ['PLATFORM_ADMIN'],
    });
    expect((await call(who, 'GET', `${STAFF}?orgCode=CASCADE_TEACHERS`)).statusCode).toBe(200);
    await expect(createPlatformAdmin(t.database.db, email, 'First-admin-passw0rd')).rejects.toThrow(
      'This e-mail already has an account',
    );
    const [row] = await t.database.db
      .select()
      .from(schema.staffAuditEvents)
      .where(eq(schema.staffAuditEvents.targetEmail, email));
    expect(row).toMatchObject({ action: 'PLATFORM_ADMIN_CREATED' });
  });
});
