/**
 * Account recovery through HTTP (issue 19): forgot password answers alike for any address, mails a
 * one-time, expiring link (only its hash is stored) to an existing account, and the link sets a new
 * password once, ending every session; audited and rate limited.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD_FORGOT_ANSWER,
  PASSWORD_MESSAGES,
  PASSWORD_RESET_LINK_INVALID,
  PASSWORD_RESET_TTL_MINUTES,
} from '@heloc/domain';
import { schema } from '../../db';
import { ManualClock } from '../../lib/clock';
import { readOutbox } from '../../mail';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn, signIn, type Credentials } from '../../test/auth';
import { PASSWORD_RESET_MAILS_PER_HOUR } from './password-reset';
import { listIdentityAudit } from './repository';

const FORGOT = '/identity/api/v1/password/forgot';
const RESET = '/identity/api/v1/password/reset';
const NEW_PASSWORD = 'Brand-new-passw0rd';

const clock = new ManualClock('2026-03-02T16:00:00.000Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 1000 }, { clock, demoData: true });
});
afterAll(async () => t.close());

const forgot = (email: string) =>
  t.app.inject({ method: 'POST', url: FORGOT, headers: { 'x-org-code': 'MAIN' }, payload: { email } });
const reset = (token: string, password = NEW_PASSWORD) =>
  t.app.inject({ method: 'POST', url: RESET, payload: { token, password } });
const identityOf = (who: Credentials) =>
  t.app.inject({ method: 'GET', url: '/identity/secure/api/v1/identity', headers: { ...who } });

/** The token of the newest reset link mailed to `email` (the path the link opens, checked too). */
async function mailedToken(email: string): Promise<string> {
  const [mail] = await readOutbox(t.database.db, { to: email, limit: 1 });
  const token = /\/auth\/reset-password\?token=([A-Za-z0-9_-]{43})(\s|$)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error(`no reset link in ${mail?.text}`);
  return token;
}

describe('POST /identity/api/v1/password/forgot', () => {
  it('answers 202 with one body for a known and an unknown address; only the known one gets mail', async () => {
    const borrower = await registerAndSignIn(t.app);
    const unknownEmail = `nobody-${Date.now()}@example.com`;
    const known = await forgot(borrower.email.toUpperCase());
    const unknown = await forgot(unknownEmail);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ message: PASSWORD_FORGOT_ANSWER });

    expect(await readOutbox(t.database.db, { to: unknownEmail })).toEqual([]);
    const mails = await readOutbox(t.database.db, { to: borrower.email });
    const resets = mails.filter((mail) => mail.subject.includes('Reset your'));
    expect(resets).toHaveLength(1);
    expect(resets[0]!.orgCode).toBe('MAIN');
    expect(resets[0]!.text).toContain(`expires in ${PASSWORD_RESET_TTL_MINUTES} minutes`);

    // Only the SHA-256 of the token is stored.
    const token = await mailedToken(borrower.email);
    const rows = await t.database.db
      .select()
      .from(schema.passwordResetTokens)
      .where(eq(schema.passwordResetTokens.identityUuid, borrower.identityUuid));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - clock.now().getTime()).toBe(PASSWORD_RESET_TTL_MINUTES * 60_000);

    // Both requests are audited; only the known one names an account.
    const [knownEvent] = await listIdentityAudit(t.database.db, borrower.email);
    const [unknownEvent] = await listIdentityAudit(t.database.db, unknownEmail);
    expect(knownEvent).toMatchObject({
      action: 'PASSWORD_RESET_REQUESTED',
      identityUuid: borrower.identityUuid,
      orgCode: 'MAIN',
      data: { linkSent: true },
    });
    expect(unknownEvent).toMatchObject({
      action: 'PASSWORD_RESET_REQUESTED',
      identityUuid: null,
      data: { linkSent: false },
    });
  });

  it('sends no link to a staff account, with the same answer', async () => {
    const res = await forgot('ops@heloc.test');
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: PASSWORD_FORGOT_ANSWER });
    const mails = await readOutbox(t.database.db, { to: 'ops@heloc.test' });
    expect(mails.filter((mail) => mail.subject.includes('Reset your'))).toEqual([]);
  });

  it('mails one account at most PASSWORD_RESET_MAILS_PER_HOUR links an hour, answering alike past it', async () => {
    const borrower = await registerAndSignIn(t.app);
    const resetMails = async () =>
      (await readOutbox(t.database.db, { to: borrower.email, limit: 50 })).filter((mail) =>
        mail.subject.includes('Reset your'),
      ).length;
    for (let i = 0; i < PASSWORD_RESET_MAILS_PER_HOUR; i += 1) await forgot(borrower.email);
    expect(await resetMails()).toBe(PASSWORD_RESET_MAILS_PER_HOUR);
    const past = await forgot(borrower.email);
    expect(past.statusCode).toBe(202);
    expect(past.json()).toEqual({ message: PASSWORD_FORGOT_ANSWER });
    expect(await resetMails()).toBe(PASSWORD_RESET_MAILS_PER_HOUR);
    const events = await listIdentityAudit(t.database.db, borrower.email);
    expect(events.at(-1)!.data).toEqual({ linkSent: false, throttled: true });
    // An hour later the account can be sent a link again.
    clock.advance(3600_000);
    await forgot(borrower.email);
    expect(await resetMails()).toBe(PASSWORD_RESET_MAILS_PER_HOUR + 1);
  });

  it('refuses a malformed address with 400', async () => {
    const res = await forgot('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('Please enter a valid email address');
  });
});

describe('POST /identity/api/v1/password/reset', () => {
  it('sets the new password once, ends every session, and the borrower signs in with it', async () => {
    const borrower = await registerAndSignIn(t.app);
    const otherBrowser = await signIn(t.app, borrower.email, 'Strong-passw0rd!');
    expect((await identityOf(borrower)).statusCode).toBe(200);
    await forgot(borrower.email);
    const token = await mailedToken(borrower.email);

    // The password rule of registration, with its message; the link survives a refused password.
    const weak = await reset(token, 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().message).toBe(PASSWORD_MESSAGES.tooShort);

    const done = await reset(token);
    expect(done.statusCode, done.body).toBe(204);
    // Every session that was open ends at once.
    expect((await identityOf(borrower)).statusCode).toBe(401);
    expect((await identityOf(otherBrowser)).statusCode).toBe(401);
    // The old password no longer works; the new one does.
    const old = await t.app.inject({
      method: 'POST',
      url: '/identity/api/v1/login',
      payload: { email: borrower.email, password: 'Strong-passw0rd!' },
    });
    expect(old.statusCode).toBe(401);
    const fresh = await signIn(t.app, borrower.email, NEW_PASSWORD);
    expect((await identityOf(fresh)).statusCode).toBe(200);

    // A second use of the link is refused and changes nothing.
    const again = await reset(token, 'Another-passw0rd-2');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(PASSWORD_RESET_LINK_INVALID);
    expect((await identityOf(fresh)).statusCode).toBe(200);

    const events = await listIdentityAudit(t.database.db, borrower.email);
    expect(events.map((event) => event.action)).toEqual(['PASSWORD_RESET_REQUESTED', 'PASSWORD_RESET']);
    expect(events[1]!.identityUuid).toBe(borrower.identityUuid);
  });

  it('refuses an expired link with 400 (the clock moved past its hour)', async () => {
    const borrower = await registerAndSignIn(t.app);
    await forgot(borrower.email);
    const token = await mailedToken(borrower.email);
    clock.advance(PASSWORD_RESET_TTL_MINUTES * 60_000 + 1);
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PASSWORD_RESET_LINK_INVALID);
    // The old password still works.
    await signIn(t.app, borrower.email, 'Strong-passw0rd!');
  });

  it('a link just inside its hour still works', async () => {
    const borrower = await registerAndSignIn(t.app);
    await forgot(borrower.email);
    const token = await mailedToken(borrower.email);
    clock.advance(PASSWORD_RESET_TTL_MINUTES * 60_000 - 1000);
    expect((await reset(token)).statusCode).toBe(204);
  });

  it('asking again replaces the open link: only the newest works', async () => {
    const borrower = await registerAndSignIn(t.app);
    await forgot(borrower.email);
    const first = await mailedToken(borrower.email);
    clock.advance(1000);
    await forgot(borrower.email);
    const second = await mailedToken(borrower.email);
    expect(second).not.toBe(first);
    expect((await reset(first)).statusCode).toBe(400);
    expect((await reset(second)).statusCode).toBe(204);
  });

  it.each([
    ['an unknown token', 'A'.repeat(43)],
    ['a malformed token', 'nope'],
  ])('refuses %s with 400 and the clear message', async (_name, token) => {
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(PASSWORD_RESET_LINK_INVALID);
  });
});

describe('rate limit', () => {
  it('forgot and reset count with the sign-in attempts and answer 429', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 3 });
    try {
      const ask = () =>
        limited.app.inject({ method: 'POST', url: FORGOT, payload: { email: 'a@example.com' } });
      expect((await ask()).statusCode).toBe(202);
      expect((await ask()).statusCode).toBe(202);
      // One budget with the login: a sign-in attempt uses the third.
      const login = await limited.app.inject({
        method: 'POST',
        url: '/identity/api/v1/login',
        payload: { email: 'a@example.com', password: 'x' },
      });
      expect(login.statusCode).toBe(401);
      const blocked = await ask();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({
        status: 429,
        message: expect.stringMatching(/^Too many attempts/),
      });
      const resetBlocked = await limited.app.inject({
        method: 'POST',
        url: RESET,
        payload: { token: 'A'.repeat(43), password: NEW_PASSWORD },
      });
      expect(resetBlocked.statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
