/**
 * The valuation report at closing (Texas), underwritten again against the chosen line, through HTTP on
 * the embedded database. The sandbox's report confirms the automated value; these tests give the app a
 * valuation provider whose report answers with another value or condition (the sandbox otherwise), so
 * every outcome is reachable without a new sandbox scenario.
 *
 * The Texas sandbox borrower: a $650,000 home, a $250,000 lien, 80% CLTV cap → offers up to $270,000;
 * the helpers choose the 10-year offer at $100,000.
 */
import { inflateSync } from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import { PDFArray, PDFDocument, PDFName, PDFRawStream, type PDFObject } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESIGN_DISCLOSURE_VERSION, routeForStatus, type TPropertyCondition } from '@heloc/domain';
import { schema } from '../../db';
import { DECLINE_REASON_TEXT } from '../../documents';
import { ManualClock } from '../../lib/clock';
import { createSandboxProviders, type Providers } from '../../providers';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn } from '../../test/auth';
import {
  base,
  createClient,
  driveThroughIdentity,
  driveToSubmitted,
  newBorrower,
  type Borrower,
} from './test-helpers';

let t: TestApp;
const START = '2026-01-05T17:00:00.000Z';
const clock = new ManualClock(START);
let c: ReturnType<typeof createClient>;

const sandbox = createSandboxProviders({ clock, creditTimeoutDelayMs: 1 });
/** What the next completed valuation report says instead of the sandbox's answer (null: the sandbox's). */
let report: { valueCents?: number; condition?: TPropertyCondition } | null = null;
const providers: Providers = {
  ...sandbox,
  valuation: {
    ...sandbox.valuation,
    async getBpoStatus(request) {
      const status = await sandbox.valuation.getBpoStatus(request);
      return status.status === 'COMPLETE' && report ? { ...status, ...report } : status;
    },
  },
};

beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 10_000 }, { clock, providers });
  c = createClient(t.app);
});
afterAll(async () => t.close());

const route = (status: { status: string; applicationStatus: Record<string, unknown> }) =>
  routeForStatus({
    statusName: status.status,
    status: status.applicationStatus as never,
    application: { disburseAccount: null },
    propertyState: 'TX',
    isCrypto: false,
  });

/** A Texas borrower who chose $100,000, through identity, with the valuation ordered and reported. */
async function valuedAt(answer: typeof report) {
  clock.set(START);
  const who = await newBorrower(t.app, 'Example', 'TX');
  await driveToSubmitted(t.app, who);
  const ordered = await driveThroughIdentity(t.app, who);
  expect(ordered.status).toBe('BPO_ORDER');
  expect(route(ordered)).toBe('bpo/condition');
  expect((await c.post(who, '/bpo/order', { feeConsent: true, feeCents: 18_000 })).json()).toMatchObject({
    status: 'BPO_PROCESSING',
  });
  expect((await c.drain(who)).status).toBe('BPO_PROCESSING');
  clock.advance(2 * 86_400_000);
  report = answer;
  try {
    return { who, status: await c.drain(who) };
  } finally {
    report = null;
  }
}

/** The application as GET …/heloc/{uuid} answers it. */
async function view(who: Borrower) {
  const res = await t.app.inject({
    method: 'GET',
    url: base(who.applicationUuid),
    headers: { authorization: who.authorization, cookie: who.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { amount: number; adjustedHomeAmount: number; uwCalculatedDrawAmount: number };
}

/** Every step change, as action:step (the audit trail). */
async function stepsVisited(who: Borrower) {
  const rows = await t.database.db
    .select()
    .from(schema.applicationEvents)
    .where(eq(schema.applicationEvents.applicationUuid, who.applicationUuid))
    .orderBy(asc(schema.applicationEvents.id));
  return rows.filter((row) => row.kind === 'STEP_CHANGE').map((row) => `${row.action}:${row.toStep}`);
}

async function event(who: Borrower, action: string) {
  const rows = await t.database.db
    .select()
    .from(schema.applicationEvents)
    .where(eq(schema.applicationEvents.applicationUuid, who.applicationUuid))
    .orderBy(asc(schema.applicationEvents.id));
  const found = rows.filter((row) => row.action === action);
  expect(found, action).toHaveLength(1);
  return found[0]!;
}

/** The text a PDF shows on all its pages (content streams inflated, hex text operands decoded). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const loaded = await PDFDocument.load(bytes);
  let shown = '';
  for (const page of loaded.getPages()) {
    const contents: PDFObject | undefined = page.node.get(PDFName.of('Contents'));
    const refs = contents instanceof PDFArray ? contents.asArray() : contents ? [contents] : [];
    for (const ref of refs) {
      const stream = loaded.context.lookup(ref);
      if (!(stream instanceof PDFRawStream)) continue;
      const operators = inflateSync(stream.contents).toString('latin1');
      for (const match of operators.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
        shown += `${Buffer.from(match[1] ?? '', 'hex').toString('latin1')}\n`;
      }
    }
  }
  return shown;
}

/** The adverse action notice is listed, gives the decline's reason and the hard pull's score. */
async function expectNotice(who: Borrower, reason: keyof typeof DECLINE_REASON_TEXT) {
  const documents = (await c.get(who, '/documents')).json() as {
    documents: { uuid: string; type: string }[];
  };
  const notice = documents.documents.find((doc) => doc.type === 'ADVERSE_ACTION_NOTICE');
  expect(notice, JSON.stringify(documents)).toBeDefined();
  expect((await event(who, 'ADVERSE_ACTION_NOTICE')).data).toMatchObject({ reasons: [reason] });
  const file = await c.get(who, `/documents/${notice!.uuid}/file`);
  expect(file.statusCode).toBe(200);
  const text = (await pdfText(file.rawPayload)).replace(/\s+/g, ' ');
  expect(text).toContain(DECLINE_REASON_TEXT[reason]);
  expect(text).toContain('760');
}

/** The steps every Texas borrower here takes up to the valuation report. */
const TO_THE_REPORT = [
  'SUBMIT_PROFILE:WAITING_FOR_CREDIT',
  'CREDIT_MATCHED:WAITING_FOR_PROPERTY',
  'PROPERTY_FOUND:LIEN_VERIFICATION',
  'CONFIRM_LIENS:WAITING_FOR_UNDERWRITING',
  'OFFERS_READY:OFFER_SELECTION',
  'SELECT_OFFER:COLLECT_ADDITIONAL_INFO',
  'SUBMIT_ADDITIONAL_PROFILE:HMDA',
  'SUBMIT_HMDA:GEN_APP_SUMMARY',
  'SUMMARY_READY:SUMMARY',
  'SUBMIT_APPLICATION:HARD_CREDIT_PULL',
  'HARD_PULL_PASSED:APP_SUBMISSION',
  'APPLICATION_SUBMITTED:INCOME_VERIFICATION',
  'LINK_INCOME:WAITING_FOR_INCOME',
  'INCOME_VERIFIED:EMPLOYMENT_VERIFICATION',
  'SUBMIT_EMPLOYER:WAITING_FOR_INCOME',
  'EMPLOYMENT_VERIFIED:DISBURSEMENT_ACCOUNT',
  'SET_DISBURSEMENT_ACCOUNT:AUTOPAY_ACCOUNT',
  'SET_AUTOPAY:IDENTITY_VERIFICATION',
  'SUBMIT_ID:WAITING_FOR_IDENTITY',
  'ID_VERIFIED_VALUATION_REQUIRED:BPO_ORDER',
  'ORDER_BPO:BPO_PROCESSING',
];

describe('the valuation report at closing is underwritten again (Texas)', () => {
  it('a lower value: requalify at most the new maximum, then the closing goes on with the lower line', async () => {
    // 80% × $400,000 − $250,000 = $70,000 < the $100,000 chosen.
    const { who, status } = await valuedAt({ valueCents: 400_000_00 });
    expect(status.status).toBe('CLTV_REQUALIFY');
    expect(route(status)).toBe('product/prequal-winback');
    expect(status.applicationStatus).toMatchObject({ bpoStatus: 'COMPLETE', condition: 'GOOD' });
    // The appraised value and the new maximum are on the application; the amount waits for the borrower.
    expect(await view(who)).toMatchObject({
      amount: 100_000_00,
      adjustedHomeAmount: 400_000_00,
      uwCalculatedDrawAmount: 70_000_00,
    });
    expect((await event(who, 'BPO_CLTV_LIMITED')).data).toMatchObject({
      phase: 'CLOSING',
      valueCents: 400_000_00,
      existingLiensCents: 250_000_00,
      previousAmountCents: 100_000_00,
      maxLineCents: 70_000_00,
      cltvBps: 8000,
    });

    const requalify = await c.get(who, '/requalify');
    expect(requalify.statusCode, requalify.body).toBe(200);
    expect(requalify.json()).toEqual({
      status: 'CLTV_REQUALIFY',
      cause: 'VALUATION',
      previousAmountCents: 100_000_00,
      maxLineCents: 70_000_00,
      minLineCents: 15_000_00,
      termYears: 10,
      rateBps: expect.any(Number),
    });

    // Above the new maximum (the 80% cap) or below the minimum line: refused, nothing changes.
    for (const amountCents of [70_000_01, 100_000_00, 14_999_99]) {
      const refused = await c.post(who, '/requalify', { amountCents });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json()).toMatchObject({
        details: { minLineCents: 15_000_00, maxLineCents: 70_000_00 },
      });
    }
    expect((await c.status(who)).status).toBe('CLTV_REQUALIFY');

    const accepted = await c.post(who, '/requalify', { amountCents: 60_000_00 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'GEN_CLOSING_DOCS' });
    // A repeat answers the status and changes nothing.
    expect((await c.post(who, '/requalify', { amountCents: 60_000_00 })).json()).toMatchObject({
      status: 'GEN_CLOSING_DOCS',
    });

    const signing = await c.drain(who);
    expect(signing.status).toBe('NOTE_SIGNING');
    expect(route(signing)).toBe('signing/intro');
    expect((await view(who)).amount).toBe(60_000_00);

    // The closing package is drawn up for the lower line.
    const list = (await c.get(who, '/closing-documents')).json() as {
      documents: { uuid: string; type: string }[];
    };
    const agreement = list.documents.find((doc) => doc.type === 'HELOC_AGREEMENT')!;
    const pdf = await c.get(who, `/closing-documents/${agreement.uuid}`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('$60,000');
    expect(text).not.toContain('$100,000');

    // Every step audited: the closing requalification goes on with the closing, not the submission.
    expect(await stepsVisited(who)).toEqual([
      ...TO_THE_REPORT,
      'BPO_CLTV_LIMITED:CLTV_REQUALIFY',
      'ACCEPT_REQUALIFY_CLOSING:GEN_CLOSING_DOCS',
      'CLOSING_DOCS_READY:NOTE_SIGNING',
    ]);
    expect((await event(who, 'ACCEPT_REQUALIFY_CLOSING')).data).toEqual({
      amountCents: 60_000_00,
      previousAmountCents: 100_000_00,
    });

    // The Texas 12-day notice still holds the first signature (applied Jan 5 → from Jan 17).
    const first = await c.post(who, '/signing/sign', {
      documentUuid: agreement.uuid,
      esignConsent: true,
      esignDisclosureVersion: ESIGN_DISCLOSURE_VERSION,
      scrolledToBottom: true,
    });
    expect(first.statusCode).toBe(409);
    expect(first.json()).toMatchObject({ details: { reason: 'TEXAS_12_DAY_NOTICE' } });
  });

  it('the requalify endpoints answer only the application’s owner, and 409 with no requalification open', async () => {
    const { who, status } = await valuedAt({ valueCents: 400_000_00 });
    expect(status.status).toBe('CLTV_REQUALIFY');
    const other = await registerAndSignIn(t.app, 'MAIN', { name: { firstName: 'Bo', lastName: 'Other' } });
    const foreign = { authorization: other.authorization, cookie: other.cookie };
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: `${base(who.applicationUuid)}/requalify`,
        headers: foreign,
        ...(method === 'POST' && { payload: { amountCents: 60_000_00 } }),
      });
      expect(res.statusCode, res.body).toBe(404);
    }
    expect((await c.status(who)).status).toBe('CLTV_REQUALIFY');

    // Another Texas borrower still waiting for the report: nothing to requalify.
    clock.set(START);
    const waiting = await newBorrower(t.app, 'Example', 'TX');
    await driveToSubmitted(t.app, waiting);
    await driveThroughIdentity(t.app, waiting);
    expect((await c.post(waiting, '/bpo/order', { feeConsent: true, feeCents: 18_000 })).statusCode).toBe(
      200,
    );
    expect((await c.get(waiting, '/requalify')).statusCode).toBe(409);
    const early = await c.post(waiting, '/requalify', { amountCents: 60_000_00 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ details: { step: 'BPO_PROCESSING' } });
  });

  it('condition POOR: declined (error/decline) with an adverse action notice naming the hard pull', async () => {
    const { who, status } = await valuedAt({ condition: 'POOR' });
    expect(status.status).toBe('DECLINED');
    expect(route(status)).toBe('error/decline');
    expect(status.applicationStatus).toMatchObject({
      uwDecision: 'DECLINE',
      condition: 'POOR',
      bpoStatus: 'COMPLETE',
      creditScoreDecline: false,
      dtiDecline: false,
    });
    const decline = await event(who, 'BPO_DECLINED');
    expect(decline.reason).toBe('PROPERTY_CONDITION');
    expect(decline.data).toMatchObject({
      kind: 'HARD',
      score: 760,
      phase: 'CLOSING',
      valueCents: 650_000_00,
      condition: 'POOR',
      reasons: ['PROPERTY_CONDITION'],
    });
    await expectNotice(who, 'PROPERTY_CONDITION');
    expect(await view(who)).toMatchObject({ amount: 100_000_00, adjustedHomeAmount: 650_000_00 });
    expect(await stepsVisited(who)).toEqual([...TO_THE_REPORT, 'BPO_DECLINED:DECLINED']);
  });

  it('a value so low the line would be under $15,000: declined for insufficient equity', async () => {
    // 80% × $320,000 − $250,000 = $6,000: even the $15,000 minimum would break the 80% cap.
    const { who, status } = await valuedAt({ valueCents: 320_000_00 });
    expect(status.status).toBe('DECLINED');
    expect(route(status)).toBe('error/decline');
    const decline = await event(who, 'BPO_DECLINED');
    expect(decline.reason).toBe('CLTV_ABOVE_CAP');
    expect(decline.data).toMatchObject({ maxLineCents: 6_000_00, valueCents: 320_000_00 });
    await expectNotice(who, 'CLTV_ABOVE_CAP');
    expect(await view(who)).toMatchObject({
      adjustedHomeAmount: 320_000_00,
      uwCalculatedDrawAmount: 6_000_00,
    });
    expect(await stepsVisited(who)).toEqual([...TO_THE_REPORT, 'BPO_DECLINED:DECLINED']);
  });

  it('the value confirmed: on to the closing documents as before, the appraised value recorded', async () => {
    const { who, status } = await valuedAt(null);
    expect(status.status).toBe('NOTE_SIGNING');
    expect(await view(who)).toMatchObject({
      amount: 100_000_00,
      adjustedHomeAmount: 650_000_00,
      uwCalculatedDrawAmount: 270_000_00,
    });
    expect(await stepsVisited(who)).toEqual([
      ...TO_THE_REPORT,
      'BPO_COMPLETED:GEN_CLOSING_DOCS',
      'CLOSING_DOCS_READY:NOTE_SIGNING',
    ]);
    // Nothing to requalify on this application.
    expect((await c.get(who, '/requalify')).statusCode).toBe(409);
  });
});
