/**
 * Decisions in the lender console through HTTP on the embedded database: a decline with Regulation B
 * reasons (the engine's transition, its adverse action notice with those reasons, the timeline),
 * cancel, maker-checker (propose, approve by a different member, reject, never one's own), and who
 * may do what. Every role and organisation: the tenant matrix (modules/staff/tenant-matrix.test.ts).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZStaffDecision, ZTimeline, type TStaffDecision } from '@heloc/domain';
import { schema } from '../../db';
import { ManualClock } from '../../lib/clock';
import { LOAN_ORIGINATOR_IDS } from '../../seed/loan-originators';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn, signIn, type Credentials } from '../../test/auth';
import { createStaffAccount } from '../staff/service';
import { driven } from '../../engine/closing/test-helpers';

const BASE = '/service-ops/api/v1/applications';
const PASSWORD = 'Ops-password-1';
const clock = new ManualClock('2026-03-02T16:00:00.000Z');
let t: TestApp;
/** processor@heloc.test: PROCESSOR and UNDERWRITER (takes in-policy decisions at once, approves). */
let underwriter: Credentials;
/** A second underwriter, for maker-checker between two approvers. */
let underwriter2: Credentials;
/** lo@heloc.test: LOAN_OFFICER (proposes, only on Jordan Reyes's borrowers). */
let loanOfficer: Credentials;
/** ops@heloc.test: ORG_ADMIN and AGENT (no decisions). */
let admin: Credentials;
let cascade: Credentials;

type Borrower = Awaited<ReturnType<typeof registerAndSignIn>>;
const headers = (who: Borrower) => ({ authorization: who.authorization, cookie: who.cookie });
const app = (who: Borrower, path: string) =>
  `/service-application/api/v1/application/heloc/${who.applicationUuid}${path}`;

let n = 0;
/** A MAIN borrower at OFFER_SELECTION (soft pull and property done: the notice has a credit report). */
async function borrowerAtOffers(referrer: string | null = null): Promise<Borrower> {
  n += 1;
  const who = await registerAndSignIn(t.app, 'MAIN', {
    name: { firstName: 'Dee', lastName: `Decision${n}` },
    property: { street1: `${n} Oak Street`, city: 'Fresno', state: 'CA', zip: '93701' },
  });
  // Profile and liens through the one borrower driver (@heloc/borrower-driver over inject).
  const driver = driven(t.app, { ...who, firstName: 'Dee', lastName: `Decision${n}` });
  await driver.move('IN_PROGRESS');
  await t.app.jobs.runDue();
  await driver.move('LIEN_VERIFICATION');
  await t.app.jobs.runDue();
  expect(await stepOf(who)).toBe('OFFER_SELECTION');
  if (referrer)
    await t.database.db
      .update(schema.helocApplications)
      .set({ referrerUuid: referrer })
      .where(eq(schema.helocApplications.uuid, who.applicationUuid));
  return who;
}

async function offers(who: Borrower) {
  const res = await t.app.inject({ method: 'GET', url: app(who, '/offers'), headers: headers(who) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { maxLineCents: number; minLineCents: number; offers: { uuid: string }[] };
}

async function stepOf(who: Borrower): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/service-krang-heloc/borrower/secure/api/v1/${who.applicationUuid}/status`,
    headers: headers(who),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { status: string }).status;
}

const decide = (by: Credentials, who: Borrower, payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `${BASE}/${who.applicationUuid}/decisions`,
    headers: by,
    payload,
  });
const review = (
  by: Credentials,
  who: Borrower,
  decision: { uuid: string },
  action: 'approve' | 'reject',
  payload: Record<string, unknown> = {},
) =>
  t.app.inject({
    method: 'POST',
    url: `${BASE}/${who.applicationUuid}/decisions/${decision.uuid}/${action}`,
    headers: by,
    payload,
  });
function decisionOf(res: Awaited<ReturnType<typeof decide>>): TStaffDecision {
  expect(res.statusCode, res.body).toBe(200);
  return ZStaffDecision.parse(res.json());
}

async function timeline(who: Borrower) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${BASE}/${who.applicationUuid}/timeline`,
    headers: underwriter,
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZTimeline.parse(res.json()).items;
}

/** The reasons the adverse action notice printed (its audit entry), after the notice job ran. */
async function noticeReasons(who: Borrower): Promise<string[] | null> {
  await t.app.jobs.runDue();
  const documents = await t.database.db
    .select()
    .from(schema.applicationDocuments)
    .where(
      and(
        eq(schema.applicationDocuments.applicationUuid, who.applicationUuid),
        eq(schema.applicationDocuments.type, 'ADVERSE_ACTION_NOTICE'),
      ),
    );
  const [event] = await t.database.db
    .select({ data: schema.applicationEvents.data })
    .from(schema.applicationEvents)
    .where(
      and(
        eq(schema.applicationEvents.applicationUuid, who.applicationUuid),
        eq(schema.applicationEvents.action, 'ADVERSE_ACTION_NOTICE'),
      ),
    );
  if (!event) return null;
  expect(documents).toHaveLength(1);
  const file = await t.app.storage.get(documents[0]!.fileKey);
  expect(Buffer.from(file!.bytes).subarray(0, 5).toString()).toBe('%PDF-');
  return event.data.reasons as string[];
}

beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 100_000 }, { demoData: true, clock });
  underwriter = await signIn(t.app, 'processor@heloc.test', PASSWORD);
  loanOfficer = await signIn(t.app, 'lo@heloc.test', PASSWORD);
  admin = await signIn(t.app, 'ops@heloc.test', PASSWORD);
  cascade = await signIn(t.app, 'ops-cascade@heloc.test', PASSWORD);
  await createStaffAccount(t.database.db, {
    email: 'second-underwriter@example.com',
    password: PASSWORD,
    orgCode: 'MAIN',
    roles: ['UNDERWRITER'],
    loanOriginatorUuid: null,
  });
  underwriter2 = await signIn(t.app, 'second-underwriter@example.com', PASSWORD);
}, 120_000);
afterAll(async () => t.close());

describe('decline with Regulation B reasons', () => {
  it('an underwriter declines: DECLINED through the engine, the notice lists those reasons, the timeline shows who and why', async () => {
    const who = await borrowerAtOffers();
    const decision = decisionOf(
      await decide(underwriter, who, {
        type: 'DECLINE',
        reasons: ['EXCESSIVE_OBLIGATIONS', 'OTHER'],
        otherReason: 'Recent large cash advances on the property',
        note: 'Obligations too high after the file review',
      }),
    );
    expect(decision).toMatchObject({
      type: 'DECLINE',
      status: 'APPLIED',
      proposedBy: 'processor@heloc.test',
      decidedBy: 'processor@heloc.test',
      note: 'Obligations too high after the file review',
      details: {
        reasons: ['EXCESSIVE_OBLIGATIONS', 'OTHER'],
        otherReason: 'Recent large cash advances on the property',
      },
    });
    expect(await stepOf(who)).toBe('DECLINED');
    expect(await noticeReasons(who)).toEqual([
      'Excessive obligations in relation to income',
      'Recent large cash advances on the property',
    ]);

    const entries = await timeline(who);
    const decline = entries.find((entry) => entry.action === 'STAFF_DECLINE')!;
    expect(decline).toMatchObject({
      kind: 'STEP',
      actor: 'processor@heloc.test',
      actorType: 'STAFF',
      fromStep: 'OFFER_SELECTION',
      toStep: 'DECLINED',
      reason: 'Obligations too high after the file review',
    });
    expect(decline.data).toMatchObject({ decisionUuid: decision.uuid, reasons: decision.details.reasons });
    expect(entries.some((entry) => entry.action === 'ADVERSE_ACTION_NOTICE')).toBe(true);

    // The file shows the decision; a closed application takes no other.
    const file = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${who.applicationUuid}`,
      headers: underwriter,
    });
    expect(file.json()).toMatchObject({ step: 'DECLINED', underwriting: { decision: 'DECLINE' } });
    const again = await decide(underwriter, who, { type: 'CANCEL', note: 'Too late for this' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This application is closed' });

    const listed = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${who.applicationUuid}/decisions`,
      headers: loanOfficer,
    });
    // The loan officer sees only Jordan Reyes's borrowers: this one is not.
    expect(listed.statusCode).toBe(404);
  });

  it('refuses a decline without reasons, with an unknown or repeated reason, with five, or OTHER without words', async () => {
    const who = await borrowerAtOffers();
    const bad: Record<string, unknown>[] = [
      { type: 'DECLINE', reasons: [], note: 'No reasons given' },
      { type: 'DECLINE', reasons: ['CREDIT_SCORE'], note: 'Not a Regulation B code' },
      { type: 'DECLINE', reasons: ['BANKRUPTCY', 'BANKRUPTCY'], note: 'Twice' },
      {
        type: 'DECLINE',
        reasons: [
          'BANKRUPTCY',
          'NO_CREDIT_FILE',
          'TEMPORARY_RESIDENCE',
          'LENGTH_OF_EMPLOYMENT',
          'INSUFFICIENT_INCOME',
        ],
        note: 'Five reasons',
      },
      { type: 'DECLINE', reasons: ['OTHER'], note: 'Other without words' },
      { type: 'DECLINE', reasons: ['BANKRUPTCY'], otherReason: 'Words without OTHER', note: 'Stray words' },
      { type: 'DECLINE', reasons: ['BANKRUPTCY'] },
      { type: 'APPROVE_EVERYTHING', note: 'Unknown decision' },
    ];
    for (const payload of bad) {
      const res = await decide(underwriter, who, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await stepOf(who)).toBe('OFFER_SELECTION');
  });
});

describe('cancel', () => {
  it('an underwriter cancels through the engine’s CANCEL transition, audited as staff with the reason', async () => {
    const who = await borrowerAtOffers();
    const decision = decisionOf(
      await decide(underwriter, who, { type: 'CANCEL', note: 'Borrower called to withdraw' }),
    );
    expect(decision.status).toBe('APPLIED');
    expect(await stepOf(who)).toBe('CANCELLED');
    const entry = (await timeline(who)).find((each) => each.action === 'CANCEL')!;
    expect(entry).toMatchObject({
      actor: 'processor@heloc.test',
      toStep: 'CANCELLED',
      reason: 'Borrower called to withdraw',
    });
    // No adverse action notice for a withdrawal.
    expect(await noticeReasons(who)).toBeNull();
  });
});

describe('maker-checker', () => {
  it('a loan officer proposes a decline; the application waits; an underwriter approves it and it applies', async () => {
    const who = await borrowerAtOffers(LOAN_ORIGINATOR_IDS.mainJordanReyes);
    const proposal = decisionOf(
      await decide(loanOfficer, who, {
        type: 'DECLINE',
        reasons: ['INSUFFICIENT_COLLATERAL'],
        note: 'The photos show the property is not habitable',
      }),
    );
    expect(proposal).toMatchObject({
      status: 'PROPOSED',
      proposedBy: 'lo@heloc.test',
      decidedBy: null,
      decidedAt: null,
    });
    expect(await stepOf(who)).toBe('OFFER_SELECTION');
    const proposed = (await timeline(who)).find((entry) => entry.action === 'DECISION_PROPOSED')!;
    expect(proposed).toMatchObject({
      kind: 'STAFF',
      actor: 'lo@heloc.test',
      reason: 'The photos show the property is not habitable',
    });

    // The loan officer cannot approve (no DECISIONS_APPROVE); an underwriter can.
    expect((await review(loanOfficer, who, proposal, 'approve')).statusCode).toBe(403);
    const approved = decisionOf(await review(underwriter, who, proposal, 'approve', { note: 'Agreed' }));
    expect(approved).toMatchObject({
      uuid: proposal.uuid,
      status: 'APPLIED',
      proposedBy: 'lo@heloc.test',
      decidedBy: 'processor@heloc.test',
      decisionNote: 'Agreed',
    });
    expect(await stepOf(who)).toBe('DECLINED');
    expect(await noticeReasons(who)).toEqual(['Value or type of collateral not sufficient']);
    const step = (await timeline(who)).find((entry) => entry.action === 'STAFF_DECLINE')!;
    expect(step.actor).toBe('processor@heloc.test');
    expect(step.data).toMatchObject({ decisionUuid: proposal.uuid });
    expect(step.data.proposedByUuid).toEqual(expect.any(String));

    // Once applied it is not waiting any more.
    expect((await review(underwriter2, who, proposal, 'approve')).statusCode).toBe(409);
  });

  it('a rejected proposal leaves the application where it was and cannot be approved after', async () => {
    const who = await borrowerAtOffers(LOAN_ORIGINATOR_IDS.mainJordanReyes);
    const proposal = decisionOf(
      await decide(loanOfficer, who, { type: 'CANCEL', note: 'I think they lost interest' }),
    );
    expect((await review(underwriter, who, proposal, 'reject', {})).statusCode).toBe(400);
    const rejected = decisionOf(
      await review(underwriter, who, proposal, 'reject', {
        reason: 'The borrower has not asked to withdraw',
      }),
    );
    expect(rejected).toMatchObject({
      status: 'REJECTED',
      decidedBy: 'processor@heloc.test',
      decisionNote: 'The borrower has not asked to withdraw',
    });
    expect(await stepOf(who)).toBe('OFFER_SELECTION');
    expect((await timeline(who)).find((entry) => entry.action === 'DECISION_REJECTED')).toMatchObject({
      actor: 'processor@heloc.test',
      reason: 'The borrower has not asked to withdraw',
    });
    expect((await review(underwriter2, who, proposal, 'approve')).statusCode).toBe(409);
  });

  it('nobody approves or rejects their own proposal, even an approver (a counter-offer is out of policy)', async () => {
    const who = await borrowerAtOffers();
    const before = await offers(who);
    const proposal = decisionOf(
      await decide(underwriter, who, {
        type: 'COUNTER_OFFER',
        maxLineCents: before.maxLineCents - 1_000_000,
        note: 'Lower line for the thin income history',
      }),
    );
    expect(proposal.status).toBe('PROPOSED');
    for (const action of ['approve', 'reject'] as const) {
      const res = await review(underwriter, who, proposal, action, { reason: 'My own call' });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({
        message: 'A different member must approve or reject your own proposal',
      });
    }
    expect((await offers(who)).maxLineCents).toBe(before.maxLineCents);
    expect(decisionOf(await review(underwriter2, who, proposal, 'approve')).status).toBe('APPLIED');
    expect((await offers(who)).maxLineCents).toBe(before.maxLineCents - 1_000_000);
  });
});

describe('counter-offer a lower line', () => {
  it('proposed, approved by a second member: the borrower’s next poll shows the lower line and the amount is capped by it', async () => {
    const who = await borrowerAtOffers(LOAN_ORIGINATOR_IDS.mainJordanReyes);
    const before = await offers(who);
    const line = before.maxLineCents - 2_500_000;
    const proposal = decisionOf(
      await decide(loanOfficer, who, {
        type: 'COUNTER_OFFER',
        maxLineCents: line,
        note: 'Keep the CLTV lower',
      }),
    );
    expect(proposal).toMatchObject({ status: 'PROPOSED', details: { maxLineCents: line } });
    expect((await offers(who)).maxLineCents).toBe(before.maxLineCents);

    decisionOf(await review(underwriter, who, proposal, 'approve'));
    const after = await offers(who);
    expect(after.maxLineCents).toBe(line);
    expect(after.offers.map((offer) => offer.uuid)).toEqual(before.offers.map((offer) => offer.uuid));
    expect(await stepOf(who)).toBe('OFFER_SELECTION');
    const view = await t.app.inject({ method: 'GET', url: app(who, ''), headers: headers(who) });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({ uwCalculatedDrawAmount: line });

    // The old maximum is refused now; the new one is accepted.
    const tooMuch = await t.app.inject({
      method: 'POST',
      url: app(who, '/offer'),
      headers: headers(who),
      payload: { offerUuid: after.offers[0]!.uuid, amountCents: before.maxLineCents },
    });
    expect(tooMuch.statusCode, tooMuch.body).toBe(400);
    const entry = (await timeline(who)).find((each) => each.action === 'STAFF_COUNTER_OFFER')!;
    expect(entry).toMatchObject({ actor: 'processor@heloc.test', reason: 'Keep the CLTV lower' });
    expect(entry.data).toMatchObject({ maxLineCents: line, previousMaxLineCents: before.maxLineCents });
    const chosen = await t.app.inject({
      method: 'POST',
      url: app(who, '/offer'),
      headers: headers(who),
      payload: { offerUuid: after.offers[0]!.uuid, amountCents: line },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
  });

  it('refuses a line that is not lower, one below the minimum line, and a counter-offer outside offer selection', async () => {
    const who = await borrowerAtOffers();
    const { maxLineCents, minLineCents } = await offers(who);
    for (const line of [maxLineCents, maxLineCents + 100, minLineCents - 100]) {
      const res = await decide(underwriter, who, {
        type: 'COUNTER_OFFER',
        maxLineCents: line,
        note: 'Try it',
      });
      expect(res.statusCode, res.body).toBe(409);
    }
    const fresh = await registerAndSignIn(t.app, 'MAIN');
    const early = await decide(underwriter, fresh, {
      type: 'COUNTER_OFFER',
      maxLineCents: 2_000_000,
      note: 'Too early',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      message: 'A COUNTER_OFFER decision is not possible at IN_PROGRESS',
    });
  });
});

describe('who may decide', () => {
  it('an organisation admin has no decision permission; another organisation’s staff get 404; a loan officer only on their borrowers', async () => {
    const mine = await borrowerAtOffers(LOAN_ORIGINATOR_IDS.mainJordanReyes);
    const other = await borrowerAtOffers(LOAN_ORIGINATOR_IDS.mainAliciaMoreno);
    const cancel = { type: 'CANCEL', note: 'Withdrawn by phone' };
    expect((await decide(admin, mine, cancel)).statusCode).toBe(403);
    const cross = await decide(cascade, mine, cancel);
    // ops-cascade@ is ORG_ADMIN (403 before the organisation); an underwriter of CASCADE gets 404.
    expect(cross.statusCode).toBe(403);
    await createStaffAccount(t.database.db, {
      email: 'cascade-underwriter@example.com',
      password: PASSWORD,
      orgCode: 'CASCADE_TEACHERS',
      roles: ['UNDERWRITER'],
      loanOriginatorUuid: null,
    });
    const cascadeUnderwriter = await signIn(t.app, 'cascade-underwriter@example.com', PASSWORD);
    const res = await decide(cascadeUnderwriter, mine, cancel);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Application not found' });
    expect((await decide(loanOfficer, other, cancel)).statusCode).toBe(404);
    expect(await stepOf(mine)).toBe('OFFER_SELECTION');
    expect(await stepOf(other)).toBe('OFFER_SELECTION');
  });
});
