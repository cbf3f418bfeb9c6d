/**
 * The console's decisions that send the application back into the engine, through HTTP on the
 * embedded database: reopening a cancelled application (back to the step it was cancelled from),
 * a valuation override (out of policy: proposed, approved by a different member, then the engine's
 * own underwriting job prices on the manual value) and an exception to the rules the engine's
 * underwriting declined on (out of policy; only exceptionable rules; the job runs again without
 * them). Every role and organisation: the tenant matrix.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ZApplicationFile,
  ZStaffDecision,
  ZTimeline,
  maximumLineCents,
  mergePricing,
  type TStaffDecision,
} from '@heloc/domain';
import { findTransition } from '../../workflow/step-machine';
import { ENGINE_STEP_TABLE } from '../../engine/steps';
import { schema } from '../../db';
import { ManualClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn, signIn, type Credentials } from '../../test/auth';
import { createStaffAccount } from '../staff/service';
import { driven } from '../../engine/closing/test-helpers';

const BASE = '/service-ops/api/v1/applications';
const PASSWORD = 'Ops-password-1';
const clock = new ManualClock('2026-03-02T16:00:00.000Z');
let t: TestApp;
/** processor@heloc.test: PROCESSOR and UNDERWRITER. */
let underwriter: Credentials;
let underwriter2: Credentials;
/** lo@heloc.test: LOAN_OFFICER (proposes only, on Jordan Reyes's borrowers). */
let loanOfficer: Credentials;

type Borrower = Awaited<ReturnType<typeof registerAndSignIn>>;
const headers = (who: Borrower) => ({ authorization: who.authorization, cookie: who.cookie });
const app = (who: Borrower, path: string) =>
  `/service-application/api/v1/application/heloc/${who.applicationUuid}${path}`;

let n = 0;
/** A MAIN borrower through the soft pull and the liens: OFFER_SELECTION, or where `lastName` leads. */
async function borrowerAfterLiens(lastName = `Engine${(n += 1)}`): Promise<Borrower> {
  const who = await registerAndSignIn(t.app, 'MAIN', {
    name: { firstName: 'Eve', lastName },
    property: { street1: `${(n += 1)} Cedar Street`, city: 'Fresno', state: 'CA', zip: '93701' },
  });
  // Profile and liens through the one borrower driver (@heloc/borrower-driver over inject).
  const driver = driven(t.app, { ...who, firstName: 'Eve', lastName });
  await driver.move('IN_PROGRESS');
  await t.app.jobs.runDue();
  await driver.move('LIEN_VERIFICATION');
  await t.app.jobs.runDue();
  return who;
}

async function stepOf(who: Borrower): Promise<string> {
  const [row] = await t.database.db
    .select({ step: schema.helocApplications.step })
    .from(schema.helocApplications)
    .where(eq(schema.helocApplications.uuid, who.applicationUuid));
  return row!.step;
}
async function maxLine(who: Borrower): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: app(who, '/offers'), headers: headers(who) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { maxLineCents: number }).maxLineCents;
}
const decide = (by: Credentials, who: Borrower, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `${BASE}/${who.applicationUuid}/decisions`, headers: by, payload });
const approve = (by: Credentials, who: Borrower, decision: { uuid: string }) =>
  t.app.inject({
    method: 'POST',
    url: `${BASE}/${who.applicationUuid}/decisions/${decision.uuid}/approve`,
    headers: by,
    payload: {},
  });
function decisionOf(res: Awaited<ReturnType<typeof decide>>): TStaffDecision {
  expect(res.statusCode, res.body).toBe(200);
  return ZStaffDecision.parse(res.json());
}
async function timeline(who: Borrower) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${BASE}/${who.applicationUuid}/timeline?kind=STEP`,
    headers: underwriter,
  });
  return ZTimeline.parse(res.json()).items;
}

beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 100_000 }, { demoData: true, clock });
  underwriter = await signIn(t.app, 'processor@heloc.test', PASSWORD);
  loanOfficer = await signIn(t.app, 'lo@heloc.test', PASSWORD);
  await createStaffAccount(t.database.db, {
    email: 'engine-underwriter@example.com',
    password: PASSWORD,
    orgCode: 'MAIN',
    roles: ['UNDERWRITER'],
    loanOriginatorUuid: null,
  });
  underwriter2 = await signIn(t.app, 'engine-underwriter@example.com', PASSWORD);
}, 120_000);
afterAll(async () => t.close());

describe('the step table', () => {
  it('only the staff transitions marked to leave a final step do, and a reopening only to its own step', () => {
    expect(findTransition(ENGINE_STEP_TABLE, 'CANCELLED', 'STAFF_REOPEN_TO_OFFER_SELECTION')?.to).toBe(
      'OFFER_SELECTION',
    );
    expect(findTransition(ENGINE_STEP_TABLE, 'DECLINED', 'STAFF_REOPEN_TO_OFFER_SELECTION')).toBeNull();
    expect(findTransition(ENGINE_STEP_TABLE, 'DECLINED', 'STAFF_EXCEPTION')?.to).toBe(
      'WAITING_FOR_UNDERWRITING',
    );
    expect(findTransition(ENGINE_STEP_TABLE, 'CANCELLED', 'STAFF_EXCEPTION')).toBeNull();
    // '*' never reaches a final step.
    expect(findTransition(ENGINE_STEP_TABLE, 'CANCELLED', 'CANCEL')).toBeNull();
    expect(findTransition(ENGINE_STEP_TABLE, 'COMPLETE', 'STAFF_DECLINE')).toBeNull();
  });
});

describe('reopen a cancelled application', () => {
  it('an underwriter reopens it at the step it was cancelled from; the borrower’s offers are there again', async () => {
    const who = await borrowerAfterLiens();
    expect(await stepOf(who)).toBe('OFFER_SELECTION');
    const line = await maxLine(who);
    decisionOf(await decide(underwriter, who, { type: 'CANCEL', note: 'The borrower asked to withdraw' }));
    expect(await stepOf(who)).toBe('CANCELLED');
    // Other decisions still refuse a closed application.
    expect((await decide(underwriter, who, { type: 'CANCEL', note: 'Again' })).statusCode).toBe(409);

    const reopened = decisionOf(
      await decide(underwriter, who, { type: 'REOPEN', note: 'The borrower changed their mind' }),
    );
    expect(reopened.status).toBe('APPLIED');
    expect(await stepOf(who)).toBe('OFFER_SELECTION');
    expect(await maxLine(who)).toBe(line);
    const [entry] = await timeline(who);
    expect(entry).toMatchObject({
      action: 'STAFF_REOPEN_TO_OFFER_SELECTION',
      fromStep: 'CANCELLED',
      toStep: 'OFFER_SELECTION',
      actor: 'processor@heloc.test',
      reason: 'The borrower changed their mind',
    });
    // Not cancelled any more: nothing to reopen.
    const again = await decide(underwriter, who, { type: 'REOPEN', note: 'Once more' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'Only a cancelled application can be reopened' });
  });

  it('in policy: a loan officer proposes it and a different member applies it', async () => {
    const who = await borrowerAfterLiens();
    await t.database.db
      .update(schema.helocApplications)
      .set({ referrerUuid: '7c1a2b3c-0000-4000-8000-000000000001' })
      .where(eq(schema.helocApplications.uuid, who.applicationUuid));
    decisionOf(await decide(underwriter, who, { type: 'CANCEL', note: 'Withdrawn by phone' }));
    const proposed = decisionOf(
      await decide(loanOfficer, who, { type: 'REOPEN', note: 'Back on, by e-mail' }),
    );
    expect(proposed.status).toBe('PROPOSED');
    expect(await stepOf(who)).toBe('CANCELLED');
    expect(decisionOf(await approve(underwriter, who, proposed)).status).toBe('APPLIED');
    expect(await stepOf(who)).toBe('OFFER_SELECTION');
  });

  it('refuses one cancelled while it waited for provider work (409), the step unchanged', async () => {
    const who = await registerAndSignIn(t.app, 'MAIN', {
      property: { street1: '90 Cedar Street', city: 'Fresno', state: 'CA', zip: '93701' },
    });
    const profile = await t.app.inject({
      method: 'POST',
      url: app(who, '/profile'),
      headers: headers(who),
      payload: {
        name: { firstName: 'Eve', lastName: 'Waiting' },
        dob: '1980-02-29',
        softCreditConsent: true,
      },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(await stepOf(who)).toBe('WAITING_FOR_CREDIT');
    decisionOf(await decide(underwriter, who, { type: 'CANCEL', note: 'Withdrawn' }));
    const res = await decide(underwriter, who, { type: 'REOPEN', note: 'Back on' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message:
        'This application was cancelled while it waited for provider work: the borrower starts a new application',
    });
    expect(await stepOf(who)).toBe('CANCELLED');
  });
});

describe('valuation override', () => {
  it('out of policy: proposed even by an underwriter, applied by another; the engine prices on the manual value', async () => {
    const who = await borrowerAfterLiens();
    const before = await maxLine(who);
    const valueCents = 55_000_000;
    const proposed = decisionOf(
      await decide(underwriter, who, {
        type: 'VALUATION_OVERRIDE',
        valueCents,
        source: 'Full appraisal, Valley Appraisers, 2026-02-27',
        note: 'The AVM missed the foundation repairs',
      }),
    );
    expect(proposed.status).toBe('PROPOSED');
    expect(await stepOf(who)).toBe('OFFER_SELECTION');
    expect((await approve(underwriter, who, proposed)).statusCode).toBe(403);
    expect(decisionOf(await approve(underwriter2, who, proposed)).status).toBe('APPLIED');
    expect(await stepOf(who)).toBe('WAITING_FOR_UNDERWRITING');
    await t.app.jobs.runDue();
    expect(await stepOf(who)).toBe('OFFER_SELECTION');

    // The engine's own rule on the new value: the CLTV cap over the confirmed liens.
    const org = t.app.orgs.byOrgCode('MAIN')!;
    const expected = maximumLineCents({
      valueCents,
      existingLiensCents: 25_000_000,
      state: 'CA',
      pricing: mergePricing(org.orgPricingData),
    });
    expect(await maxLine(who)).toBe(expected);
    expect(expected).toBeLessThan(before);
    const file = ZApplicationFile.parse(
      (
        await t.app.inject({ method: 'GET', url: `${BASE}/${who.applicationUuid}`, headers: underwriter })
      ).json(),
    );
    expect(file.valuation).toMatchObject({
      valueCents,
      source: 'Manual: Full appraisal, Valley Appraisers, 2026-02-27',
    });
    expect(file.underwriting?.maxLineCents).toBe(expected);
    const steps = (await timeline(who)).map((entry) => entry.action);
    expect(steps.slice(0, 2)).toEqual(['OFFERS_READY', 'STAFF_VALUATION_OVERRIDE']);
  });

  it('a value too low for any line ends in the engine’s own decline', async () => {
    const who = await borrowerAfterLiens();
    const proposed = decisionOf(
      await decide(underwriter, who, {
        type: 'VALUATION_OVERRIDE',
        valueCents: 26_000_000,
        source: 'Desktop review',
        note: 'Comparable sales are far lower',
      }),
    );
    decisionOf(await approve(underwriter2, who, proposed));
    await t.app.jobs.runDue();
    expect(await stepOf(who)).toBe('DECLINED');
    expect((await timeline(who))[0]).toMatchObject({ action: 'DECLINE' });
  });

  it('400 on a bad request; 409 where the step takes no override', async () => {
    const who = await borrowerAfterLiens();
    for (const payload of [
      { type: 'VALUATION_OVERRIDE', valueCents: 100, source: 'Appraisal', note: 'Too low' },
      { type: 'VALUATION_OVERRIDE', valueCents: 50_000_000, source: '', note: 'No source' },
    ])
      expect((await decide(underwriter, who, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    decisionOf(await decide(underwriter, who, { type: 'CANCEL', note: 'Withdrawn' }));
    const closed = await decide(underwriter, who, {
      type: 'VALUATION_OVERRIDE',
      valueCents: 50_000_000,
      source: 'Appraisal',
      note: 'Too late',
    });
    expect(closed.statusCode).toBe(409);
  });
});

describe('approve an exception', () => {
  it('to the score floor the engine declined on: proposed, approved by another, priced by the engine', async () => {
    const who = await borrowerAfterLiens('Lowscore');
    expect(await stepOf(who)).toBe('DECLINED');
    // Only the rules of that decline, all of them, and only exceptionable ones.
    expect(
      (
        await decide(underwriter, who, {
          type: 'APPROVE_EXCEPTION',
          rules: ['DTI_ABOVE_CAP'],
          note: 'Wrong rule',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await decide(underwriter, who, {
          type: 'APPROVE_EXCEPTION',
          rules: ['NO_CREDIT_SCORE'],
          note: 'Fixed rule',
        })
      ).statusCode,
    ).toBe(400);
    const proposed = decisionOf(
      await decide(underwriter, who, {
        type: 'APPROVE_EXCEPTION',
        rules: ['CREDIT_SCORE_BELOW_FLOOR'],
        note: 'Thin file after a medical event; 20 years of on-time mortgage payments',
      }),
    );
    expect(proposed.status).toBe('PROPOSED');
    expect(await stepOf(who)).toBe('DECLINED');
    decisionOf(await approve(underwriter2, who, proposed));
    expect(await stepOf(who)).toBe('WAITING_FOR_UNDERWRITING');
    await t.app.jobs.runDue();
    expect(await stepOf(who)).toBe('OFFER_SELECTION');
    expect(await maxLine(who)).toBeGreaterThan(0);
    const [ready] = await timeline(who);
    expect(ready).toMatchObject({ action: 'OFFERS_READY' });
    expect(ready!.data.exceptedRules).toEqual(['CREDIT_SCORE_BELOW_FLOOR']);
  });

  it('no exception to a staff decline', async () => {
    const who = await borrowerAfterLiens();
    decisionOf(
      await decide(underwriter, who, {
        type: 'DECLINE',
        reasons: ['BANKRUPTCY'],
        note: 'Discharged last month',
      }),
    );
    const res = await decide(underwriter, who, {
      type: 'APPROVE_EXCEPTION',
      rules: ['CREDIT_SCORE_BELOW_FLOOR'],
      note: 'Try',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'An exception applies only to an application the engine’s underwriting declined',
    });
  });
});
