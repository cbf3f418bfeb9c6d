/**
 * The closing segment through HTTP on the embedded database: from a submitted application
 * (INCOME_VERIFICATION) to a funded line (COMPLETE), with the jobs run by `app.jobs.runDue()` and the
 * waiting periods passed by moving a ManualClock. Monday 2026-01-05 09:00 Pacific at the start.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_MESSAGES, ESIGN_DISCLOSURE_VERSION, ESTIMATE_MESSAGES, routeForStatus } from '@heloc/domain';
import { schema } from '../../db';
import { ManualClock } from '../../lib/clock';
import { createSandboxProviders, type Providers } from '../../providers';
import { SANDBOX_UNREADABLE_ID_PNG_BASE64 } from '../../providers/identity-document/sandbox-images';
import { createTestApp, type TestApp } from '../../test/app';
import { multipartBody as multipart } from '../../uploads';
import { CONDITION_NOTIFICATION_CTA, CONDITION_NOTIFICATION_TITLE } from './store';
import {
  driveThroughSubmission,
  driveToSubmitted,
  createClient,
  driveToOfferSelection,
  newBorrower,
  PDF_BYTES,
  PNG_BYTES,
  type Borrower,
} from './test-helpers';

let t: TestApp;
const START = '2026-01-05T17:00:00.000Z';
const clock = new ManualClock(START);
let c: ReturnType<typeof createClient>;

const sandbox = createSandboxProviders({ clock, creditTimeoutDelayMs: 1 });
/** When set, the income link verifies this annual income (a borrower who stated more than they earn). */
let verifiedIncomeCents: number | null = null;
const providers: Providers = {
  ...sandbox,
  income: {
    ...sandbox.income,
    async verifyIncome(request) {
      const result = await sandbox.income.verifyIncome(request);
      if (result.outcome !== 'VERIFIED' || verifiedIncomeCents === null) return result;
      const annualIncomeCents = verifiedIncomeCents;
      return {
        ...result,
        annualIncomeCents,
        sources: result.sources.map((source) => ({ ...source, annualIncomeCents })),
      };
    },
  },
};

beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 10_000 }, { clock, providers });
  c = createClient(t.app);
});
afterAll(async () => t.close());

async function submitted(lastName = 'Example', state = 'CA', overrides = {}): Promise<Borrower> {
  clock.set(START);
  const who = await newBorrower(t.app, lastName, state, overrides);
  await driveToSubmitted(t.app, who);
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
  expect(res.json()).toMatchObject({ status: 'WAITING_FOR_INCOME' });
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
  expect((await c.post(who, '/bank/autopay', { payType: 'AUTOPAY' })).json()).toMatchObject({
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

type DocumentList = {
  documents: { uuid: string; type: string; signingMethod: string; signed: boolean }[];
  signingNotBefore: { date: string; at: string; message: string } | null;
};

/** Where the sandbox borrower signs (Fresno, the happy path's property). */
const SIGNED_AT_FRESNO = { latitude: 36.7378, longitude: -119.7871, accuracyMeters: 25 };

async function signAll(who: Borrower) {
  const list = (await c.get(who, '/closing-documents')).json() as DocumentList;
  let last: { status: string; remaining: number } | null = null;
  for (const doc of list.documents.filter((each) => each.signingMethod === 'ESIGN')) {
    const res = await c.post(who, '/signing/sign', {
      documentUuid: doc.uuid,
      esignConsent: true,
      esignDisclosureVersion: ESIGN_DISCLOSURE_VERSION,
      scrolledToBottom: true,
      location: SIGNED_AT_FRESNO,
    });
    expect(res.statusCode, res.body).toBe(200);
    last = res.json();
  }
  return { list, last: last! };
}

async function eNotary(who: Borrower, deedUuid: string) {
  expect((await c.post(who, '/notary/choice', { method: 'ENOTARY' })).json()).toMatchObject({
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
  expect((await c.post(who, '/notary/session/sign', { esignConsent: true })).json()).toMatchObject({
    status: 'WAITING_FOR_NOTARY',
  });
}

/** The application as GET …/heloc/{uuid} answers it (the client machine's input). */
async function view(who: Borrower) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/service-application/api/v1/application/heloc/${who.applicationUuid}`,
    headers: { authorization: who.authorization, cookie: who.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const route = (status: { status: string; applicationStatus: Record<string, unknown> }, state = 'CA') =>
  routeForStatus({
    statusName: status.status,
    status: status.applicationStatus as never,
    application: { disburseAccount: null },
    propertyState: state,
    isCrypto: false,
  });

describe('happy path from registration to COMPLETE, all through the HTTP API', () => {
  it('prices, submits, verifies income, sets accounts, checks ID, signs, notarises, insures, waits out rescission and funds', async () => {
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
    // The application view carries what the client machine reads, the account masked to its last 4.
    const afterAccounts = await view(ann);
    expect(afterAccounts).toMatchObject({
      payType: 'AUTOPAY',
      disburseAccount: { routingNumber: '021000021', mask: '1111', accountNumber: '••••1111' },
      autopayAccount: { uuid: expect.any(String) },
      incomeSources: [
        expect.objectContaining({
          employmentType: 'FULL_TIME',
          employerName: 'Acme Tools',
          annualIncomeCents: 15_000_000,
        }),
      ],
      insurance: { complete: false },
      requestedManualNotaryTime: null,
    });

    // Identity → flood determination (zone X) → closing package.
    expect((await uploadId(ann)).json()).toMatchObject({ status: 'WAITING_FOR_IDENTITY' });
    status = await c.drain(ann);
    expect(status.status).toBe('NOTE_SIGNING');
    expect(route(status)).toBe('signing/intro');
    expect(status.applicationStatus.disclosurelistClosingReady).toBe(true);

    // Signing: each e-signed document, then the notary package.
    const { list, last } = await signAll(ann);
    expect(list.documents.map((doc) => doc.type).sort()).toEqual(
      ['CLOSING_DISCLOSURE', 'DEED_OF_TRUST', 'HELOC_AGREEMENT', 'NOTICE_OF_RIGHT_TO_CANCEL'].sort(),
    );
    expect(last).toMatchObject({ status: 'GEN_NOTARY_DOCS', signed: 3, remaining: 0 });
    // Each signature keeps the document's hash and where the borrower signed (the location alert's promise).
    const signatures = await t.database.db
      .select()
      .from(schema.applicationSignatures)
      .where(eq(schema.applicationSignatures.applicationUuid, ann.applicationUuid));
    expect(signatures).toHaveLength(3);
    for (const signature of signatures) {
      expect(signature).toMatchObject({
        latitude: SIGNED_AT_FRESNO.latitude,
        longitude: SIGNED_AT_FRESNO.longitude,
        locationAccuracyMeters: SIGNED_AT_FRESNO.accuracyMeters,
        scrolledToBottom: true,
        esignConsentVersion: ESIGN_DISCLOSURE_VERSION,
      });
      expect(signature.documentSha256).toMatch(/^[0-9a-f]{64}$/);
    }
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
    ).toMatchObject({
      status: 'GEN_RESCISSION',
    });
    status = await c.drain(ann);
    expect(status.status).toBe('RESCISSION');
    expect(route(status)).toBe('complete');
    const afterInsurance = await view(ann);
    expect(afterInsurance.insurance).toEqual({ complete: true });
    expect(afterInsurance.documents.map((doc: { type: string }) => doc.type)).toEqual(
      expect.arrayContaining(['DRIVERS_LICENSE_FRONT', 'HELOC_AGREEMENT', 'DEED_OF_TRUST']),
    );
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
    expect((await c.get(ann, '/closing-summary')).json().canRescind).toBe(true);
    clock.set('2026-01-09T08:00:01.000Z');
    // The period is over even before the job moves on: no cancelling now.
    expect((await c.get(ann, '/closing-summary')).json().canRescind).toBe(false);
    const late = await c.post(ann, '/rescind', { confirm: true });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      message: 'The right to cancel ended at midnight Pacific time at the end of 01/08/2026.',
      details: { reason: 'RESCISSION_PERIOD_ENDED' },
    });
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
      // The screen's countdown runs to this instant, the one the rescission job waited for above.
      rescissionEndsAt: '2026-01-09T08:00:00.000Z',
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
    expect(steps).toEqual([
      'WAITING_FOR_CREDIT',
      'WAITING_FOR_PROPERTY',
      'LIEN_VERIFICATION',
      'WAITING_FOR_UNDERWRITING',
      'OFFER_SELECTION',
      'COLLECT_ADDITIONAL_INFO',
      'HMDA',
      'GEN_APP_SUMMARY',
      'SUMMARY',
      'HARD_CREDIT_PULL',
      'APP_SUBMISSION',
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

async function toSigning(who: Borrower) {
  const link = await throughIncome(who);
  await c.drain(who);
  if ((await c.status(who)).status === 'EMPLOYMENT_VERIFICATION') {
    await c.post(who, '/income/employer-verification', { employerName: 'Acme Tools' });
    await c.drain(who);
  }
  await throughAccounts(who, link);
  await uploadId(who);
  return c.drain(who);
}

async function openConditionsOf(who: Borrower) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/service-conditions/external/api/v1/applications/${who.applicationUuid}/conditions/external-applicants`,
    headers: { authorization: who.authorization, cookie: who.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { categoryEnum: string; xtraData: { numDocsRequired: number } }[];
}

describe('scenarios', () => {
  it('Paystub: partial income raises the manual paystub upload condition; the paystub completes it', async () => {
    const who = await submitted('Paystub');
    await throughIncome(who);
    const status = await c.drain(who);
    expect(status.status).toBe('INCOME_VERIFICATION');
    expect(status.applicationStatus).toMatchObject({
      manualPaystubUpload: true,
      manualPaystubTasksComplete: false,
    });
    expect(await openConditionsOf(who)).toEqual([
      expect.objectContaining({ categoryEnum: 'MANUAL_PAYSTUB_UPLOAD', xtraData: { numDocsRequired: 1 } }),
    ]);
    expect((await c.get(who, '/income')).json().requiredDocuments).toEqual([
      { documentType: 'USER_UPLOADED_PAYSTUB', count: 1 },
    ]);
    const uploaded = await c.upload(who, '/income/upload/paystub', {
      bytes: PDF_BYTES,
      fileName: 'stub.pdf',
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    // The same file again is the same document (a retried upload).
    const again = await c.upload(who, '/income/upload/paystub', { bytes: PDF_BYTES, fileName: 'stub.pdf' });
    expect(again.json().document.uuid).toBe(uploaded.json().document.uuid);
    expect((await c.post(who, '/income/documents/submit')).json()).toMatchObject({
      status: 'WAITING_FOR_INCOME',
    });
    const after = await c.drain(who);
    expect(after.status).toBe('EMPLOYMENT_VERIFICATION');
    expect(after.applicationStatus).toMatchObject({
      manualPaystubTasksComplete: true,
      uwSubDecision: 'VERIFIED_INCOME_MATCHED_OFFER',
    });
    expect(await openConditionsOf(who)).toEqual([]);
  });

  it('Selfemployed: the link asks for two tax returns (numDocsRequired 2); one is not enough, two verify', async () => {
    const who = await submitted('Selfemployed', 'CA', {
      income: { employmentType: 'SELF_EMPLOYED', annualIncomeCents: 150_000_00 },
    });
    await throughIncome(who);
    expect((await c.drain(who)).status).toBe('INCOME_VERIFICATION');
    expect(await openConditionsOf(who)).toEqual([
      expect.objectContaining({ categoryEnum: 'GENERIC_DOCUMENT_REQUEST', xtraData: { numDocsRequired: 2 } }),
    ]);
    await c.upload(who, '/income/upload/tax-return', { bytes: PDF_BYTES, fileName: '2024.pdf' });
    await c.post(who, '/income/documents/submit');
    expect((await c.drain(who)).status).toBe('INCOME_VERIFICATION');
    expect(await openConditionsOf(who)).toEqual([
      expect.objectContaining({ categoryEnum: 'GENERIC_DOCUMENT_REQUEST', xtraData: { numDocsRequired: 1 } }),
    ]);
    await c.upload(who, '/income/upload/tax-return', { bytes: PNG_BYTES, fileName: '2025.png' });
    await c.post(who, '/income/documents/submit');
    // Self-employed: no employer to call, straight to the accounts.
    expect((await c.drain(who)).status).toBe('DISBURSEMENT_ACCOUNT');
    expect(await openConditionsOf(who)).toEqual([]);
  });

  it('Flood: the certificate wait shows error/flood-cert, then flood insurance is required', async () => {
    const who = await submitted('Flood');
    const status = await toSigning(who);
    expect(status.status).toBe('WAITING_FOR_FLOOD_CERT');
    expect(status.applicationStatus.waitingOnFloodCert).toBe(true);
    expect(route(status)).toBe('error/flood-cert');
    clock.advance(3_600_000);
    const ready = await c.drain(who);
    expect(ready.status).toBe('NOTE_SIGNING');
    expect(ready.applicationStatus.waitingOnFloodCert).toBe(false);
    const { list } = await signAll(who);
    await c.drain(who);
    await eNotary(who, list.documents.find((doc) => doc.type === 'DEED_OF_TRUST')!.uuid);
    expect((await c.drain(who)).status).toBe('TRUST_AND_INSURANCE');
    const requirements = (await c.get(who, '/insurance/requirements')).json();
    expect(requirements.requirements.find((r: { type: string }) => r.type === 'flood').required).toBe(true);
    expect(
      (await c.upload(who, '/insurance/upload/hazard', { bytes: PDF_BYTES, fileName: 'h.pdf' })).json(),
    ).toMatchObject({
      status: 'TRUST_AND_INSURANCE',
    });
    expect(
      (await c.upload(who, '/insurance/upload/flood', { bytes: PNG_BYTES, fileName: 'f.png' })).json(),
    ).toMatchObject({
      status: 'GEN_RESCISSION',
    });
  });

  it('eNotary identity questions: two wrong attempts lock them for 48 hours (MISMO RON), then they open again', async () => {
    const who = await submitted();
    expect((await toSigning(who)).status).toBe('NOTE_SIGNING');
    await signAll(who);
    await c.drain(who);
    await c.post(who, '/notary/choice', { method: 'ENOTARY' });
    const session = await c.post(who, '/notary/session');
    expect(session.statusCode, session.body).toBe(200);
    const { questions } = session.json() as { questions: { id: string; choices: string[] }[] };
    const right = {
      birthYear: '1980',
      street: questions.find((q) => q.id === 'street')!.choices.find((choice) => /oak/i.test(choice))!,
      city: questions.find((q) => q.id === 'city')!.choices.find((choice) => /fresno/i.test(choice))!,
    };
    const answer = (answers: Record<string, string>) => c.post(who, '/notary/session/identity', { answers });

    const first = await answer({ ...right, birthYear: '1975' });
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({
      message:
        'Some answers did not match our records. Please try again (1 attempt left before the questions are locked for 48 hours).',
      details: { questions: ['birthYear'], attemptsLeft: 1 },
    });
    clock.advance(60_000);
    const second = await answer({ ...right, city: 'Springfield' });
    expect(second.statusCode).toBe(429);
    const lockedUntil = new Date(clock.now().getTime() + 48 * 3_600_000).toISOString();
    expect(second.json()).toMatchObject({
      details: { reason: 'NOTARY_IDENTITY_LOCKED', lockedUntil, questions: ['city'] },
    });
    expect(second.json().message).toMatch(
      /^You answered the identity questions incorrectly 2 times\. For your security, you can try again after \d{2}\/\d{2}\/\d{4}, \d{1,2}:\d{2} [AP]M PT, or call us for help\.$/,
    );
    // Locked: even the right answers wait.
    expect((await answer(right)).statusCode).toBe(429);
    clock.advance(48 * 3_600_000 - 1_000);
    expect((await answer(right)).statusCode).toBe(429);
    clock.advance(1_000);
    expect((await answer(right)).statusCode).toBe(200);
  });

  it('Cancel my line during the right-to-cancel period: CANCELLED, audited, nothing recorded or funded', async () => {
    const who = await submitted();
    expect((await toSigning(who)).status).toBe('NOTE_SIGNING');
    const { list } = await signAll(who);
    await c.drain(who);
    await eNotary(who, list.documents.find((doc) => doc.type === 'DEED_OF_TRUST')!.uuid);
    expect((await c.drain(who)).status).toBe('TRUST_AND_INSURANCE');
    await c.upload(who, '/insurance/upload/hazard', { bytes: PDF_BYTES, fileName: 'policy.pdf' });
    expect((await c.drain(who)).status).toBe('RESCISSION');
    expect((await c.get(who, '/closing-summary')).json().canRescind).toBe(true);

    // It must be confirmed on purpose.
    expect((await c.post(who, '/rescind', {})).statusCode).toBe(400);
    expect((await c.post(who, '/rescind', { confirm: false })).statusCode).toBe(400);
    const rescinded = await c.post(who, '/rescind', { confirm: true });
    expect(rescinded.statusCode, rescinded.body).toBe(200);
    expect(rescinded.json()).toMatchObject({ status: 'CANCELLED' });

    // Past the deadline and past recording day: the jobs find it cancelled and do nothing.
    clock.advance(10 * 86_400_000);
    expect((await c.drain(who)).status).toBe('CANCELLED');
    expect((await c.get(who, '/closing-summary')).json()).toMatchObject({ funded: false, canRescind: false });
    expect((await c.post(who, '/rescind', { confirm: true })).statusCode).toBe(409);
    const events = await t.database.db
      .select()
      .from(schema.applicationEvents)
      .where(eq(schema.applicationEvents.applicationUuid, who.applicationUuid))
      .orderBy(asc(schema.applicationEvents.id));
    const rescission = events.find((event) => event.action === 'RESCINDED')!;
    expect(rescission).toMatchObject({
      kind: 'STEP_CHANGE',
      fromStep: 'RESCISSION',
      toStep: 'CANCELLED',
      actorType: 'BORROWER',
      actorUuid: who.identityUuid,
      reason: 'The borrower exercised the right to cancel',
    });
    const after = events.slice(events.indexOf(rescission) + 1).map((event) => event.action);
    expect(after).not.toContain('RECORDING_SUBMITTED');
    expect(after).not.toContain('FUNDED');
  });

  it('Noavm: estimate → $180 consent → BPO processing → back to the offers', async () => {
    clock.set(START);
    const who = await newBorrower(t.app, 'Noavm');
    await driveToOfferSelection(t.app, who);
    let status = await c.status(who);
    expect(status.status).toBe('NO_AVM');
    expect(route(status)).toBe('bpo/estimate-value');
    // Out of the form's bounds: refused with the form's own words.
    const tooLow = await c.post(who, '/bpo/estimate', { estimatedValueCents: 49_999_99 });
    expect(tooLow.statusCode).toBe(400);
    expect(JSON.stringify(tooLow.json())).toContain(ESTIMATE_MESSAGES.range);
    expect((await c.post(who, '/bpo/estimate', { estimatedValueCents: 700_000_00 })).json()).toMatchObject({
      status: 'BPO_ORDER',
    });
    status = await c.status(who);
    expect(route(status)).toBe('bpo/order-bpo');
    expect((await c.post(who, '/bpo/order', { feeConsent: true, feeCents: 17_000 })).statusCode).toBe(400);
    expect((await c.post(who, '/bpo/order', { feeConsent: true, feeCents: 18_000 })).json()).toMatchObject({
      status: 'BPO_PROCESSING',
    });
    status = await c.drain(who);
    expect(status.status).toBe('BPO_PROCESSING');
    expect(route(status)).toBe('bpo/hold');
    clock.advance(2 * 86_400_000);
    status = await c.drain(who);
    expect(status.status).toBe('OFFER_SELECTION');
    expect(status.applicationStatus.bpoStatus).toBe('COMPLETE');
    // Priced on the report's value: 85% of $700,000 less the $250,000 lien.
    expect((await c.get(who, '/offers')).json().maxLineCents).toBe(345_000_00);
  });

  it('Texas: the valuation order is required after identity (bpo/condition), CLTV capped at 80%', async () => {
    const who = await submitted('Example', 'TX');
    expect((await c.get(who, '/offers')).json().maxLineCents).toBe(270_000_00);
    const status = await toSigning(who);
    expect(status.status).toBe('BPO_ORDER');
    expect(route(status, 'TX')).toBe('bpo/condition');
    expect((await c.post(who, '/bpo/order', { feeConsent: true, feeCents: 18_000 })).json()).toMatchObject({
      status: 'BPO_PROCESSING',
    });
    await c.drain(who);
    expect(route(await c.status(who), 'TX')).toBe('bpo/hold');
    clock.advance(2 * 86_400_000);
    expect((await c.drain(who)).status).toBe('NOTE_SIGNING');

    // The 12-day notice: applied Monday Jan 5 (11 am in Austin) → may close from Saturday Jan 17, Texas time.
    const list = (await c.get(who, '/closing-documents')).json() as DocumentList;
    // The documents say so before anyone presses Sign.
    expect(list.signingNotBefore).toEqual({
      date: '2026-01-17',
      at: '2026-01-17T06:00:00.000Z',
      message:
        'A Texas home equity loan can close on or after 01/17/2026, 12 days after the notice given with your application.',
    });
    const first = list.documents.find((doc) => doc.signingMethod === 'ESIGN')!;
    const sign = () =>
      c.post(who, '/signing/sign', {
        documentUuid: first.uuid,
        esignConsent: true,
        esignDisclosureVersion: ESIGN_DISCLOSURE_VERSION,
        scrolledToBottom: true,
      });
    const early = await sign();
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      message:
        'A Texas home equity loan can close on or after 01/17/2026, 12 days after the notice given with your application.',
      details: {
        step: 'NOTE_SIGNING',
        reason: 'TEXAS_12_DAY_NOTICE',
        earliestClosingDate: '2026-01-17',
        earliestClosingAt: '2026-01-17T06:00:00.000Z',
      },
    });
    const signatures = await t.database.db
      .select()
      .from(schema.applicationSignatures)
      .where(eq(schema.applicationSignatures.applicationUuid, who.applicationUuid));
    expect(signatures).toEqual([]);
    clock.set('2026-01-17T05:59:59.000Z');
    expect((await sign()).statusCode).toBe(409);
    clock.set('2026-01-17T06:00:00.000Z');
    expect(((await c.get(who, '/closing-documents')).json() as DocumentList).signingNotBefore).toBeNull();
    expect((await sign()).statusCode).toBe(200);
    const { last } = await signAll(who);
    expect(last.status).toBe('GEN_NOTARY_DOCS');
  });

  it('a failed ID check raises the ID verification condition; a readable ID clears it', async () => {
    const who = await submitted();
    const link = await throughIncome(who);
    await c.drain(who);
    await c.post(who, '/income/employer-verification', { employerName: 'Acme Tools' });
    await c.drain(who);
    await throughAccounts(who, link);
    // A PDF is refused at the door (ID photos are images)…
    const pdf = await c.upload(
      who,
      '/identity',
      { bytes: PDF_BYTES, fileName: 'id.pdf' },
      { idType: 'PASSPORT' },
    );
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().details.reason).toBe('UNSUPPORTED_TYPE');
    // …and a photo the checker cannot read (the sandbox's blank test image) comes back with the condition.
    const unreadable = await c.upload(
      who,
      '/identity',
      { bytes: Buffer.from(SANDBOX_UNREADABLE_ID_PNG_BASE64, 'base64'), fileName: 'blank.png' },
      { idType: 'PASSPORT' },
    );
    expect(unreadable.json()).toMatchObject({ status: 'WAITING_FOR_IDENTITY' });
    const failed = await c.drain(who);
    expect(failed.status).toBe('IDENTITY_VERIFICATION');
    expect(route(failed)).toBe('identity');
    expect(await openConditionsOf(who)).toEqual([
      expect.objectContaining({ categoryEnum: 'ID_VERIFICATION_FAILURE' }),
    ]);
    // The borrower hears of it in the bell, with the way to the conditions dashboard.
    const wallet = await t.app.inject({
      method: 'GET',
      url: '/service-wallet/secure/api/v4/account',
      headers: { authorization: who.authorization, cookie: who.cookie },
    });
    const [account] = wallet.json() as { notifications: { title: string; ctas: unknown[] }[] }[];
    expect(account!.notifications).toContainEqual(
      expect.objectContaining({
        title: CONDITION_NOTIFICATION_TITLE,
        status: 'UNREAD',
        ctas: [
          {
            title: CONDITION_NOTIFICATION_CTA,
            redirectPath: `/account/heloc/${who.applicationUuid}/conditions`,
          },
        ],
      }),
    );
    const retry = await c.upload(
      who,
      '/identity',
      { bytes: PNG_BYTES, fileName: 'passport.png' },
      { idType: 'PASSPORT' },
    );
    expect(retry.json()).toMatchObject({ status: 'WAITING_FOR_IDENTITY' });
    expect((await c.drain(who)).status).toBe('NOTE_SIGNING');
    expect(await openConditionsOf(who)).toEqual([]);
  });

  it('manual notary: $300 consent, Pacific slots within hours, reservation, waiting period until the appointment', async () => {
    const who = await submitted();
    const status = await toSigning(who);
    expect(status.status).toBe('NOTE_SIGNING');
    await signAll(who);
    await c.drain(who);
    expect((await c.post(who, '/notary/choice', { method: 'MANUAL' })).statusCode).toBe(400);
    const chosen = await c.post(who, '/notary/choice', {
      method: 'MANUAL',
      feeConsent: true,
      feeCents: 30_000,
    });
    expect(chosen.json()).toMatchObject({ status: 'MANUAL_DEED_SIGNING' });
    const after = await c.status(who);
    expect(after.applicationStatus.manualNotary).toBe(true);
    expect(route(after)).toBe('notary/reserve-manual');
    const slots = (await c.get(who, '/notary/slots')).json() as {
      slots: { startsAt: string; endsAt: string }[];
      feeCents: number;
    };
    expect(slots.feeCents).toBe(30_000);
    expect(slots.slots.length).toBeGreaterThan(0);
    // Not before tomorrow, and inside phone hours (Mon–Fri 06:00–18:00, Sat 08:00–14:00 Pacific).
    for (const slot of slots.slots) {
      expect(Date.parse(slot.startsAt)).toBeGreaterThanOrEqual(clock.now().getTime() + 24 * 3_600_000);
      const hour = Number(
        new Intl.DateTimeFormat('en-US', {
          timeZone: 'America/Los_Angeles',
          hour: 'numeric',
          hourCycle: 'h23',
        }).format(new Date(slot.startsAt)),
      );
      expect(hour).toBeGreaterThanOrEqual(8);
      expect(hour).toBeLessThan(18);
    }
    expect((await c.post(who, '/notary/reserve', { startsAt: '2026-01-06T03:00:00.000Z' })).statusCode).toBe(
      400,
    );
    const slot = slots.slots[0]!;
    const reserved = await c.post(who, '/notary/reserve', { startsAt: slot.startsAt });
    expect(reserved.json()).toMatchObject({ status: 'NOTARY_WAITING_PERIOD', startsAt: slot.startsAt });
    expect((await view(who)).requestedManualNotaryTime).toBe(slot.startsAt);
    expect((await c.post(who, '/notary/reserve', { startsAt: slot.startsAt })).json()).toMatchObject({
      status: 'NOTARY_WAITING_PERIOD',
    });
    expect(route(await c.drain(who))).toBe('notary/intro');
    clock.set(slot.endsAt);
    const signed = await c.drain(who);
    expect(signed.status).toBe('TRUST_AND_INSURANCE');
    expect(signed.applicationStatus.manualDeedSigningComplete).toBe(true);
  });
});

describe('bad input, order, ownership and repeats', () => {
  it('answers 400 on bad input, 409 with the step out of order, 404 for another borrower, and repeats safely', async () => {
    const who = await submitted();
    const other = await newBorrower(t.app, 'Other');
    // Out of order: accounts before income.
    const early = await c.post(who, '/bank/manual-disburse', {
      routingNumber: '021000021',
      accountNumber: '123456789',
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().details).toEqual({ step: 'INCOME_VERIFICATION' });
    expect((await uploadId(who)).statusCode).toBe(409);
    // Foreign application.
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/service-application/api/v1/application/heloc/${who.applicationUuid}/income/link-token`,
      headers: { authorization: other.authorization, cookie: other.cookie },
      payload: { kind: 'BANK' },
    });
    expect(foreign.statusCode).toBe(404);
    const foreignDoc = await t.app.inject({
      method: 'GET',
      url: `/service-application/api/v1/application/heloc/${other.applicationUuid}/closing-documents`,
      headers: { authorization: who.authorization, cookie: who.cookie },
    });
    expect(foreignDoc.statusCode).toBe(404);
    // Bad input.
    expect((await c.post(who, '/income/link-token', { kind: 'CRYPTO' })).statusCode).toBe(400);
    const nowhere = await c.post(who, '/signing/sign', {
      documentUuid: who.applicationUuid,
      esignConsent: true,
      esignDisclosureVersion: ESIGN_DISCLOSURE_VERSION,
      scrolledToBottom: true,
      location: { latitude: 91, longitude: -119.7871 },
    });
    expect(nowhere.statusCode).toBe(400);
    expect((await c.post(who, '/income/link', { publicToken: 'forged' })).statusCode).toBe(400);
    const token = (await c.post(who, '/income/link-token', { kind: 'BANK' })).json();
    const wrong = await c.post(who, '/income/link/authenticate', {
      linkToken: token.linkToken,
      institutionId: 'sbx_ins_bank',
      username: 'user_bad',
      password: 'nope',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('The username or password is incorrect.');
    const mfa = await c.post(who, '/income/link/authenticate', {
      linkToken: token.linkToken,
      institutionId: 'sbx_ins_bank',
      username: 'user_mfa',
      password: 'pass_good',
    });
    expect(mfa.json()).toMatchObject({ outcome: 'MFA_REQUIRED' });
    // Uploads: no file, empty, wrong content (a "PDF" that is text), too large.
    expect((await c.upload(who, '/income/upload/paystub', null)).json().details.reason).toBe('NO_FILE');
    expect(
      (await c.upload(who, '/income/upload/paystub', { bytes: new Uint8Array(), fileName: 'a.pdf' })).json()
        .details.reason,
    ).toBe('EMPTY_FILE');
    const text = await c.upload(who, '/income/upload/paystub', {
      bytes: new TextEncoder().encode('hello'),
      fileName: 'stub.pdf',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().details.reason).toBe('UNSUPPORTED_TYPE');
    const huge = new Uint8Array(10 * 1024 * 1024 + 1);
    huge.set(PDF_BYTES);
    const big = await c.upload(who, '/income/upload/paystub', { bytes: huge, fileName: 'big.pdf' });
    expect(big.statusCode).toBe(400);
    expect(big.json().details.reason).toBe('FILE_TOO_LARGE');
    expect((await c.post(who, '/income/documents/submit')).statusCode).toBe(400);

    // Idempotent: the same link twice is one step change and one job.
    const link = await throughIncome(who);
    expect((await c.post(who, '/income/link', { publicToken: link.publicToken })).json()).toMatchObject({
      status: 'WAITING_FOR_INCOME',
    });
    await c.drain(who);
    await c.post(who, '/income/employer-verification', { employerName: 'Acme Tools' });
    await c.drain(who);
    // The ABA checksum is validated (021000022 is off by one).
    const badRouting = await c.post(who, '/bank/manual-disburse', {
      routingNumber: '021000022',
      accountNumber: '123456789',
    });
    expect(badRouting.statusCode).toBe(400);
    // The server answers the field with the screen's own words (one schema for both).
    expect(JSON.stringify(badRouting.json())).toContain(BANK_MESSAGES.routingNumber);
    expect(
      (await c.post(who, '/bank/manual-disburse', { routingNumber: '021000021', accountNumber: '12' }))
        .statusCode,
    ).toBe(400);
    const manual = { routingNumber: '021000021', accountNumber: '000123450000' };
    expect((await c.post(who, '/bank/manual-disburse', manual)).json()).toMatchObject({
      status: 'AUTOPAY_ACCOUNT',
    });
    expect((await c.post(who, '/bank/manual-disburse', manual)).json()).toMatchObject({
      status: 'AUTOPAY_ACCOUNT',
    });
    // …0000 goes to manual review: a condition that holds funding, not the borrower.
    const reviewed = await c.drain(who);
    expect(reviewed.applicationStatus.giactAccountStatus).toBe('PENDING_REVIEW');
    expect(await openConditionsOf(who)).toEqual([
      expect.objectContaining({ categoryEnum: 'BANK_ACCOUNT_FRAUD_REVIEW' }),
    ]);
    expect((await c.post(who, '/bank/autopay', { payType: 'MANUAL' })).json()).toMatchObject({
      status: 'IDENTITY_VERIFICATION',
    });
    expect((await c.post(who, '/bank/autopay', { payType: 'MANUAL' })).json()).toMatchObject({
      status: 'IDENTITY_VERIFICATION',
    });
    const accounts = (await c.get(who, '/bank/accounts')).json();
    expect(accounts).toMatchObject({
      payType: 'MANUAL',
      autopayAccount: null,
      disburseAccount: { accountNumber: '••••0000', source: 'MANUAL' },
    });
    expect(JSON.stringify(accounts)).not.toContain('00012345');

    const events = await t.database.db
      .select()
      .from(schema.applicationEvents)
      .where(eq(schema.applicationEvents.applicationUuid, who.applicationUuid));
    expect(events.filter((e) => e.action === 'LINK_INCOME')).toHaveLength(1);
    expect(events.filter((e) => e.action === 'SET_DISBURSEMENT_ACCOUNT')).toHaveLength(1);
    expect(events.filter((e) => e.action === 'SET_MANUAL_PAY')).toHaveLength(1);
    const jobs = await t.database.db.select().from(schema.jobs);
    expect(
      jobs.filter((j) => j.kind === 'income.verifyLink' && j.payload.applicationUuid === who.applicationUuid),
    ).toHaveLength(1);
  });

  it('every closing route is in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    const paths = Object.keys(doc.paths).filter((path) =>
      path.startsWith('/service-application/api/v1/application/heloc/{uuid}/'),
    );
    for (const suffix of [
      'income',
      'income/link-token',
      'income/link/authenticate',
      'income/link',
      'income/upload/{type}',
      'income/documents/submit',
      'income/employer-verification',
      'bank/disburse',
      'bank/manual-disburse',
      'bank/autopay',
      'bank/accounts',
      'identity',
      'bpo/estimate',
      'bpo/order',
      'closing-documents',
      'closing-documents/{documentUuid}',
      'signing/sign',
      'notary/choice',
      'notary/slots',
      'notary/reserve',
      'notary/session',
      'notary/session/identity',
      'notary/session/review',
      'notary/session/sign',
      'insurance/requirements',
      'insurance/upload/{type}',
      'closing-summary',
      'rescind',
      'conditions/{conditionUuid}/upload',
    ]) {
      expect(paths).toContain(`/service-application/api/v1/application/heloc/{uuid}/${suffix}`);
    }
  });
});

describe('condition uploads (conditions/upload-document)', () => {
  type ConditionRow = {
    uuid: string;
    categoryEnum: string;
    actionNeeded: boolean;
    xtraData: { numDocsRequired: number };
  };
  const conditionsOf = async (who: Borrower) => (await openConditionsOf(who)) as unknown as ConditionRow[];
  const pdf = (title: string) => ({
    bytes: new TextEncoder().encode(`%PDF-1.4\n% ${title}\n%%EOF\n`),
    fileName: `${title}.pdf`,
  });

  it('counts each new document against the condition, once per file, and the income review takes them', async () => {
    const who = await submitted('Selfemployed', 'CA', {
      income: { employmentType: 'SELF_EMPLOYED', annualIncomeCents: 150_000_00 },
    });
    await throughIncome(who);
    expect((await c.drain(who)).status).toBe('INCOME_VERIFICATION');
    const [condition] = await conditionsOf(who);
    expect(condition).toMatchObject({
      categoryEnum: 'GENERIC_DOCUMENT_REQUEST',
      actionNeeded: true,
      xtraData: { numDocsRequired: 2 },
    });
    const path = `/conditions/${condition!.uuid}/upload`;

    // Bad input: a type the category does not take, a file that is not a document, no file.
    const wrongType = await c.upload(who, path, pdf('2024'), { documentType: 'DEED_OF_TRUST' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().details).toEqual([
      { path: 'body.documentType', message: expect.stringContaining('TAX_RETURN') },
    ]);
    const text = await c.upload(who, path, { bytes: new TextEncoder().encode('hello'), fileName: 'a.pdf' });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toMatch(/Type not supported/);
    expect((await c.upload(who, path, null, { documentType: 'TAX_RETURN' })).statusCode).toBe(400);
    // Unknown condition, another borrower's application: 404.
    const unknown = await c.upload(who, '/conditions/00000000-0000-4000-8000-000000000000/upload', pdf('x'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Condition not found');
    const other = await newBorrower(t.app);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/service-application/api/v1/application/heloc/${who.applicationUuid}${path}`,
      headers: { authorization: other.authorization, cookie: other.cookie, ...multipart(pdf('y')).headers },
      payload: multipart(pdf('y')).payload,
    });
    expect(foreign.statusCode).toBe(404);
    expect(await conditionsOf(who)).toEqual([expect.objectContaining({ xtraData: { numDocsRequired: 2 } })]);

    // The first return: one still asked for; the same file again is the same document, counted once.
    const first = await c.upload(who, path, pdf('2024'), { documentType: 'TAX_RETURN' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'INCOME_VERIFICATION',
      condition: { actionNeeded: true, xtraData: { numDocsRequired: 1 } },
      document: { type: 'TAX_RETURN', contentType: 'application/pdf' },
    });
    const again = await c.upload(who, path, pdf('2024'), { documentType: 'TAX_RETURN' });
    expect(again.json().document.uuid).toBe(first.json().document.uuid);
    expect(again.json().condition.xtraData.numDocsRequired).toBe(1);

    // The second: nothing left to do for the borrower until the review.
    const second = await c.upload(who, path, pdf('2025'), { documentType: 'TAX_RETURN' });
    expect(second.json().condition).toMatchObject({ actionNeeded: false, xtraData: { numDocsRequired: 1 } });
    expect(await conditionsOf(who)).toEqual([expect.objectContaining({ actionNeeded: false })]);

    // The income review reads the documents uploaded here: verified, condition cleared.
    expect((await c.post(who, '/income/documents/submit')).json()).toMatchObject({
      status: 'WAITING_FOR_INCOME',
    });
    expect((await c.drain(who)).status).toBe('DISBURSEMENT_ACCOUNT');
    expect(await conditionsOf(who)).toEqual([]);
    // A cleared condition takes no more uploads.
    expect((await c.upload(who, path, pdf('2023'), { documentType: 'TAX_RETURN' })).statusCode).toBe(404);
  });

  it('answers 409 for a condition cleared on its own screen (the phone number)', async () => {
    const who = await submitted();
    const [row] = await t.database.db
      .insert(schema.applicationConditions)
      .values({
        applicationUuid: who.applicationUuid,
        category: 'MISSING_PHONE_NUMBER',
        commentsToBorrower: 'Please add a phone number.',
      })
      .returning();
    const res = await c.upload(who, `/conditions/${row!.uuid}/upload`, pdf('phone'));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ details: { category: 'MISSING_PHONE_NUMBER' } });
  });
});

describe('DTI on verified income', () => {
  it('declines when the verified income puts DTI over the cap, with an adverse action notice from the hard pull', async () => {
    const who = await submitted();
    verifiedIncomeCents = 30_000_00;
    try {
      await throughIncome(who);
      const status = await c.drain(who);
      expect(status.status).toBe('DECLINED');
      expect(status.applicationStatus).toMatchObject({ uwDecision: 'DECLINE', dtiDecline: true });
      expect(route(status)).toBe('error/income');
    } finally {
      verifiedIncomeCents = null;
    }
    const [decline] = await t.database.db
      .select()
      .from(schema.applicationEvents)
      .where(eq(schema.applicationEvents.action, 'INCOME_DTI_DECLINED'))
      .orderBy(asc(schema.applicationEvents.id));
    expect(decline).toMatchObject({ applicationUuid: who.applicationUuid, reason: 'DTI_ABOVE_CAP' });
    expect(decline!.data).toMatchObject({ kind: 'HARD', annualIncomeCents: 30_000_00, dtiCapBps: 5000 });
    expect(decline!.data.verifiedDtiBps as number).toBeGreaterThan(5000);
    const documents = (await c.get(who, '/documents')).json() as { documents: { type: string }[] };
    expect(documents.documents.map((doc) => doc.type)).toContain('ADVERSE_ACTION_NOTICE');
  });

  it('declines on verified income after a requalification at the hard pull as well', async () => {
    clock.set(START);
    const who = await newBorrower(t.app, 'Example');
    // The borrower corrects the $250,000 mortgage down to $100,000 and takes the whole $400,000 line;
    // the hard pull still finds $250,000, so the line is requalified at $302,500 first.
    expect(
      (
        await c.post(who, '/profile', {
          name: { firstName: 'Ann', lastName: who.lastName },
          dob: '1980-02-29',
          softCreditConsent: true,
        })
      ).statusCode,
    ).toBe(200);
    expect((await c.drain(who)).status).toBe('LIEN_VERIFICATION');
    const { liens } = (await c.get(who, '/liens')).json() as { liens: { uuid: string }[] };
    const corrections = liens.map((lien) => ({ uuid: lien.uuid, balanceCents: 100_000_00 }));
    expect((await c.post(who, '/liens/confirm', { corrections })).statusCode).toBe(200);
    expect((await c.drain(who)).status).toBe('OFFER_SELECTION');
    const offers = (await c.get(who, '/offers')).json() as {
      maxLineCents: number;
      offers: { uuid: string }[];
    };
    expect(offers.maxLineCents).toBe(400_000_00);
    const chosen = await c.post(who, '/offer', {
      offerUuid: offers.offers[0]!.uuid,
      amountCents: 400_000_00,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    await driveThroughSubmission(t.app, who, { afterHardPull: 'CLTV_REQUALIFY' });
    expect((await c.post(who, '/requalify', { amountCents: 302_500_00 })).statusCode).toBe(200);
    expect((await c.drain(who)).status).toBe('INCOME_VERIFICATION');

    verifiedIncomeCents = 30_000_00;
    try {
      await throughIncome(who);
      const status = await c.drain(who);
      expect(status.status).toBe('DECLINED');
      expect(status.applicationStatus).toMatchObject({ uwDecision: 'DECLINE', dtiDecline: true });
    } finally {
      verifiedIncomeCents = null;
    }
    const [decline] = await t.database.db
      .select()
      .from(schema.applicationEvents)
      .where(
        and(
          eq(schema.applicationEvents.applicationUuid, who.applicationUuid),
          eq(schema.applicationEvents.action, 'INCOME_DTI_DECLINED'),
        ),
      );
    expect(decline!.data).toMatchObject({ kind: 'HARD', existingLiensCents: 250_000_00 });
  });

  it('continues when the verified income keeps DTI within the cap', async () => {
    const who = await submitted();
    verifiedIncomeCents = 90_000_00;
    try {
      await throughIncome(who);
      expect((await c.drain(who)).status).toBe('EMPLOYMENT_VERIFICATION');
    } finally {
      verifiedIncomeCents = null;
    }
  });
});
