/**
 * The borrower's e-mails and reminders through the real app (inject, embedded database, manual
 * clock): each trigger sends its e-mail once, branded, linking to its exact screen, with the bell
 * beside it; the decline carries its adverse action notice; reminders follow their rules (45 minutes,
 * then every 48 hours, at most three, quiet hours on the borrower's clock, stopped by progress or by
 * unsubscribing) and staff see them.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationStepPath, BORROWER_MAIL_LINKS, type TBorrowerMailKind } from '@heloc/domain';
import { simulate } from '../../../scripts/simulator';
import { schema } from '../../db';
import { ManualClock } from '../../lib/clock';
import { readOutbox } from '../../mail';
import { BORROWER_TEMPLATES } from '../../mail/templates/borrower';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn, signIn, type Credentials } from '../../test/auth';
import { recordEvent } from '../../workflow/audit';
import { queueBorrowerMails } from './queue';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
// 10:00 in California (PST): inside the hours reminders may be sent.
const START = new Date('2026-11-20T18:00:00Z');

let t: TestApp;
const clock = new ManualClock(START);
let staff: Credentials;
let cascade: Credentials;

beforeAll(async () => {
  t = await createTestApp({}, { clock, demoData: true });
  staff = await signIn(t.app, 'ops@heloc.test', 'Ops-password-1');
  cascade = await signIn(t.app, 'ops-cascade@heloc.test', 'Ops-password-1');
}, 120_000);
afterAll(async () => t.close());

async function mailsOf(applicationUuid: string) {
  return t.app.db
    .select()
    .from(schema.borrowerMails)
    .where(eq(schema.borrowerMails.applicationUuid, applicationUuid))
    .orderBy(asc(schema.borrowerMails.createdAt));
}

async function emailOf(applicationUuid: string): Promise<string> {
  const [row] = await t.app.db
    .select({ email: schema.identities.email })
    .from(schema.helocApplications)
    .innerJoin(schema.identities, eq(schema.identities.uuid, schema.helocApplications.identityUuid))
    .where(eq(schema.helocApplications.uuid, applicationUuid));
  return row!.email;
}

const subjectOf = (kind: TBorrowerMailKind) =>
  BORROWER_TEMPLATES[kind]({
    org: t.app.orgs.byOrgCode('MAIN')!,
    firstName: null,
    link: '',
    logoLink: '',
    facts: {},
  }).subject;

function linkPath(applicationUuid: string, kind: Exclude<TBorrowerMailKind, 'REMINDER'>): string {
  const screen = BORROWER_MAIL_LINKS[kind];
  return screen === '/' ? '/account/heloc/' : applicationStepPath(applicationUuid, screen);
}

describe('transactional e-mails, one per trigger', { timeout: 240_000 }, () => {
  const cases: { scenario: string; kinds: Exclude<TBorrowerMailKind, 'REMINDER'>[] }[] = [
    {
      scenario: 'Happy',
      kinds: [
        'WELCOME',
        'OFFER_READY',
        'APPLICATION_SUBMITTED',
        'DOCUMENTS_READY',
        'RIGHT_TO_CANCEL',
        'FUNDED',
      ],
    },
    { scenario: 'Paystub', kinds: ['WELCOME', 'OFFER_READY', 'APPLICATION_SUBMITTED', 'CONDITION_RAISED'] },
    { scenario: 'Noavm', kinds: ['WELCOME', 'VALUATION_DONE'] },
    { scenario: 'Lowscore', kinds: ['WELCOME', 'DECLINED'] },
  ];

  it.each(cases)('$scenario sends $kinds', async ({ scenario, kinds }) => {
    const result = await simulate({ scenario, target: { app: t.app, clock } });
    await t.app.jobs.runDue();
    const uuid = result.applicationUuid!;
    const email = await emailOf(uuid);
    const rows = await mailsOf(uuid);
    const outbox = await readOutbox(t.app.db, { to: email, limit: 200 });
    const org = t.app.orgs.byOrgCode('MAIN')!;
    for (const kind of kinds) {
      const row = rows.find((each) => each.kind === kind);
      expect(row, kind).toMatchObject({ status: 'SENT' });
      const sent = outbox.filter((message) => message.subject === subjectOf(kind));
      expect(sent.length, kind).toBeGreaterThanOrEqual(1);
      const message = sent[0]!;
      // Branded: the organisation's colour, name and NMLS; the exact screen in both bodies.
      expect(message.html).toContain(org.orgBrand.colors.primary);
      expect(message.html).toContain(org.orgMetaData.companyInfo.companyName);
      expect(message.html).toContain(`NMLS #${org.orgMetaData.companyInfo.companyNMLS}`);
      expect(message.html).toContain(`${org.baseUrl}${linkPath(uuid, kind)}`);
      expect(message.text).toContain(`${org.baseUrl}${linkPath(uuid, kind)}`);
      expect(message.text).not.toMatch(/<[a-z]/i);
      // Transactional mail has no unsubscribe link.
      expect(message.html).not.toContain('Unsubscribe');
    }
    // Never twice for the same event: one message per once-only kind.
    for (const kind of kinds.filter((each) => each !== 'CONDITION_RAISED' && each !== 'OFFER_READY')) {
      expect(
        outbox.filter((message) => message.subject === subjectOf(kind)),
        kind,
      ).toHaveLength(1);
    }
    if (kinds.includes('DECLINED')) {
      const decline = outbox.find((message) => message.subject === subjectOf('DECLINED'))!;
      expect(decline.attachments).toEqual([
        expect.objectContaining({ contentType: 'application/pdf', sizeBytes: expect.any(Number) }),
      ]);
      expect(decline.attachments[0]!.sizeBytes).toBeGreaterThan(1000);
    }
    if (kinds.includes('FUNDED')) {
      // The bell after funding: not empty, the funding message first, linking to the app index.
      const [identity] = await t.app.db
        .select({ uuid: schema.helocApplications.identityUuid })
        .from(schema.helocApplications)
        .where(eq(schema.helocApplications.uuid, uuid));
      const bell = await t.app.db
        .select()
        .from(schema.notifications)
        .where(eq(schema.notifications.identityUuid, identity!.uuid));
      const titles = bell.map((notification) => notification.title);
      expect(titles).toEqual(
        expect.arrayContaining([
          'Your account is ready',
          'Your offer is ready',
          'Your application is submitted',
          'Your closing documents are ready',
          'Your right to cancel has started',
          'Your line of credit is open',
        ]),
      );
      const funded = bell.find((notification) => notification.title === 'Your line of credit is open')!;
      expect(funded.ctas).toEqual([{ title: 'Go to my account', redirectPath: '/account/heloc/' }]);
    }
  });

  it('a notary appointment sends its e-mail with the time on the borrower’s clock', async () => {
    const borrower = await registerAndSignIn(t.app);
    await t.app.db.transaction((tx) =>
      recordEvent(tx, clock, {
        applicationUuid: borrower.applicationUuid,
        actor: { type: 'BORROWER', uuid: borrower.identityUuid },
        kind: 'STEP_CHANGE',
        action: 'RESERVE_NOTARY',
        fromStep: 'MANUAL_DEED_SIGNING',
        toStep: 'NOTARY_WAITING_PERIOD',
        data: { startsAt: '2026-11-24T18:00:00.000Z', endsAt: '2026-11-24T19:00:00.000Z' },
      }),
    );
    await t.app.jobs.runDue();
    const [message] = (await readOutbox(t.app.db, { to: borrower.email, limit: 20 })).filter(
      (each) => each.subject === subjectOf('NOTARY_APPOINTMENT'),
    );
    expect(message?.text).toContain('11/24/2026 at 10:00 AM PST');
    expect(message?.html).toContain(applicationStepPath(borrower.applicationUuid, 'notary/reserve-manual'));
  });

  it('an event queued again (a retry, a replayed transition) sends nothing more', async () => {
    const borrower = await registerAndSignIn(t.app);
    await t.app.jobs.runDue();
    const welcome = () =>
      readOutbox(t.app.db, { to: borrower.email, limit: 20 }).then((all) =>
        all.filter((message) => message.subject === subjectOf('WELCOME')),
      );
    expect(await welcome()).toHaveLength(1);
    const [created] = await t.app.db
      .select({ id: schema.applicationEvents.id })
      .from(schema.applicationEvents)
      .where(
        and(
          eq(schema.applicationEvents.applicationUuid, borrower.applicationUuid),
          eq(schema.applicationEvents.action, 'APPLICATION_CREATED'),
        ),
      );
    await queueBorrowerMails(t.app.db, clock, {
      applicationUuid: borrower.applicationUuid,
      eventId: created!.id,
      kind: 'ACTION',
      action: 'APPLICATION_CREATED',
    });
    // The job itself run again (a crash after sending): the row is SENT, nothing goes out.
    const [row] = await t.app.db
      .select()
      .from(schema.borrowerMails)
      .where(eq(schema.borrowerMails.key, `WELCOME:${borrower.identityUuid}`));
    await t.app.jobs.runDue();
    await t.app.db
      .insert(schema.jobs)
      .values({ kind: 'mail.borrower', payload: { mailUuid: row!.uuid }, runAfter: clock.now() });
    await t.app.jobs.runDue();
    expect(await welcome()).toHaveLength(1);
  });
});

describe('reminders for unfinished applications', { timeout: 120_000 }, () => {
  const reminders = async (email: string) =>
    (await readOutbox(t.app.db, { to: email, limit: 50 })).filter(
      (message) => message.subject === subjectOf('REMINDER'),
    );

  it('45 minutes after leaving, then every 48 hours, three at most, each linking to the step; staff see them', async () => {
    clock.set(new Date('2026-12-01T18:00:00Z')); // 10:00 PST
    const borrower = await registerAndSignIn(t.app);
    clock.advance(44 * MINUTE);
    await t.app.jobs.runDue();
    expect(await reminders(borrower.email)).toHaveLength(0);
    clock.advance(2 * MINUTE);
    await t.app.jobs.runDue();
    const [first] = await reminders(borrower.email);
    expect(first).toBeDefined();
    const link = `https://harborline.example${applicationStepPath(borrower.applicationUuid, 'start/profile')}`;
    expect(first!.html).toContain(link);
    expect(first!.text).toContain(link);
    expect(first!.html).toContain('Unsubscribe from reminders');
    for (let n = 2; n <= 4; n += 1) {
      clock.advance(48 * HOUR);
      await t.app.jobs.runDue();
    }
    expect(await reminders(borrower.email)).toHaveLength(3);
    clock.advance(10 * 24 * HOUR);
    await t.app.jobs.runDue();
    expect(await reminders(borrower.email)).toHaveLength(3);

    // Staff: each sent reminder in the timeline, and the e-mails list with their state.
    const timeline = await t.app.inject({
      method: 'GET',
      url: `/service-ops/api/v1/applications/${borrower.applicationUuid}/timeline`,
      headers: staff,
    });
    expect(timeline.statusCode).toBe(200);
    const sent = (timeline.json() as { items: { action: string }[] }).items.filter(
      (item) => item.action === 'REMINDER_SENT',
    );
    expect(sent).toHaveLength(3);
    const mails = await t.app.inject({
      method: 'GET',
      url: `/service-ops/api/v1/applications/${borrower.applicationUuid}/mails`,
      headers: staff,
    });
    expect(mails.statusCode).toBe(200);
    const items = (
      mails.json() as { items: { kind: string; status: string; reminderNumber: number | null }[] }
    ).items;
    expect(
      items
        .filter((item) => item.kind === 'REMINDER' && item.status === 'SENT')
        .map((item) => item.reminderNumber)
        .sort(),
    ).toEqual([1, 2, 3]);
    // Another organisation's staff do not see them.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/service-ops/api/v1/applications/${borrower.applicationUuid}/mails`,
      headers: cascade,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('waits for the morning on the borrower’s clock during quiet hours', async () => {
    // 20:30 PST: the first reminder falls due at 21:15, inside the quiet hours → 08:00 PST.
    clock.set(new Date('2026-12-10T04:30:00Z'));
    const borrower = await registerAndSignIn(t.app);
    clock.advance(45 * MINUTE);
    await t.app.jobs.runDue();
    expect(await reminders(borrower.email)).toHaveLength(0);
    clock.set(new Date('2026-12-10T15:59:00Z')); // 07:59 PST
    await t.app.jobs.runDue();
    expect(await reminders(borrower.email)).toHaveLength(0);
    clock.set(new Date('2026-12-10T16:00:00Z')); // 08:00 PST
    await t.app.jobs.runDue();
    expect(await reminders(borrower.email)).toHaveLength(1);
  });

  it('stops when the borrower makes progress', async () => {
    clock.set(new Date('2026-12-15T18:00:00Z'));
    const borrower = await registerAndSignIn(t.app);
    clock.advance(10 * MINUTE);
    // Any step change is progress (here through the audit trail the engine writes).
    await t.app.db.transaction((tx) =>
      recordEvent(tx, clock, {
        applicationUuid: borrower.applicationUuid,
        actor: { type: 'BORROWER', uuid: borrower.identityUuid },
        kind: 'ACTION',
        action: 'PROFILE_SAVED',
      }),
    );
    clock.advance(40 * MINUTE);
    await t.app.jobs.runDue();
    expect(await reminders(borrower.email)).toHaveLength(0);
    const rows = (await mailsOf(borrower.applicationUuid)).filter((row) => row.kind === 'REMINDER');
    expect(rows).toEqual([expect.objectContaining({ status: 'SKIPPED', skipReason: 'PROGRESS' })]);
  });

  it('stops when the borrower unsubscribes (the e-mail’s link and one-click POST); a bad link is refused', async () => {
    clock.set(new Date('2026-12-20T18:00:00Z'));
    const borrower = await registerAndSignIn(t.app);
    clock.advance(46 * MINUTE);
    await t.app.jobs.runDue();
    const [first] = await reminders(borrower.email);
    const href =
      /href="(https:\/\/harborline\.example\/identity\/api\/v1\/mail\/unsubscribe\?token=[^"]+)"/.exec(
        first!.html!,
      )![1]!;
    const url = new URL(href.replaceAll('&amp;', '&'));
    expect(url.searchParams.get('token')).toMatch(new RegExp(`^${borrower.identityUuid}\\.`));
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Unsubscribe from reminders?');
    const done = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    clock.advance(48 * HOUR);
    await t.app.jobs.runDue();
    expect(await reminders(borrower.email)).toHaveLength(1);
    const rows = (await mailsOf(borrower.applicationUuid)).filter((row) => row.kind === 'REMINDER');
    expect(rows.map((row) => row.skipReason)).toContain('UNSUBSCRIBED');

    const forged = await t.app.inject({
      method: 'POST',
      url: `/identity/api/v1/mail/unsubscribe?token=${borrower.identityUuid}.forged`,
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toMatchObject({ message: 'This unsubscribe link is not valid.' });
  });
});
