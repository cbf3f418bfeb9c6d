/**
 * The closing segment through HTTP on the embedded database: from a submitted application
 * (INCOME_VERIFICATION) to a funded line (COMPLETE), with the jobs run by `app.jobs.runDue()` and the
 * waiting periods passed by moving a ManualClock. Monday 2026-01-05 09:00 Pacific at the start.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeForStatus } from '@heloc/domain';
import { schema } from '../../db';
import { ManualClock } from '../../lib/clock';
import { createSandboxProviders } from '../../providers';
import { createTestApp, type TestApp } from '../../test/app';
import {
  advanceToSubmittedForTest,
  createClient,
  newBorrower,
  PDF_BYTES,
  PNG_BYTES,
  type Borrower,
} from './test-helpers';

let t: TestApp;
const START = '2026-01-05T17:00:00.000Z';
const clock = new ManualClock(START);
let c: ReturnType<typeof createClient>;

beforeAll(async () => {
  t = await createTestApp(
    { authRateLimitPerMinute: 10_000 },
    { clock, providers: createSandboxProviders({ clock, creditTimeoutDelayMs: 1 }) },
  );
  c = createClient(t.app);
});
afterAll(async () => t.close());

async function submitted(lastName = 'Example', state = 'CA', overrides = {}): Promise<Borrower> {
  clock.set(START);
  const who = await newBorrower(t.app, lastName, state, overrides);
  await advanceToSubmittedForTest(t.app, t.database.db, clock, who);
  return who;
}

async function bankLink(who: Borrower, kind: 'BANK' | 'PAYROLL' = 'BANK') {
  const token = await c.post(who, '/income/link-token', { kind });
  expect(token.statusCode, token.body).toBe(200);
  const { linkToken, institutions, sandboxCredentials } = token.json();
  const auth = await c.post(who, '/income/link/authenticate', {
    linkToken,
    institutionId: institutions[0].institutionId,
    username: sandboxCredentials.username,
    password: sandboxCredentials.password,
  });
  expect(auth.statusCode, auth.body).toBe(200);
  return auth.json() as { publicToken: string; accounts: { accountId: string; mask: string }[] };
}

async function throughIncome(who: Borrower) {
  const link = await bankLink(who);
  const res = await c.post(who, '/income/link', { publicToken: link.publicToken });
  expect(res.json()).toEqual({ status: 'WAITING_FOR_INCOME' });
  return link;
}

async function throughAccounts(
  who: Borrower,
  link: { publicToken: string; accounts: { accountId: string }[] },
) {
  const res = await c.post(who, '/bank/disburse', {
    publicToken: link.publicToken,
    accountId: link.accounts[0]!.accountId,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect((await c.post(who, '/bank/autopay', { payType: 'AUTOPAY' })).json()).toEqual({
    status: 'IDENTITY_VERIFICATION',
  });
}

async function uploadId(who: Borrower) {
  return c.upload(
    who,
    '/identity',
    { bytes: PNG_BYTES, fileName: 'license.png' },
    { idType: 'DRIVERS_LICENSE' },
  );
}

type DocumentList = { documents: { uuid: string; type: string; signingMethod: string; signed: boolean }[] };

async function signAll(who: Borrower) {
  const list = (await c.get(who, '/closing-documents')).json() as DocumentList;
  let last: { status: string; remaining: number } | null = null;
  for (const doc of list.documents.filter((each) => each.signingMethod === 'ESIGN')) {
    const res = await c.post(who, '/signing/sign', {
      documentUuid: doc.uuid,
      esignConsent: true,
      esignDisclosureVersion: 'esign-2026-01',
      scrolledToBottom: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    last = res.json();
  }
  return { list, last: last! };
}

async function eNotary(who: Borrower, deedUuid: string) {
  expect((await c.post(who, '/notary/choice', { method: 'ENOTARY' })).json()).toEqual({
    status: 'DEED_SIGNING',
  });
  const session = await c.post(who, '/notary/session');
  expect(session.statusCode, session.body).toBe(200);
  const { questions } = session.json() as { questions: { id: string; choices: string[] }[] };
  const answers: Record<string, string> = {
    birthYear: '1980',
    street: questions.find((q) => q.id === 'street')!.choices.find((choice) => /oak|congress/i.test(choice))!,
    city: questions.find((q) => q.id === 'city')!.choices.find((choice) => /fresno|austin/i.test(choice))!,
  };
  expect((await c.post(who, '/notary/session/identity', { answers })).statusCode).toBe(200);
  expect(
    (await c.post(who, '/notary/session/review', { documentUuid: deedUuid, scrolledToBottom: true }))
      .statusCode,
  ).toBe(200);
  expect((await c.post(who, '/notary/session/sign', { esignConsent: true })).json()).toEqual({
    status: 'WAITING_FOR_NOTARY',
  });
}

const route = (status: { status: string; applicationStatus: Record<string, unknown> }, state = 'CA') =>
  routeForStatus({
    statusName: status.status,
    status: status.applicationStatus as never,
    application: { disburseAccount: null },
    propertyState: state,
    isCrypto: false,
  });

describe('happy path from INCOME_VERIFICATION to COMPLETE', () => {
  it('verifies income, sets accounts, checks ID, signs, notarises, insures, waits out rescission and funds', async () => {
    const ann = await submitted();
    expect(route(await c.status(ann))).toBe('income/review');

    // Income: bank link → verified; employer → verified.
    const link = await throughIncome(ann);
    let status = await c.drain(ann);
    expect(status.status).toBe('EMPLOYMENT_VERIFICATION');
    expect(route(status)).toBe('income/employer-verification');
    expect(status.applicationStatus).toMatchObject({
      uwSubDecision: 'VERIFIED_INCOME_MATCHED_OFFER',
      employmentVerificationNeeded: true,
    });
    expect(
      (await c.post(ann, '/income/employer-verification', { employerName: 'Acme Tools' })).statusCode,
    ).toBe(200);
    status = await c.drain(ann);
    expect(status.status).toBe('DISBURSEMENT_ACCOUNT');
    expect(route(status)).toBe('bank/disburse');
    const income = (await c.get(ann, '/income')).json();
    expect(income.incomeSources).toEqual([
      expect.objectContaining({
        employerName: 'Acme Tools',
        annualIncomeCents: 15_000_000,
        verifiedBy: 'LINK',
      }),
    ]);

    // Accounts: linked disbursement account, autopay from it; the account check runs beside.
    await throughAccounts(ann, link);
    status = await c.drain(ann);
    expect(status.applicationStatus.giactAccountStatus).toBe('VERIFIED');
    const accounts = (await c.get(ann, '/bank/accounts')).json();
    expect(accounts).toMatchObject({
      payType: 'AUTOPAY',
      disburseAccount: {
        source: 'LINKED',
        routingNumber: '021000021',
        mask: '1111',
        accountNumber: '••••1111',
        verificationStatus: 'VERIFIED',
      },
      autopayAccount: { mask: '1111' },
    });
    expect(route(status)).toBe('identity');

    // Identity → flood determination (zone X) → closing package.
    expect((await uploadId(ann)).json()).toEqual({ status: 'WAITING_FOR_IDENTITY' });
    status = await c.drain(ann);
    expect(status.status).toBe('NOTE_SIGNING');
    expect(route(status)).toBe('signing/intro');
    expect(status.applicationStatus.disclosurelistClosingReady).toBe(true);

    // Signing: each e-signed document, then the notary package.
    const { list, last } = await signAll(ann);
    expect(list.documents.map((doc) => doc.type).sort()).toEqual(
      ['CLOSING_DISCLOSURE', 'DEED_OF_TRUST', 'HELOC_AGREEMENT', 'NOTICE_OF_RIGHT_TO_CANCEL'].sort(),
    );
    expect(last).toEqual({ status: 'GEN_NOTARY_DOCS', signed: 3, remaining: 0 });
    status = await c.drain(ann);
    expect(status.status).toBe('NOTARY_DISCLOSURE');
    expect(route(status)).toBe('notary/intro');
    expect(status.applicationStatus).toMatchObject({
      disclosurelistClosingComplete: true,
      disclosurelistNotaryReady: true,
    });

    // Every document downloads as the PDF it was listed as.
    const deed = list.documents.find((doc) => doc.type === 'DEED_OF_TRUST')!;
    const pdf = await c.get(ann, `/closing-documents/${deed.uuid}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // eNotary session (Monday 9 am Pacific: notaries are in).
    await eNotary(ann, deed.uuid);
    status = await c.drain(ann);
    expect(status.status).toBe('TRUST_AND_INSURANCE');
    expect(status.applicationStatus).toMatchObject({
      primaryParticipantAcceptComplete: true,
      disclosurelistNotaryComplete: true,
    });

    // Insurance: hazard only (no flood zone) → rescission from the signing day.
    const requirements = (await c.get(ann, '/insurance/requirements')).json();
    expect(
      requirements.requirements.map((r: { type: string; required: boolean }) => [r.type, r.required]),
    ).toEqual([
      ['hazard', true],
      ['flood', false],
      ['trust', false],
    ]);
    expect(
      (await c.upload(ann, '/insurance/upload/hazard', { bytes: PDF_BYTES, fileName: 'policy.pdf' })).json(),
    ).toEqual({
      status: 'GEN_RESCISSION',
    });
    status = await c.drain(ann);
    expect(status.status).toBe('RESCISSION');
    expect(route(status)).toBe('complete');
    // Signed Monday Jan 5 → Tue, Wed, Thu: the right ends at midnight ending Thursday Jan 8.
    expect(status.applicationStatus).toMatchObject({
      checklistStatus: 'RESCISSION',
      rescissionStartDate: '2026-01-05',
      rescissionDeadline: '2026-01-08',
    });
    // The re-issued notice carries that deadline.
    const notices = (await c.get(ann, '/closing-documents')).json() as DocumentList;
    expect(notices.documents.filter((doc) => doc.type === 'NOTICE_OF_RIGHT_TO_CANCEL')).toHaveLength(1);

    // One second before Pacific midnight ending Jan 8: still in rescission.
    clock.set('2026-01-09T07:59:59.000Z');
    expect((await c.drain(ann)).status).toBe('RESCISSION');
    clock.set('2026-01-09T08:00:01.000Z');
    status = await c.drain(ann);
    expect(status.status).toBe('RECORDING');
    expect(status.applicationStatus.checklistStatus).toBe('RECORDING');

    // The county records two business days later (Tue Jan 13); funding follows the same day.
    clock.set('2026-01-13T09:00:00.000Z');
    status = await c.drain(ann);
    expect(status.status).toBe('COMPLETE');
    expect(status.applicationStatus).toMatchObject({
      checklistStatus: 'FUNDABLE',
      fundingDate: '2026-01-13',
    });
    const summary = (await c.get(ann, '/closing-summary')).json();
    expect(summary).toMatchObject({
      status: 'COMPLETE',
      funded: true,
      rescissionDeadline: '2026-01-08',
      fundingDate: '2026-01-13',
      firstPaymentDate: '2026-03-01',
      disburseAccountMask: '1111',
    });

    // The whole way is in the audit trail, and no account number ever is.
    const events = await t.database.db
      .select()
      .from(schema.applicationEvents)
      .where(eq(schema.applicationEvents.applicationUuid, ann.applicationUuid))
      .orderBy(asc(schema.applicationEvents.id));
    const steps = events.filter((e) => e.kind === 'STEP_CHANGE').map((e) => e.toStep);
    expect(steps.slice(steps.indexOf('INCOME_VERIFICATION'))).toEqual([
      'INCOME_VERIFICATION',
      'WAITING_FOR_INCOME',
      'EMPLOYMENT_VERIFICATION',
      'WAITING_FOR_INCOME',
      'DISBURSEMENT_ACCOUNT',
      'AUTOPAY_ACCOUNT',
      'IDENTITY_VERIFICATION',
      'WAITING_FOR_IDENTITY',
      'GEN_CLOSING_DOCS',
      'NOTE_SIGNING',
      'GEN_NOTARY_DOCS',
      'NOTARY_DISCLOSURE',
      'DEED_SIGNING',
      'WAITING_FOR_NOTARY',
      'TRUST_AND_INSURANCE',
      'GEN_RESCISSION',
      'RESCISSION',
      'RECORDING',
      'FUNDING_DECISION',
      'FUNDABLE',
      'COMPLETE',
    ]);
    const [account] = await t.database.db
      .select()
      .from(schema.applicationAccounts)
      .where(eq(schema.applicationAccounts.applicationUuid, ann.applicationUuid));
    const digits = t.app.sealer.open(
      account!.accountNumberSealed,
      `application-account:${ann.applicationUuid}:${account!.purpose}`,
    );
    expect(digits).toMatch(/^\d{8}1111$/);
    expect(account!.accountNumberSealed).not.toContain(digits);
    expect(JSON.stringify(events)).not.toContain(digits);
    const jobs = await t.database.db.select().from(schema.jobs);
    expect(JSON.stringify(jobs)).not.toContain(digits);
  });
});
