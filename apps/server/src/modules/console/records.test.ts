/**
 * The application file's second part through HTTP on the embedded database: revealing a full SSN
 * and account number (permission, reason, audit before the answer, the timeline's SENSITIVE entry,
 * tenant and loan-officer isolation), staff notes (add, list, audited, in the timeline) and the
 * borrower's chat transcripts. Every role and organisation: the tenant matrix.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZChatTranscripts, ZRevealAnswer, ZStaffNote, ZStaffNotes, ZTimeline } from '@heloc/domain';
import { schema } from '../../db';
import { accountContext } from '../../engine/closing/jobs/shared';
import { sealSsn } from '../../engine/submission/secrets';
import { ManualClock } from '../../lib/clock';
import { LOAN_ORIGINATOR_IDS } from '../../seed/loan-originators';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn, signIn, type Credentials } from '../../test/auth';

const BASE = '/service-ops/api/v1/applications';
const PASSWORD = 'Ops-password-1';
const clock = new ManualClock('2026-03-02T16:00:00.000Z');
let t: TestApp;
/** PROCESSOR and UNDERWRITER. */
let processor: Credentials;
/** ORG_ADMIN and AGENT. */
let admin: Credentials;
/** LOAN_OFFICER (Jordan Reyes). */
let loanOfficer: Credentials;
/** CASCADE_TEACHERS' ORG_ADMIN and AGENT. */
let cascade: Credentials;
let platform: Credentials;

type Borrower = Awaited<ReturnType<typeof registerAndSignIn>>;
let borrower: Borrower;
let other: Borrower;

const post = (who: Credentials, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers: who, payload: payload as Record<string, unknown> });
const get = (who: Credentials, url: string) => t.app.inject({ method: 'GET', url, headers: who });

async function events(applicationUuid: string, action: string) {
  return t.database.db
    .select()
    .from(schema.applicationEvents)
    .where(
      and(
        eq(schema.applicationEvents.applicationUuid, applicationUuid),
        eq(schema.applicationEvents.action, action),
      ),
    );
}

beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 100_000 }, { demoData: true, clock });
  processor = await signIn(t.app, 'processor@heloc.test', PASSWORD);
  admin = await signIn(t.app, 'ops@heloc.test', PASSWORD);
  loanOfficer = await signIn(t.app, 'lo@heloc.test', PASSWORD);
  cascade = await signIn(t.app, 'ops-cascade@heloc.test', PASSWORD);
  platform = await signIn(t.app, 'admin@heloc.test', PASSWORD);
  borrower = await registerAndSignIn(t.app, 'MAIN', {
    name: { firstName: 'Rae', lastName: 'Reveal' },
    property: { street1: '5 Elm Street', city: 'Fresno', state: 'CA', zip: '93701' },
  });
  other = await registerAndSignIn(t.app, 'MAIN', {
    name: { firstName: 'Otto', lastName: 'Other' },
    property: { street1: '6 Elm Street', city: 'Fresno', state: 'CA', zip: '93701' },
  });
  await sealSsn(t.database.db, t.app.sealer, borrower.identityUuid, '123456789');
  await t.database.db.insert(schema.applicationAccounts).values({
    applicationUuid: borrower.applicationUuid,
    purpose: 'DISBURSEMENT',
    source: 'MANUAL',
    accountType: 'CHECKING',
    routingNumber: '021000021',
    accountNumberSealed: t.app.sealer.seal(
      '000123456789',
      accountContext(borrower.applicationUuid, 'DISBURSEMENT'),
    ),
    mask: '6789',
  });
  // The borrower is Jordan Reyes's (lo@heloc.test); the other one is Alicia Moreno's.
  await t.database.db
    .update(schema.helocApplications)
    .set({ referrerUuid: LOAN_ORIGINATOR_IDS.mainJordanReyes })
    .where(eq(schema.helocApplications.uuid, borrower.applicationUuid));
  await t.database.db
    .update(schema.helocApplications)
    .set({ referrerUuid: LOAN_ORIGINATOR_IDS.mainAliciaMoreno })
    .where(eq(schema.helocApplications.uuid, other.applicationUuid));
}, 120_000);
afterAll(async () => t.close());

describe('POST …/applications/{uuid}/reveal', () => {
  const reveal = (who: Credentials, uuid: string, payload: Record<string, unknown>) =>
    post(who, `${BASE}/${uuid}/reveal`, payload);

  it('the file keeps them masked; a processor reveals the full SSN with a reason, audited first', async () => {
    const file = (await get(processor, `${BASE}/${borrower.applicationUuid}`)).json() as {
      borrower: { ssnMasked: string };
      accounts: { accountMasked: string }[];
    };
    expect(file.borrower.ssnMasked).toBe('***-**-6789');
    expect(JSON.stringify(file)).not.toContain('123456789');
    expect(JSON.stringify(file)).not.toContain('000123456789');

    clock.advance(60_000);
    const res = await reveal(processor, borrower.applicationUuid, {
      field: 'SSN',
      reason: 'Checking the SSN against the title report',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(ZRevealAnswer.parse(res.json())).toMatchObject({ field: 'SSN', value: '123-45-6789' });

    const [entry] = await events(borrower.applicationUuid, 'SENSITIVE_DATA_REVEALED');
    expect(entry).toMatchObject({
      actorType: 'STAFF',
      reason: 'Checking the SSN against the title report',
      data: { field: 'SSN' },
      at: clock.now(),
    });
    // Never the value itself in the audit trail.
    expect(JSON.stringify(entry)).not.toContain('6789');

    const timeline = ZTimeline.parse(
      (await get(admin, `${BASE}/${borrower.applicationUuid}/timeline?kind=SENSITIVE`)).json(),
    );
    expect(timeline.items).toHaveLength(1);
    expect(timeline.items[0]).toMatchObject({
      kind: 'SENSITIVE',
      action: 'SENSITIVE_DATA_REVEALED',
      actor: 'processor@heloc.test',
      reason: 'Checking the SSN against the title report',
      at: clock.now().toISOString(),
    });
  });

  it('an organisation admin reveals the full account number of a purpose', async () => {
    const res = await reveal(admin, borrower.applicationUuid, {
      field: 'ACCOUNT_NUMBER',
      purpose: 'DISBURSEMENT',
      reason: 'The borrower asked us to confirm the account',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ value: '000123456789', purpose: 'DISBURSEMENT' });
    const entries = await events(borrower.applicationUuid, 'SENSITIVE_DATA_REVEALED');
    expect(entries.map((e) => e.data)).toContainEqual({ field: 'ACCOUNT_NUMBER', purpose: 'DISBURSEMENT' });
  });

  it('asks for a reason; 409 when nothing is on file', async () => {
    const before = (await events(borrower.applicationUuid, 'SENSITIVE_DATA_REVEALED')).length;
    for (const payload of [
      { field: 'SSN' },
      { field: 'SSN', reason: '  ' },
      { field: 'PIN', reason: 'why' },
    ]) {
      const res = await reveal(processor, borrower.applicationUuid, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const noAutopay = await reveal(processor, borrower.applicationUuid, {
      field: 'ACCOUNT_NUMBER',
      purpose: 'AUTOPAY',
      reason: 'Checking autopay',
    });
    expect(noAutopay.statusCode).toBe(409);
    const noSsn = await reveal(processor, other.applicationUuid, { field: 'SSN', reason: 'Checking' });
    expect(noSsn.statusCode).toBe(409);
    expect(noSsn.json()).toMatchObject({ message: 'No SSN is on file for this borrower' });
    // Nothing revealed, nothing audited.
    expect(await events(borrower.applicationUuid, 'SENSITIVE_DATA_REVEALED')).toHaveLength(before);
  });

  it('loan officers may not (403); another organisation’s staff get 404; platform staff may', async () => {
    const payload = { field: 'SSN', reason: 'Just looking' };
    expect((await reveal(loanOfficer, borrower.applicationUuid, payload)).statusCode).toBe(403);
    const foreign = await reveal(cascade, borrower.applicationUuid, payload);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('123');
    const res = await reveal(platform, borrower.applicationUuid, { field: 'SSN', reason: 'Audit sample' });
    expect(res.statusCode, res.body).toBe(200);
    const entries = await events(borrower.applicationUuid, 'SENSITIVE_DATA_REVEALED');
    expect(entries.filter((e) => e.reason === 'Just looking')).toEqual([]);
    expect(entries.filter((e) => e.reason === 'Audit sample')).toHaveLength(1);
  });
});

describe('staff notes', () => {
  const notesOf = (who: Credentials, uuid: string) => get(who, `${BASE}/${uuid}/notes`);

  it('a loan officer adds a note to their borrower’s file; it is listed, audited and in the timeline', async () => {
    clock.advance(60_000);
    const res = await post(loanOfficer, `${BASE}/${borrower.applicationUuid}/notes`, {
      body: '  Borrower prefers calls after 5 pm.  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    const note = ZStaffNote.parse(res.json());
    expect(note).toMatchObject({
      body: 'Borrower prefers calls after 5 pm.',
      author: 'lo@heloc.test',
      createdAt: clock.now().toISOString(),
    });
    clock.advance(60_000);
    await post(processor, `${BASE}/${borrower.applicationUuid}/notes`, { body: 'Title ordered.' });
    const list = ZStaffNotes.parse((await notesOf(admin, borrower.applicationUuid)).json());
    expect(list.items.map((item) => [item.author, item.body])).toEqual([
      ['processor@heloc.test', 'Title ordered.'],
      ['lo@heloc.test', 'Borrower prefers calls after 5 pm.'],
    ]);
    const timeline = ZTimeline.parse(
      (await get(processor, `${BASE}/${borrower.applicationUuid}/timeline?kind=NOTE`)).json(),
    );
    expect(timeline.items.map((item) => [item.kind, item.actor, item.reason])).toEqual([
      ['NOTE', 'processor@heloc.test', 'Title ordered.'],
      ['NOTE', 'lo@heloc.test', 'Borrower prefers calls after 5 pm.'],
    ]);
    expect(timeline.items[1]!.data).toEqual({ noteUuid: note.uuid });
  });

  it('refuses an empty note (400); another officer’s borrower and another organisation answer 404', async () => {
    expect(
      (await post(processor, `${BASE}/${borrower.applicationUuid}/notes`, { body: '   ' })).statusCode,
    ).toBe(400);
    expect(
      (await post(processor, `${BASE}/${borrower.applicationUuid}/notes`, { body: 'x'.repeat(4001) }))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(loanOfficer, `${BASE}/${other.applicationUuid}/notes`, { body: 'Hi' })).statusCode,
    ).toBe(404);
    expect((await notesOf(loanOfficer, other.applicationUuid)).statusCode).toBe(404);
    expect(
      (await post(cascade, `${BASE}/${borrower.applicationUuid}/notes`, { body: 'Hi' })).statusCode,
    ).toBe(404);
    expect((await notesOf(cascade, borrower.applicationUuid)).statusCode).toBe(404);
    expect(ZStaffNotes.parse((await notesOf(processor, other.applicationUuid)).json()).items).toEqual([]);
  });
});

describe('GET …/applications/{uuid}/chats', () => {
  it('lists the borrower’s conversations for the application with their messages, nobody else’s', async () => {
    const start = (applicationUuid: string | null, identityUuid: string | null, orgCode: string) =>
      t.app.conversations.start(
        {
          orgCode,
          identityUuid,
          applicationUuid,
          friendlyName: 'Rae',
          emailAddress: borrower.email,
          skill: null,
          tag: null,
          pageUrl: null,
          chatMode: null,
          attributes: {},
          targetAgentUuid: null,
          expiresAt: null,
          kind: 'LIVE',
        },
        null,
      );
    const linked = await start(borrower.applicationUuid, borrower.identityUuid, 'MAIN');
    await t.app.conversations.post(
      linked.uuid,
      { role: 'customer', author: 'Rae', identity: null },
      'Hello, what is my rate?',
      [],
    );
    await t.app.conversations.post(
      linked.uuid,
      { role: 'agent', author: 'Alex', identity: null },
      'Let me check.',
      [],
    );
    const unlinked = await start(null, borrower.identityUuid, 'MAIN');
    await t.app.conversations.post(
      unlinked.uuid,
      { role: 'customer', author: 'Rae', identity: null },
      'Before I applied',
      [],
    );
    const othersChat = await start(other.applicationUuid, other.identityUuid, 'MAIN');
    const visitor = await start(null, null, 'MAIN');

    const res = await get(processor, `${BASE}/${borrower.applicationUuid}/chats`);
    expect(res.statusCode, res.body).toBe(200);
    const { items } = ZChatTranscripts.parse(res.json());
    const uuids = items.map((item) => item.uuid);
    expect(uuids.sort()).toEqual([linked.uuid, unlinked.uuid].sort());
    expect(uuids).not.toContain(othersChat.uuid);
    expect(uuids).not.toContain(visitor.uuid);
    const first = items.find((item) => item.uuid === linked.uuid)!;
    expect(first.linked).toBe(true);
    expect(first.messages.map((message) => [message.role, message.body])).toEqual([
      ['customer', 'Hello, what is my rate?'],
      ['agent', 'Let me check.'],
    ]);
    expect(items.find((item) => item.uuid === unlinked.uuid)!.linked).toBe(false);

    expect((await get(cascade, `${BASE}/${borrower.applicationUuid}/chats`)).statusCode).toBe(404);
    expect((await get(loanOfficer, `${BASE}/${other.applicationUuid}/chats`)).statusCode).toBe(404);
  });
});
