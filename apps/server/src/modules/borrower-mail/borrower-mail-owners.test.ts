/**
 * The rest of issue 19's e-mail work, through the real app (inject, embedded database, manual clock):
 * a Texas borrower waiting for the 12th day gets no reminder until signing opens, then one that says
 * so; the reminder setting and the branded unsubscribe pages share one preference; each
 * organisation's logo is served at a public address the e-mails link; co-owners who accepted get
 * their own copy of the e-mails that concern them, once each.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applicationStepPath,
  CENTRAL_TIME_ZONE,
  formatDisplayDate,
  signerScreenPath,
  texasNoticeEarliestClosing,
  zonedStartOfDay,
  type TBorrowerMailKind,
} from '@heloc/domain';
import { schema } from '../../db';
import { ManualClock } from '../../lib/clock';
import { hashLinkToken } from '../../lib/link-token';
import { readOutbox } from '../../mail';
import { logoAsset } from '../../mail/brand-logo';
import { BORROWER_TEMPLATES } from '../../mail/templates/borrower';
import { findOrganisation, loadOrganisations } from '../../seed/organisations';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn } from '../../test/auth';
import { recordEvent } from '../../workflow/audit';
import { queueBorrowerMails } from './queue';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const AUSTIN = { street1: '400 Congress Avenue', city: 'Austin', state: 'TX', zip: '78701' };

const MAIN = findOrganisation(loadOrganisations(), 'MAIN')!;
let t: TestApp;
const clock = new ManualClock(new Date('2026-12-01T16:00:00Z'));

beforeAll(async () => {
  t = await createTestApp({}, { clock, demoData: true });
}, 120_000);
afterAll(async () => t.close());

const subjectOf = (kind: TBorrowerMailKind, facts = {}) =>
  BORROWER_TEMPLATES[kind]({
    org: MAIN,
    firstName: null,
    link: '',
    logoLink: '',
    facts,
  }).subject;

const inbox = (email: string) => readOutbox(t.app.db, { to: email, limit: 100 });
const withSubject = async (email: string, subject: string) =>
  (await inbox(email)).filter((message) => message.subject === subject);

/** Registers a borrower and puts the application at `step` (the engine's audit entry written as it would). */
async function borrowerAt(
  step: string,
  action: string,
  fromStep: string,
  property?: typeof AUSTIN,
  data?: Record<string, unknown>,
) {
  const borrower = await registerAndSignIn(t.app, 'MAIN', property ? { property } : {});
  const [address] = await t.app.db
    .select({ uuid: schema.profileAddresses.uuid })
    .from(schema.profileAddresses)
    .where(eq(schema.profileAddresses.identityUuid, borrower.identityUuid));
  await t.app.db
    .update(schema.helocApplications)
    .set({ step, selectedPropertyUuid: address!.uuid })
    .where(eq(schema.helocApplications.uuid, borrower.applicationUuid));
  await moveTo(borrower.applicationUuid, borrower.identityUuid, action, fromStep, step, data);
  return borrower;
}

async function moveTo(
  applicationUuid: string,
  identityUuid: string,
  action: string,
  fromStep: string,
  toStep: string,
  data?: Record<string, unknown>,
) {
  await t.app.db
    .update(schema.helocApplications)
    .set({ step: toStep })
    .where(eq(schema.helocApplications.uuid, applicationUuid));
  await t.app.db.transaction((tx) =>
    recordEvent(tx, clock, {
      applicationUuid,
      actor: action === 'RESCINDED' ? { type: 'BORROWER', uuid: identityUuid } : { type: 'SYSTEM' },
      kind: 'STEP_CHANGE',
      action,
      fromStep,
      toStep,
      ...(data && { data }),
    }),
  );
}

describe('Texas: no reminder while signing waits for the 12th day', { timeout: 120_000 }, () => {
  const waiting = subjectOf('REMINDER');
  const canSign = subjectOf('REMINDER', { signingOpenedOn: '2026-12-13' });

  it('holds the reminder until signing opens (08:00 Texas time), says so, and counts the next from it', async () => {
    clock.set(new Date('2026-12-01T16:00:00Z')); // 10:00 CST: the notice goes with the application
    const borrower = await borrowerAt('NOTE_SIGNING', 'CLOSING_DOCS_READY', 'GEN_CLOSING_DOCS', AUSTIN);
    const opensOn = texasNoticeEarliestClosing('2026-12-01');
    const opensAt = zonedStartOfDay(opensOn, CENTRAL_TIME_ZONE);
    expect(opensAt.getTime()).toBeGreaterThan(clock.now().getTime() + 10 * DAY);
    await t.app.jobs.runDue();
    // The documents e-mail tells a Texas borrower the day they may sign.
    const [documents] = await withSubject(borrower.email, subjectOf('DOCUMENTS_READY'));
    expect(documents?.text).toContain(`Texas law lets you sign on or after ${formatDisplayDate(opensOn)}`);

    // 45 minutes, then every day until the date: nothing (the borrower cannot act).
    clock.advance(46 * MINUTE);
    await t.app.jobs.runDue();
    for (let day = 0; day < 11; day += 1) {
      clock.advance(DAY);
      await t.app.jobs.runDue();
    }
    expect(await withSubject(borrower.email, waiting)).toHaveLength(0);
    expect(await withSubject(borrower.email, canSign)).toHaveLength(0);
    const [queued] = await t.app.db
      .select()
      .from(schema.borrowerMails)
      .where(
        and(
          eq(schema.borrowerMails.applicationUuid, borrower.applicationUuid),
          eq(schema.borrowerMails.kind, 'REMINDER'),
          eq(schema.borrowerMails.status, 'QUEUED'),
        ),
      );
    // Due the morning signing opens: midnight in Texas is quiet hours, so 08:00 CST.
    const morning = new Date(opensAt.getTime() + 8 * HOUR);
    expect(queued?.data).toMatchObject({ number: 1, dueAt: morning.toISOString(), signingOpenedOn: opensOn });

    clock.set(new Date(morning.getTime() - MINUTE));
    await t.app.jobs.runDue();
    expect(await withSubject(borrower.email, canSign)).toHaveLength(0);
    clock.set(morning);
    await t.app.jobs.runDue();
    const [opened] = await withSubject(borrower.email, canSign);
    expect(opened?.text).toContain(
      `The 12-day waiting period for a Texas home equity loan ended on ${formatDisplayDate(opensOn)}.`,
    );
    expect(opened?.html).toContain(applicationStepPath(borrower.applicationUuid, 'signing/intro'));

    // The next reminder 48 hours after that one, not at once (its anchor moved with it).
    clock.advance(47 * HOUR);
    await t.app.jobs.runDue();
    expect(await withSubject(borrower.email, waiting)).toHaveLength(0);
    clock.advance(2 * HOUR);
    await t.app.jobs.runDue();
    expect(await withSubject(borrower.email, waiting)).toHaveLength(1);
  });

  it('a borrower elsewhere at the same step is reminded after 45 minutes as usual', async () => {
    clock.set(new Date('2027-01-05T18:00:00Z')); // 10:00 PST
    const borrower = await borrowerAt('NOTE_SIGNING', 'CLOSING_DOCS_READY', 'GEN_CLOSING_DOCS');
    await t.app.jobs.runDue();
    const [documents] = await withSubject(borrower.email, subjectOf('DOCUMENTS_READY'));
    expect(documents?.text).not.toContain('Texas');
    clock.advance(46 * MINUTE);
    await t.app.jobs.runDue();
    expect(await withSubject(borrower.email, waiting)).toHaveLength(1);
  });

  it('a Texas borrower past the 12th day is reminded as usual', async () => {
    clock.set(new Date('2027-02-01T16:00:00Z'));
    const borrower = await registerAndSignIn(t.app, 'MAIN', { property: AUSTIN });
    clock.advance(20 * DAY);
    const [address] = await t.app.db
      .select({ uuid: schema.profileAddresses.uuid })
      .from(schema.profileAddresses)
      .where(eq(schema.profileAddresses.identityUuid, borrower.identityUuid));
    await t.app.db
      .update(schema.helocApplications)
      .set({ selectedPropertyUuid: address!.uuid })
      .where(eq(schema.helocApplications.uuid, borrower.applicationUuid));
    await moveTo(
      borrower.applicationUuid,
      borrower.identityUuid,
      'CLOSING_DOCS_READY',
      'GEN_CLOSING_DOCS',
      'NOTE_SIGNING',
    );
    clock.advance(46 * MINUTE);
    await t.app.jobs.runDue();
    expect(await withSubject(borrower.email, waiting)).toHaveLength(1);
  });
});

describe('the reminder setting and the branded unsubscribe pages', { timeout: 120_000 }, () => {
  const PREFS = '/identity/secure/api/v1/mail-preferences';

  it('turns reminders off and on through the settings API, the same preference the e-mail link sets', async () => {
    clock.set(new Date('2027-03-01T18:00:00Z'));
    const borrower = await registerAndSignIn(t.app);
    const headers = { authorization: borrower.authorization, cookie: borrower.cookie };
    expect((await t.app.inject({ method: 'GET', url: PREFS, headers })).json()).toEqual({ reminders: true });
    expect((await t.app.inject({ method: 'GET', url: PREFS })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'PUT', url: PREFS, headers, payload: { reminders: 'no' } });
    expect(bad.statusCode).toBe(400);
    const off = await t.app.inject({ method: 'PUT', url: PREFS, headers, payload: { reminders: false } });
    expect(off.json()).toEqual({ reminders: false });
    expect((await t.app.inject({ method: 'GET', url: PREFS, headers })).json()).toEqual({ reminders: false });
    clock.advance(46 * MINUTE);
    await t.app.jobs.runDue();
    expect(await withSubject(borrower.email, subjectOf('REMINDER'))).toHaveLength(0);
    const [skipped] = await t.app.db
      .select()
      .from(schema.borrowerMails)
      .where(
        and(
          eq(schema.borrowerMails.applicationUuid, borrower.applicationUuid),
          eq(schema.borrowerMails.kind, 'REMINDER'),
        ),
      );
    expect(skipped).toMatchObject({ status: 'SKIPPED', skipReason: 'UNSUBSCRIBED' });

    // On again: the next stop's reminder goes out.
    const on = await t.app.inject({ method: 'PUT', url: PREFS, headers, payload: { reminders: true } });
    expect(on.json()).toEqual({ reminders: true });
    await moveTo(borrower.applicationUuid, borrower.identityUuid, 'SAVE_PROFILE', 'IN_PROGRESS', 'SUMMARY');
    clock.advance(46 * MINUTE);
    await t.app.jobs.runDue();
    expect(await withSubject(borrower.email, subjectOf('REMINDER'))).toHaveLength(1);
  });

  it('the unsubscribe link’s pages wear the borrower’s organisation’s brand and offer to subscribe again', async () => {
    clock.set(new Date('2027-03-10T18:00:00Z'));
    const borrower = await registerAndSignIn(t.app, 'CASCADE_TEACHERS', {
      property: { street1: '1500 Pine Street', city: 'Seattle', state: 'WA', zip: '98101' },
    });
    const headers = { authorization: borrower.authorization, cookie: borrower.cookie };
    clock.advance(46 * MINUTE);
    await t.app.jobs.runDue();
    const [reminder] = await withSubject(borrower.email, subjectOf('REMINDER'));
    const org = t.app.orgs.byOrgCode('CASCADE_TEACHERS')!;
    const href = new RegExp(
      `href="(${org.baseUrl.replaceAll('.', '\\.')}/identity/api/v1/mail/unsubscribe\\?token=[^"]+)"`,
    ).exec(reminder!.html!)![1]!;
    const url = new URL(href.replaceAll('&amp;', '&'));
    const address = `${url.pathname}${url.search}`;
    const confirm = await t.app.inject({ method: 'GET', url: address });
    expect(confirm.statusCode).toBe(200);
    for (const page of [confirm.body]) {
      expect(page).toContain(`<img src="/brand/CASCADE_TEACHERS/logo" alt="${org.orgBrand.name}"`);
      expect(page).toContain(org.orgBrand.colors.primary);
      expect(page).toContain(`NMLS #${org.orgMetaData.companyInfo.companyNMLS}`);
      expect(page).toContain('<h1>Unsubscribe from reminders?</h1>');
    }
    const done = await t.app.inject({
      method: 'POST',
      url: address,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.body).toContain('<h1>You are unsubscribed</h1>');
    expect(done.body).toContain(org.orgBrand.colors.primary);
    expect(done.body).toContain(
      `action="/identity/api/v1/mail/resubscribe${url.search.replaceAll('&', '&amp;')}"`,
    );
    expect((await t.app.inject({ method: 'GET', url: PREFS, headers })).json()).toEqual({ reminders: false });
    const again = await t.app.inject({
      method: 'POST',
      url: `/identity/api/v1/mail/resubscribe${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('<h1>You will receive reminders again</h1>');
    expect((await t.app.inject({ method: 'GET', url: PREFS, headers })).json()).toEqual({ reminders: true });
    const forged = await t.app.inject({
      method: 'POST',
      url: `/identity/api/v1/mail/resubscribe?token=${borrower.identityUuid}.forged`,
    });
    expect(forged.statusCode).toBe(400);
  });
});

describe('the organisations’ logos for e-mails', { timeout: 60_000 }, () => {
  it('are served at a public, cacheable address, safe to open, that the sent e-mails link absolutely', async () => {
    const org = t.app.orgs.byOrgCode('MAIN')!;
    const res = await t.app.inject({ method: 'GET', url: '/brand/MAIN/logo?v=anything' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toBe(org.orgBrand.logoSvg);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['set-cookie']).toBeUndefined();
    const again = await t.app.inject({
      method: 'GET',
      url: '/brand/MAIN/logo',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect((await t.app.inject({ method: 'GET', url: '/brand/NO_SUCH_ORG/logo' })).statusCode).toBe(404);
    // Another organisation, another logo.
    const cascade = await t.app.inject({ method: 'GET', url: '/brand/CASCADE_TEACHERS/logo' });
    expect(cascade.body).toBe(t.app.orgs.byOrgCode('CASCADE_TEACHERS')!.orgBrand.logoSvg);

    clock.set(new Date('2027-04-01T18:00:00Z'));
    const borrower = await registerAndSignIn(t.app);
    await t.app.jobs.runDue();
    const [welcome] = await withSubject(borrower.email, subjectOf('WELCOME'));
    expect(welcome?.html).toContain(
      `src="https://harborline.example/brand/MAIN/logo?v=${logoAsset(org).digest}"`,
    );
    expect(welcome?.html).not.toContain('data:image');
  });

  it('an uploaded PNG (carried wrapped in an SVG) is served as the PNG itself', () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const org = t.app.orgs.byOrgCode('MAIN')!;
    const wrapped = {
      ...org,
      orgBrand: {
        ...org.orgBrand,
        logoSvg: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1" width="1" height="1"><image href="data:image/png;base64,${png.toString('base64')}" width="1" height="1"/></svg>`,
      },
    };
    const asset = logoAsset(wrapped);
    expect(asset.contentType).toBe('image/png');
    expect(asset.body.equals(png)).toBe(true);
    expect(logoAsset(org).contentType).toBe('image/svg+xml');
  });
});

describe('co-owners who accepted get the e-mails that concern them', { timeout: 120_000 }, () => {
  const CO = '/service-application/api/v1/application/heloc/co-deed';
  let counter = 0;

  /** An owner invited on the application (as the borrower's invitation leaves them), accepted or not. */
  async function coOwner(applicationUuid: string, accept: boolean) {
    counter += 1;
    const token = `co-owner-token-${counter}-${'x'.repeat(40)}`.slice(0, 43);
    const email = `co-owner-${counter}-${Date.now()}@example.com`;
    await t.app.db.insert(schema.coDeedSigners).values({
      applicationUuid,
      firstName: 'Casey',
      lastName: `Owner${counter}`,
      email,
      status: 'INVITED',
      tokenHash: hashLinkToken(token),
      tokenExpiresAt: new Date(clock.now().getTime() + DAY),
      invitedAt: clock.now(),
    });
    if (accept) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${CO}/invitations/accept`,
        payload: { token, password: 'Co-owner-passw0rd!' },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    return email;
  }

  it('documents to sign on accepting, the right to cancel and funding, each once, on their own screens', async () => {
    clock.set(new Date('2027-05-03T17:00:00Z'));
    const borrower = await borrowerAt('CO_DEED', 'CLOSING_SIGNED', 'NOTE_SIGNING');
    const accepted = await coOwner(borrower.applicationUuid, true);
    const invitedOnly = await coOwner(borrower.applicationUuid, false);
    await t.app.jobs.runDue();
    const signerLink = `https://harborline.example${signerScreenPath('login')}`;
    const [documents] = await withSubject(accepted, subjectOf('DOCUMENTS_READY'));
    expect(documents?.text).toContain('Hello Casey,');
    expect(documents?.text).toContain(signerLink);
    expect(documents?.html).not.toContain(borrower.applicationUuid);

    await moveTo(
      borrower.applicationUuid,
      borrower.identityUuid,
      'RESCISSION_STARTED',
      'GEN_RESCISSION',
      'RESCISSION',
      {
        rescissionDeadline: '2027-05-06',
      },
    );
    await t.app.jobs.runDue();
    await moveTo(borrower.applicationUuid, borrower.identityUuid, 'FUNDED', 'FUNDABLE', 'COMPLETE');
    await t.app.jobs.runDue();
    // A replayed event sends nobody anything more.
    const [funded] = await t.app.db
      .select({ id: schema.applicationEvents.id })
      .from(schema.applicationEvents)
      .where(
        and(
          eq(schema.applicationEvents.applicationUuid, borrower.applicationUuid),
          eq(schema.applicationEvents.action, 'FUNDED'),
        ),
      );
    await queueBorrowerMails(t.app.db, clock, {
      applicationUuid: borrower.applicationUuid,
      eventId: funded!.id,
      kind: 'STEP_CHANGE',
      action: 'FUNDED',
      fromStep: 'FUNDABLE',
      toStep: 'COMPLETE',
    });
    await t.app.jobs.runDue();

    const theirs = await inbox(accepted);
    expect(theirs.map((message) => message.subject).sort()).toEqual(
      [subjectOf('DOCUMENTS_READY'), subjectOf('RIGHT_TO_CANCEL'), subjectOf('FUNDED')].sort(),
    );
    for (const message of theirs) expect(message.text).toContain(signerLink);
    const cancel = theirs.find((message) => message.subject === subjectOf('RIGHT_TO_CANCEL'))!;
    expect(cancel.text).toContain(formatDisplayDate('2027-05-06'));
    const fundedMail = theirs.find((message) => message.subject === subjectOf('FUNDED'))!;
    expect(fundedMail.text).toContain('secured by your home');
    // The borrower's own copies, once each, on the borrower's screens.
    expect(await withSubject(borrower.email, subjectOf('FUNDED'))).toHaveLength(1);
    expect(await withSubject(borrower.email, subjectOf('RIGHT_TO_CANCEL'))).toHaveLength(1);
    // An owner who has not accepted gets nothing but the invitation (sent elsewhere, not here).
    expect(await inbox(invitedOnly)).toHaveLength(0);
    // Their bell stays the borrower's: no notification for the co-owner's account.
    const [identity] = await t.app.db
      .select({ uuid: schema.identities.uuid })
      .from(schema.identities)
      .where(eq(schema.identities.email, accepted));
    const bell = await t.app.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.identityUuid, identity!.uuid));
    expect(bell).toHaveLength(0);
    // Each copy is its own row with its own key (staff see them in the application's e-mails).
    const rows = await t.app.db
      .select()
      .from(schema.borrowerMails)
      .where(
        and(
          eq(schema.borrowerMails.applicationUuid, borrower.applicationUuid),
          eq(schema.borrowerMails.identityUuid, identity!.uuid),
        ),
      )
      .orderBy(asc(schema.borrowerMails.createdAt));
    expect(rows.map((row) => row.key)).toEqual([
      `DOCUMENTS_READY:${borrower.applicationUuid}:co-owner:${identity!.uuid}`,
      `RIGHT_TO_CANCEL:${borrower.applicationUuid}:co-owner:${identity!.uuid}`,
      `FUNDED:${borrower.applicationUuid}:co-owner:${identity!.uuid}`,
    ]);
  });

  it('a cancelled line tells the borrower and every owner who accepted', async () => {
    clock.set(new Date('2027-06-01T17:00:00Z'));
    const borrower = await borrowerAt('RESCISSION', 'RESCISSION_STARTED', 'GEN_RESCISSION');
    const accepted = await coOwner(borrower.applicationUuid, true);
    await t.app.jobs.runDue();
    await moveTo(borrower.applicationUuid, borrower.identityUuid, 'RESCINDED', 'RESCISSION', 'CANCELLED');
    await t.app.jobs.runDue();
    expect(await withSubject(borrower.email, subjectOf('CANCELLED'))).toHaveLength(1);
    const [theirs] = await withSubject(accepted, subjectOf('CANCELLED'));
    expect(theirs?.text).toContain('Nothing will be recorded against your home');
    expect(theirs?.text).toContain(signerScreenPath('login'));
  });
});
