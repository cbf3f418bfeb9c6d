/**
 * The submission segment through HTTP on the embedded database: from the offer to INCOME_VERIFICATION
 * (more info, HMDA, the generated summary, submission and the hard pull), the sandbox scenarios that end
 * in this segment with their adverse action notices, and the endpoints' rules (400, 409 with the step,
 * foreign 404, idempotent repeats, the SSN sealed and never returned).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answeredStatus } from '@heloc/borrower-driver';
import { schema } from '../../db';
import { ManualClock } from '../../lib/clock';
import { createSandboxProviders, type Providers } from '../../providers';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn } from '../../test/auth';
import { driven } from '../closing/test-helpers';
import { ssnContext } from './secrets';

let t: TestApp;
const clock = new ManualClock('2026-01-05T17:00:00.000Z');
const sandbox = createSandboxProviders({ clock, creditTimeoutDelayMs: 1 });
/** The bureau of the CLTV test: the hard pull shows a second mortgage the borrower did not list. */
let hardPullExtraMortgageCents = 0;
const providers: Providers = {
  ...sandbox,
  creditBureau: {
    agency: sandbox.creditBureau.agency,
    async pull(request) {
      const result = await sandbox.creditBureau.pull(request);
      if (request.kind !== 'HARD' || result.outcome !== 'REPORT' || hardPullExtraMortgageCents === 0)
        return result;
      return {
        ...result,
        tradelines: [
          ...result.tradelines,
          {
            tradelineId: 'extra',
            type: 'HELOC',
            creditorName: 'Other Bank',
            balanceCents: hardPullExtraMortgageCents,
            monthlyPaymentCents: 10_000,
            worstDaysPastDue12m: 0,
          },
        ],
      };
    },
  },
};

beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 10_000 }, { clock, providers });
});
afterAll(async () => t.close());

type Borrower = Awaited<ReturnType<typeof registerAndSignIn>> & { lastName: string };
const base = (uuid: string) => `/service-application/api/v1/application/heloc/${uuid}`;
const headers = (who: Borrower) => ({ authorization: who.authorization, cookie: who.cookie });

async function borrower(lastName = 'Example'): Promise<Borrower> {
  const registered = await registerAndSignIn(t.app, 'MAIN', {
    name: { firstName: 'Ann', lastName },
    property: { street1: '12 Oak Street', city: 'Fresno', state: 'CA', zip: '93701' },
  });
  return { ...registered, lastName };
}

const post = (who: Borrower, path: string, payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `${base(who.applicationUuid)}${path}`,
    headers: headers(who),
    ...(payload !== undefined && { payload: payload as Record<string, unknown> }),
  });
const get = (who: Borrower, path: string) =>
  t.app.inject({ method: 'GET', url: `${base(who.applicationUuid)}${path}`, headers: headers(who) });

async function status(who: Borrower) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/service-krang-heloc/borrower/secure/api/v1/${who.applicationUuid}/status`,
    headers: headers(who),
  });
  return res.json() as { status: string; applicationStatus: Record<string, unknown> };
}
async function drain(who: Borrower) {
  await t.app.jobs.runDue();
  return (await status(who)).status;
}
async function ok(res: Awaited<ReturnType<typeof post>>, expected: string) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ status: expected });
}

/**
 * Registration → offers (the soft pull, property and underwriting jobs run): profile and liens are
 * the one borrower driver's moves (@heloc/borrower-driver over inject).
 */
async function toUnderwriting(who: Borrower) {
  const driver = driven(t.app, who);
  expect(answeredStatus(await driver.move('IN_PROGRESS'))).toBe('WAITING_FOR_CREDIT');
  expect(await drain(who)).toBe('LIEN_VERIFICATION');
  expect(answeredStatus(await driver.move('LIEN_VERIFICATION'))).toBe('WAITING_FOR_UNDERWRITING');
  return drain(who);
}

async function selectFirstOffer(who: Borrower, amountCents?: number) {
  const offers = (await get(who, '/offers')).json() as { maxLineCents: number; offers: { uuid: string }[] };
  await ok(
    await post(who, '/offer', {
      offerUuid: offers.offers[0]!.uuid,
      amountCents: amountCents ?? offers.maxLineCents,
    }),
    'COLLECT_ADDITIONAL_INFO',
  );
}

const CONTACT = { email: '', phoneNumber: '(415) 555-0177' };
const PROFILE = { ownership: 'SOLE', ssn: '123-45-6789', hardCreditConsent: true };
const HMDA = {
  ethnicity: { declined: true, values: [] },
  race: { declined: false, values: ['ASIAN', 'WHITE'] },
  sex: { declined: false, values: ['FEMALE'] },
};
const SUBMIT = { summaryAccepted: true, hardCreditConsent: true };

async function toSummary(who: Borrower) {
  await ok(await post(who, '/contact', { ...CONTACT, email: who.email }), 'COLLECT_ADDITIONAL_INFO');
  await ok(await post(who, '/additional-profile', PROFILE), 'HMDA');
  await ok(await post(who, '/hmda', HMDA), 'GEN_APP_SUMMARY');
  expect(await drain(who)).toBe('SUMMARY');
}

async function documents(who: Borrower) {
  const res = await get(who, '/documents');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { documents: { uuid: string; type: string; label: string; sizeBytes: number }[] })
    .documents;
}

describe('from the offer to income verification', () => {
  it('more info, HMDA, summary package, submission, hard pull, hand-over', async () => {
    const who = await borrower();
    expect(await toUnderwriting(who)).toBe('OFFER_SELECTION');
    await selectFirstOffer(who, 120_000_00);

    // Contact: stays at COLLECT_ADDITIONAL_INFO; the phone becomes primary.
    await ok(await post(who, '/contact', { ...CONTACT, email: who.email }), 'COLLECT_ADDITIONAL_INFO');
    const moreInfo = (await get(who, '/more-info')).json();
    expect(moreInfo).toMatchObject({
      phoneNumber: '4155550177',
      hasSsn: false,
      ssnLast4: null,
      hardCreditConsent: false,
    });

    // The SSN is required when none is on file, and nothing changes on a refusal.
    const noSsn = await post(who, '/additional-profile', { ownership: 'SOLE', hardCreditConsent: true });
    expect(noSsn.statusCode).toBe(400);
    expect(noSsn.json().details).toEqual([{ path: 'body.ssn', message: 'Required' }]);
    expect((await status(who)).status).toBe('COLLECT_ADDITIONAL_INFO');

    await ok(await post(who, '/additional-profile', PROFILE), 'HMDA');
    // Repeat: same answer, no error.
    await ok(await post(who, '/additional-profile', PROFILE), 'HMDA');
    const sealed = await t.database.db
      .select({ ssnEncrypted: schema.profiles.ssnEncrypted, ssnLast4: schema.profiles.ssnLast4 })
      .from(schema.profiles)
      .where(eq(schema.profiles.identityUuid, who.identityUuid));
    expect(sealed[0]?.ssnLast4).toBe('6789');
    expect(sealed[0]?.ssnEncrypted).toMatch(/^v2\./);
    expect(sealed[0]?.ssnEncrypted).not.toContain('123456789');
    expect(t.app.sealer.open(sealed[0]!.ssnEncrypted!, ssnContext(who.identityUuid))).toBe('123456789');
    const afterSsn = await get(who, '/more-info');
    expect(afterSsn.json()).toMatchObject({
      hasSsn: true,
      ssnLast4: '6789',
      ownership: 'SOLE',
      hardCreditConsent: true,
    });
    expect(afterSsn.body).not.toContain('123456789');

    await ok(await post(who, '/hmda', HMDA), 'GEN_APP_SUMMARY');
    expect(await drain(who)).toBe('SUMMARY');
    expect((await status(who)).applicationStatus).toMatchObject({ disclosurelistSummaryReady: true });
    const docs = await documents(who);
    expect(docs.map((each) => each.type).sort()).toEqual([
      'APPLICATION_SUMMARY',
      'CONSUMER_HELOC_BOOKLET',
      'EARLY_HELOC_DISCLOSURE',
    ]);
    const summary = docs.find((each) => each.type === 'APPLICATION_SUMMARY')!;
    expect(summary.label).toBe('Application Summary');
    const file = await get(who, `/documents/${summary.uuid}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.length).toBe(summary.sizeBytes);

    // The application view now carries the consents, HMDA and documents the client machine reads.
    const view = (
      await t.app.inject({ method: 'GET', url: base(who.applicationUuid), headers: headers(who) })
    ).json();
    expect(view.consents.map((c: { type: string }) => c.type)).toEqual(['SOFT_CREDIT', 'HARD_CREDIT']);
    expect(view.hasHmda).toBe(true);
    expect(view.documents).toHaveLength(3);

    await ok(await post(who, '/submit', SUBMIT), 'HARD_CREDIT_PULL');
    await ok(await post(who, '/submit', SUBMIT), 'HARD_CREDIT_PULL');
    expect(await drain(who)).toBe('INCOME_VERIFICATION');
    const final = await status(who);
    expect(final.applicationStatus).toMatchObject({ disclosurelistSummaryComplete: true });
    // A repeated submit after the hand-over is still not an error.
    await ok(await post(who, '/submit', SUBMIT), 'INCOME_VERIFICATION');

    const trail = await t.database.db
      .select({ action: schema.applicationEvents.action, to: schema.applicationEvents.toStep })
      .from(schema.applicationEvents)
      .where(eq(schema.applicationEvents.applicationUuid, who.applicationUuid));
    expect(trail.map((each) => each.action)).toEqual(
      expect.arrayContaining([
        'SAVE_CONTACT',
        'SUBMIT_ADDITIONAL_PROFILE',
        'SUBMIT_HMDA',
        'SUMMARY_READY',
        'SUBMIT_APPLICATION',
        'HARD_PULL_PASSED',
        'APPLICATION_SUBMITTED',
      ]),
    );
    expect(JSON.stringify(trail)).not.toContain('123456789');
  });

  it('answers 400 on bad input, 409 with the step out of order, 404 for another borrower', async () => {
    const who = await borrower();
    expect(await toUnderwriting(who)).toBe('OFFER_SELECTION');

    const early = await post(who, '/hmda', HMDA);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ status: 409, details: { step: 'OFFER_SELECTION' } });
    const earlySubmit = await post(who, '/submit', SUBMIT);
    expect(earlySubmit.statusCode).toBe(409);
    expect((await post(who, '/contact', { email: who.email, phoneNumber: '4155550100' })).statusCode).toBe(
      409,
    );

    await selectFirstOffer(who);
    const badHmda = await post(who, '/hmda', { ...HMDA, race: { declined: true, values: ['WHITE'] } });
    expect(badHmda.statusCode).toBe(400);
    expect((await post(who, '/contact', { email: 'not-an-email', phoneNumber: '12' })).statusCode).toBe(400);
    expect((await post(who, '/additional-profile', { ...PROFILE, ssn: '000-12-3456' })).statusCode).toBe(400);
    expect(
      (await post(who, '/additional-profile', { ...PROFILE, hardCreditConsent: false })).statusCode,
    ).toBe(400);
    expect((await post(who, '/submit', { summaryAccepted: true })).statusCode).toBe(400);

    const other = await borrower();
    const foreign = await t.app.inject({
      method: 'POST',
      url: `${base(who.applicationUuid)}/additional-profile`,
      headers: headers(other),
      payload: PROFILE,
    });
    expect(foreign.statusCode).toBe(404);
    const foreignDocs = await t.app.inject({
      method: 'GET',
      url: `${base(who.applicationUuid)}/documents`,
      headers: headers(other),
    });
    expect(foreignDocs.statusCode).toBe(404);
    expect((await post(who, '/contact', { email: other.email, phoneNumber: '4155550100' })).statusCode).toBe(
      409,
    );
  });

  it('the hard pull reveals more secured debt: CLTV requalify at a lower amount, then submission', async () => {
    const who = await borrower();
    expect(await toUnderwriting(who)).toBe('OFFER_SELECTION');
    await selectFirstOffer(who); // the maximum line, $302,500
    await toSummary(who);
    hardPullExtraMortgageCents = 100_000_00;
    try {
      await ok(await post(who, '/submit', SUBMIT), 'HARD_CREDIT_PULL');
      expect(await drain(who)).toBe('CLTV_REQUALIFY');
    } finally {
      hardPullExtraMortgageCents = 0;
    }
    const view = (await get(who, '/requalify')).json();
    // 85% × $650,000 − ($250,000 + $100,000).
    expect(view).toMatchObject({
      cause: 'CREDIT_REPORT',
      previousAmountCents: 302_500_00,
      maxLineCents: 202_500_00,
      minLineCents: 15_000_00,
    });
    expect((await post(who, '/requalify', { amountCents: 250_000_00 })).statusCode).toBe(400);
    await ok(await post(who, '/requalify', { amountCents: 200_000_00 }), 'APP_SUBMISSION');
    await ok(await post(who, '/requalify', { amountCents: 200_000_00 }), 'APP_SUBMISSION');
    expect(await drain(who)).toBe('INCOME_VERIFICATION');
  });
});

describe('scenarios that end in this segment, each decline with its adverse action notice', () => {
  async function notice(who: Borrower) {
    const docs = await documents(who);
    const aan = docs.find((each) => each.type === 'ADVERSE_ACTION_NOTICE');
    expect(aan, JSON.stringify(docs)).toBeDefined();
    expect(aan!.label).toBe('Notice of Action Taken and Statement of Reasons');
    const file = await get(who, `/documents/${aan!.uuid}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [event] = await t.database.db
      .select({ data: schema.applicationEvents.data })
      .from(schema.applicationEvents)
      .where(eq(schema.applicationEvents.action, 'ADVERSE_ACTION_NOTICE'))
      .orderBy(schema.applicationEvents.id);
    expect(event).toBeDefined();
    return { uuid: aan!.uuid };
  }

  async function reasonsOf(who: Borrower) {
    const rows = await t.database.db
      .select({ data: schema.applicationEvents.data, app: schema.applicationEvents.applicationUuid })
      .from(schema.applicationEvents)
      .where(eq(schema.applicationEvents.action, 'ADVERSE_ACTION_NOTICE'));
    return rows.find((row) => row.app === who.applicationUuid)?.data.reasons as string[];
  }

  it('Assets: DTI limited on the bureau’s income estimate → product/assets → offers', async () => {
    const who = await borrower('Assets');
    expect(await toUnderwriting(who)).toBe('ASSETS_PREQUAL');
    expect((await status(who)).applicationStatus).toMatchObject({
      uwDecision: 'ASSET_DEPLETION',
      uwSubDecision: 'UNVERIFIED_DTI_LIMITED',
    });
    const view = (await get(who, '/asset-depletion')).json();
    // $2,430 of debts on $50,000/yr.
    expect(view).toMatchObject({ dtiBps: 5_832, dtiCapBps: 5_000, depletionMonths: 360, complete: false });
    expect((await post(who, '/asset-depletion', { assets: [] })).statusCode).toBe(400);
    const assets = {
      assets: [{ type: 'SAVINGS', institutionName: 'Sandbox Bank', balanceCents: 1_200_000_00 }],
    };
    await ok(await post(who, '/asset-depletion', assets), 'OFFER_SELECTION');
    await ok(await post(who, '/asset-depletion', assets), 'OFFER_SELECTION');
    const app = (
      await t.app.inject({ method: 'GET', url: base(who.applicationUuid), headers: headers(who) })
    ).json();
    expect(app.assetDepletion).toEqual({ complete: true });
    expect(((await get(who, '/offers')).json() as { offers: unknown[] }).offers.length).toBeGreaterThan(0);
    await selectFirstOffer(who);
    await toSummary(who);
    await ok(await post(who, '/submit', SUBMIT), 'HARD_CREDIT_PULL');
    expect(await drain(who)).toBe('INCOME_VERIFICATION');
  });

  it('Assets with too little: the DTI decline and its notice', async () => {
    const who = await borrower('Assets');
    expect(await toUnderwriting(who)).toBe('ASSETS_PREQUAL');
    await ok(
      await post(who, '/asset-depletion', {
        assets: [{ type: 'RETIREMENT', institutionName: 'Sandbox 401k', balanceCents: 10_000_00 }],
      }),
      'DECLINED',
    );
    expect(await drain(who)).toBe('DECLINED');
    await notice(who);
    expect(await reasonsOf(who)).toEqual(['DTI_ABOVE_CAP']);
  });

  it.each([
    ['Lowscore', { creditScoreDecline: true }, 'CREDIT_SCORE_BELOW_FLOOR'],
    ['Highdebt', { dtiDecline: true }, 'DTI_ABOVE_CAP'],
    ['Poorcondition', { condition: 'POOR' }, 'PROPERTY_CONDITION'],
    ['Declined', { uwDecision: 'DECLINE' }, 'Bankruptcy'],
  ] as const)('%s → DECLINED with the adverse action notice', async (lastName, flags, reason) => {
    const who = await borrower(lastName);
    expect(await toUnderwriting(who)).toBe('DECLINED');
    expect((await status(who)).applicationStatus).toMatchObject({ uwDecision: 'DECLINE', ...flags });
    await notice(who);
    expect(await reasonsOf(who)).toContain(reason);
    // Only the owner can read it.
    const other = await borrower();
    const docs = await documents(who);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `${base(who.applicationUuid)}/documents/${docs[0]!.uuid}/file`,
      headers: headers(other),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('Timeout → CREDIT_ERROR (error/timeout); no decision, so no adverse action notice', async () => {
    const who = await borrower('Timeout');
    await ok(
      await post(who, '/profile', {
        name: { firstName: 'Ann', lastName: 'Timeout' },
        dob: '1980-02-29',
        softCreditConsent: true,
      }),
      'WAITING_FOR_CREDIT',
    );
    for (let attempt = 0; attempt < 6 && (await status(who)).status === 'WAITING_FOR_CREDIT'; attempt += 1) {
      clock.advance(60_000);
      await t.app.jobs.runDue();
    }
    expect((await status(who)).status).toBe('CREDIT_ERROR');
    expect(await documents(who)).toEqual([]);
  });
});
