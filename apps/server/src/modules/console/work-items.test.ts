/**
 * Work items through HTTP on the embedded database: the manual notary appointment confirmed by staff
 * (MANUAL_DEED_SIGNED through the engine's transition, not before the appointment starts) and the
 * funding hold released (account verified, its review condition waived, the engine's funding
 * decision runs again and approves). The application is put at the waiting step directly (the
 * closing tests drive those steps through their screens' routes); everything after is the real code.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeForStatus, ZWorkItems } from '@heloc/domain';
import { schema } from '../../db';
import { accountContext } from '../../engine/closing/jobs/shared';
import {
  createClient,
  driveThroughIdentity,
  driveToOfferSelection,
  driveToSubmitted,
  newBorrower,
} from '../../engine/closing/test-helpers';
import { ManualClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn, signIn, type Credentials } from '../../test/auth';
import { recordEvent } from '../../workflow/audit';

const BASE = '/service-ops/api/v1/applications';
const PASSWORD = 'Ops-password-1';
const clock = new ManualClock('2026-03-02T16:00:00.000Z');
let t: TestApp;
let processor: Credentials;
let loanOfficer: Credentials;
let cascade: Credentials;

type Borrower = Awaited<ReturnType<typeof registerAndSignIn>>;

async function atStep(step: string): Promise<Borrower> {
  const who = await registerAndSignIn(t.app, 'MAIN', {
    property: { street1: '8 Birch Road', city: 'Fresno', state: 'CA', zip: '93701' },
  });
  await t.database.db
    .update(schema.helocApplications)
    .set({ step })
    .where(eq(schema.helocApplications.uuid, who.applicationUuid));
  return who;
}
async function stepOf(who: Borrower) {
  const [row] = await t.database.db
    .select({ step: schema.helocApplications.step, flags: schema.helocApplications.statusFlags })
    .from(schema.helocApplications)
    .where(eq(schema.helocApplications.uuid, who.applicationUuid));
  return row!;
}
const items = async (who: Borrower, by: Credentials = processor) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${BASE}/${who.applicationUuid}/work-items`,
    headers: by,
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZWorkItems.parse(res.json()).items;
};
const complete = (who: Borrower, kind: string, by: Credentials = processor, reason = 'Confirmed by phone') =>
  t.app.inject({
    method: 'POST',
    url: `${BASE}/${who.applicationUuid}/work-items/${kind}/complete`,
    headers: by,
    payload: { reason },
  });

beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 100_000 }, { demoData: true, clock });
  processor = await signIn(t.app, 'processor@heloc.test', PASSWORD);
  loanOfficer = await signIn(t.app, 'lo@heloc.test', PASSWORD);
  cascade = await signIn(t.app, 'ops-cascade@heloc.test', PASSWORD);
}, 120_000);
afterAll(async () => t.close());

describe('the manual notary appointment', () => {
  it('is ready from the appointment’s start; completing it moves the engine on as the notary’s report would', async () => {
    const who = await atStep('NOTARY_WAITING_PERIOD');
    const startsAt = new Date(clock.now().getTime() + 3_600_000);
    await recordEvent(t.database.db, clock, {
      applicationUuid: who.applicationUuid,
      actor: { type: 'BORROWER', uuid: who.identityUuid },
      kind: 'STEP_CHANGE',
      action: 'RESERVE_NOTARY',
      fromStep: 'MANUAL_DEED_SIGNING',
      toStep: 'NOTARY_WAITING_PERIOD',
      data: {
        appointmentId: 'appt-1',
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
      },
    });
    const [item] = await items(who);
    expect(item).toMatchObject({
      kind: 'MANUAL_NOTARY_SIGNED',
      ready: false,
      availableFrom: startsAt.toISOString(),
    });
    const early = await complete(who, 'MANUAL_NOTARY_SIGNED');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ message: 'The notary appointment has not started yet' });

    clock.advance(3_600_000 + 60_000);
    expect((await items(who))[0]!.ready).toBe(true);
    // Loan officers do not hold WORK_ITEMS_COMPLETE; another organisation's staff see nothing (404;
    // completing as another organisation's processor: the tenant matrix).
    expect((await complete(who, 'MANUAL_NOTARY_SIGNED', loanOfficer)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `${BASE}/${who.applicationUuid}/work-items`,
          headers: cascade,
        })
      ).statusCode,
    ).toBe(404);
    const res = await complete(who, 'MANUAL_NOTARY_SIGNED', processor, 'The notary called: signed at 5 pm');
    expect(res.statusCode, res.body).toBe(200);
    expect(ZWorkItems.parse(res.json()).items).toEqual([]);
    const after = await stepOf(who);
    expect(after.step).toBe('TRUST_AND_INSURANCE');
    expect(after.flags).toMatchObject({
      manualDeedSigningComplete: true,
      disclosurelistNotaryComplete: true,
    });
    const [event] = await t.database.db
      .select()
      .from(schema.applicationEvents)
      .where(
        and(
          eq(schema.applicationEvents.applicationUuid, who.applicationUuid),
          eq(schema.applicationEvents.action, 'MANUAL_DEED_SIGNED'),
        ),
      );
    expect(event).toMatchObject({ actorType: 'STAFF', reason: 'The notary called: signed at 5 pm' });
    // Done: nothing to complete any more.
    expect((await complete(who, 'MANUAL_NOTARY_SIGNED')).statusCode).toBe(409);
  });
});

describe('the funding hold', () => {
  it('released: the account verified, its review waived, the engine’s funding decision approves', async () => {
    const who = await atStep('FUNDING_DECISION');
    await t.database.db.insert(schema.applicationAccounts).values({
      applicationUuid: who.applicationUuid,
      purpose: 'DISBURSEMENT',
      source: 'MANUAL',
      accountType: 'CHECKING',
      routingNumber: '021000021',
      accountNumberSealed: t.app.sealer.seal(
        '000111222333',
        accountContext(who.applicationUuid, 'DISBURSEMENT'),
      ),
      mask: '2333',
      verificationStatus: 'PENDING_REVIEW',
    });
    const [review] = await t.database.db
      .insert(schema.applicationConditions)
      .values({
        applicationUuid: who.applicationUuid,
        category: 'BANK_ACCOUNT_FRAUD_REVIEW',
        commentsToBorrower: 'We are reviewing your bank account.',
      })
      .returning();
    expect(await items(who)).toEqual([
      expect.objectContaining({ kind: 'FUNDING_HOLD_RELEASE', ready: true }),
    ]);
    // Not a notary appointment here.
    expect((await complete(who, 'MANUAL_NOTARY_SIGNED')).statusCode).toBe(409);
    expect((await complete(who, 'PAYOFF')).statusCode).toBe(400);

    const res = await complete(who, 'FUNDING_HOLD_RELEASE', processor, 'Bank statement matches the account');
    expect(res.statusCode, res.body).toBe(200);
    const [account] = await t.database.db
      .select()
      .from(schema.applicationAccounts)
      .where(eq(schema.applicationAccounts.applicationUuid, who.applicationUuid));
    expect(account!.verificationStatus).toBe('VERIFIED');
    const [condition] = await t.database.db
      .select()
      .from(schema.applicationConditions)
      .where(eq(schema.applicationConditions.uuid, review!.uuid));
    expect(condition).toMatchObject({
      resolution: 'WAIVED',
      resolutionNote: 'Bank statement matches the account',
    });
    expect(condition!.clearedAt).not.toBeNull();

    await t.app.jobs.runDue();
    expect((await stepOf(who)).step).toBe('FUNDABLE');
    const timeline = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${who.applicationUuid}/timeline`,
      headers: processor,
    });
    const actions = (timeline.json() as { items: { action: string }[] }).items.map((item) => item.action);
    expect(actions).toEqual(expect.arrayContaining(['FUNDING_HOLD_RELEASED', 'FUNDING_APPROVED']));
  });

  it('is no work item while the account is verified', async () => {
    const who = await atStep('FUNDING_DECISION');
    expect(await items(who)).toEqual([]);
    expect((await complete(who, 'FUNDING_HOLD_RELEASE')).statusCode).toBe(409);
  });
});

describe('the valuation report', () => {
  it('entered by staff settles the order as the provider would: underwriting prices on its value', async () => {
    const c = createClient(t.app);
    const who = await newBorrower(t.app, 'Noavm');
    await driveToOfferSelection(t.app, who);
    expect((await c.status(who)).status).toBe('NO_AVM');
    await c.post(who, '/bpo/estimate', { estimatedValueCents: 700_000_00 });
    expect((await c.post(who, '/bpo/order', { feeConsent: true, feeCents: 18_000 })).json()).toMatchObject({
      status: 'BPO_PROCESSING',
    });
    expect((await c.drain(who)).status).toBe('BPO_PROCESSING');
    const [item] = await items(who);
    expect(item).toMatchObject({ kind: 'VALUATION_REPORT', ready: true });
    // The value and condition are required for this one.
    expect((await complete(who, 'VALUATION_REPORT')).statusCode).toBe(400);
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/${who.applicationUuid}/work-items/VALUATION_REPORT/complete`,
      headers: processor,
      payload: { reason: 'Report e-mailed by the vendor', valueCents: 600_000_00, condition: 'GOOD' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const status = await c.drain(who);
    expect(status.status).toBe('OFFER_SELECTION');
    expect(status.applicationStatus.bpoStatus).toBe('COMPLETE');
    // Priced on the entered value: 85% of $600,000 less the $250,000 lien.
    expect((await c.get(who, '/offers')).json().maxLineCents).toBe(260_000_00);
    const [event] = await t.database.db
      .select()
      .from(schema.applicationEvents)
      .where(
        and(
          eq(schema.applicationEvents.applicationUuid, who.applicationUuid),
          eq(schema.applicationEvents.action, 'BPO_COMPLETED_PREQUAL'),
        ),
      );
    expect(event).toMatchObject({ actorType: 'STAFF', reason: 'Report e-mailed by the vendor' });
    expect(event!.data).toMatchObject({ valueCents: 600_000_00, condition: 'GOOD', enteredBy: 'STAFF' });
  });
});

describe('the payoff statement of a junior lien', () => {
  it('holds the closing documents (payoff/hold) until staff enter it; the documents then follow', async () => {
    const c = createClient(t.app);
    const who = await newBorrower(t.app, 'Secondlien');
    await driveToSubmitted(t.app, who);
    // The existing home equity line in second position is paid off at closing.
    const status = await driveThroughIdentity(t.app, who);
    expect(status.status).toBe('PAYOFF_PENDING');
    expect(
      routeForStatus({
        statusName: status.status,
        status: status.applicationStatus as never,
        application: { disburseAccount: null },
        propertyState: 'CA',
        isCrypto: false,
      }),
    ).toBe('payoff/hold');
    const [item] = await items(who);
    expect(item).toMatchObject({ kind: 'PAYOFF_STATEMENT', ready: true });
    expect(item!.description).toContain('Sandbox Credit Union (position 2, balance $40,000)');
    // A loan officer cannot complete it; another organisation does not see the application.
    expect((await complete(who, 'PAYOFF_STATEMENT', loanOfficer)).statusCode).toBe(403);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${who.applicationUuid}/work-items`,
      headers: cascade,
    });
    expect(foreign.statusCode).toBe(404);
    // The amount and the good-through day are required; a payoff above what the line pays out is refused.
    expect((await complete(who, 'PAYOFF_STATEMENT')).statusCode).toBe(400);
    const enter = (payoffCents: number) =>
      t.app.inject({
        method: 'POST',
        url: `${BASE}/${who.applicationUuid}/work-items/PAYOFF_STATEMENT/complete`,
        headers: processor,
        payload: {
          reason: 'Payoff letter faxed by the credit union',
          payoffCents,
          goodThrough: '2026-04-30',
        },
      });
    const tooMuch = await enter(1_000_000_000_00);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toMatch(/^The payoff \(\$1,000,000,000\) is more than the line pays out/);
    const res = await enter(40_125_37);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ items: [] });
    expect((await c.drain(who)).status).toBe('NOTE_SIGNING');
    const [event] = await t.database.db
      .select()
      .from(schema.applicationEvents)
      .where(
        and(
          eq(schema.applicationEvents.applicationUuid, who.applicationUuid),
          eq(schema.applicationEvents.action, 'PAYOFF_STATEMENT_RECEIVED'),
        ),
      );
    expect(event).toMatchObject({
      kind: 'STEP_CHANGE',
      fromStep: 'PAYOFF_PENDING',
      toStep: 'GEN_CLOSING_DOCS',
      actorType: 'STAFF',
      reason: 'Payoff letter faxed by the credit union',
    });
    expect(event!.data).toMatchObject({ payoffCents: 40_125_37, goodThrough: '2026-04-30' });
  });

  it('is not asked for without a junior lien', async () => {
    const who = await newBorrower(t.app, 'Example');
    await driveToSubmitted(t.app, who);
    expect((await driveThroughIdentity(t.app, who)).status).toBe('NOTE_SIGNING');
  });
});
