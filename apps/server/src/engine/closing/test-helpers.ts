/**
 * Test helpers of the closing segment: a borrower driven through the real API (profile, liens, offer,
 * more info, HMDA, summary, submission) to INCOME_VERIFICATION, and small files whose content sniffs
 * as PDF / PNG.
 */
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { registerAndSignIn } from '../../test/auth';
import { multipartBody } from '../../uploads';

export type Borrower = Awaited<ReturnType<typeof registerAndSignIn>> & { lastName: string };

export const base = (uuid: string) => `/service-application/api/v1/application/heloc/${uuid}`;

export const headers = (who: Borrower) => ({ authorization: who.authorization, cookie: who.cookie });

/** A one-page PDF (enough for content sniffing and the sandbox document reader). */
export const PDF_BYTES = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
/** A 1×1 PNG. */
export const PNG_BYTES = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
);

export function createClient(app: FastifyInstance) {
  const post = (who: Borrower, path: string, payload?: Record<string, unknown>) =>
    app.inject({
      method: 'POST',
      url: `${base(who.applicationUuid)}${path}`,
      headers: headers(who),
      ...(payload !== undefined && { payload }),
    });
  const get = (who: Borrower, path: string) =>
    app.inject({ method: 'GET', url: `${base(who.applicationUuid)}${path}`, headers: headers(who) });
  const upload = (
    who: Borrower,
    path: string,
    file: { bytes: Uint8Array; fileName: string } | null,
    fields = {},
  ) => {
    const body = multipartBody(file, fields);
    return app.inject({
      method: 'POST',
      url: `${base(who.applicationUuid)}${path}`,
      headers: { ...headers(who), ...body.headers },
      payload: body.payload,
    });
  };
  const status = async (who: Borrower) => {
    const res = await app.inject({
      method: 'GET',
      url: `/service-krang-heloc/borrower/secure/api/v1/${who.applicationUuid}/status`,
      headers: headers(who),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { status: string; applicationStatus: Record<string, unknown> };
  };
  const drain = async (who: Borrower) => {
    await app.jobs.runDue();
    return status(who);
  };
  return { post, get, upload, status, drain };
}

export async function newBorrower(
  app: FastifyInstance,
  lastName = 'Example',
  state = 'CA',
  overrides = {},
): Promise<Borrower> {
  const registered = await registerAndSignIn(app, 'MAIN', {
    name: { firstName: 'Ann', lastName },
    property:
      state === 'TX'
        ? { street1: '400 Congress Avenue', city: 'Austin', state: 'TX', zip: '78701' }
        : { street1: '12 Oak Street', city: 'Fresno', state: 'CA', zip: '93701' },
    ...overrides,
  });
  return { ...registered, lastName };
}

/** Profile → soft pull → liens → offers, through the API (the engine's first slice). */
export async function driveToOfferSelection(app: FastifyInstance, who: Borrower): Promise<void> {
  const client = createClient(app);
  const profile = await client.post(who, '/profile', {
    name: { firstName: 'Ann', lastName: who.lastName },
    dob: '1980-02-29',
    softCreditConsent: true,
  });
  expect(profile.statusCode, profile.body).toBe(200);
  expect((await client.drain(who)).status).toBe('LIEN_VERIFICATION');
  expect((await client.post(who, '/liens/confirm')).statusCode).toBe(200);
  await client.drain(who);
}

export async function selectFirstOffer(app: FastifyInstance, who: Borrower): Promise<number> {
  const client = createClient(app);
  const offers = (await client.get(who, '/offers')).json() as {
    maxLineCents: number;
    offers: { uuid: string; termYears: number }[];
  };
  const offer = offers.offers.find((each) => each.termYears === 10) ?? offers.offers[0]!;
  const amountCents = Math.min(offers.maxLineCents, 100_000_00);
  const res = await client.post(who, '/offer', { offerUuid: offer.uuid, amountCents });
  expect(res.statusCode, res.body).toBe(200);
  return amountCents;
}

const HMDA = {
  ethnicity: { declined: true, values: [] },
  race: { declined: true, values: [] },
  sex: { declined: true, values: [] },
};

/**
 * The submission segment through its real endpoints: contact → SSN, ownership and hard-credit
 * consent → HMDA → the summary package (job) → submission and the hard pull (jobs) → INCOME_VERIFICATION.
 */
export async function driveThroughSubmission(
  app: FastifyInstance,
  who: Borrower,
  {
    ownership = 'SOLE',
    afterHardPull = 'INCOME_VERIFICATION',
  }: { ownership?: 'SOLE' | 'JOINT'; afterHardPull?: string } = {},
): Promise<void> {
  const client = createClient(app);
  const ok = async (res: Awaited<ReturnType<typeof client.post>>, expected: string) => {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: expected });
  };
  await ok(
    await client.post(who, '/contact', { email: who.email, phoneNumber: '(415) 555-0177' }),
    'COLLECT_ADDITIONAL_INFO',
  );
  await ok(
    await client.post(who, '/additional-profile', {
      ownership,
      ssn: '123-45-6789',
      hardCreditConsent: true,
    }),
    'HMDA',
  );
  await ok(await client.post(who, '/hmda', HMDA), 'GEN_APP_SUMMARY');
  expect((await client.drain(who)).status).toBe('SUMMARY');
  await ok(
    await client.post(who, '/submit', { summaryAccepted: true, hardCreditConsent: true }),
    'HARD_CREDIT_PULL',
  );
  expect((await client.drain(who)).status).toBe(afterHardPull);
}

/** Registration → offers → the first 10-year offer → submission: a submitted application, all via HTTP. */
export async function driveToSubmitted(
  app: FastifyInstance,
  who: Borrower,
  options: { ownership?: 'SOLE' | 'JOINT' } = {},
): Promise<void> {
  await driveToOfferSelection(app, who);
  await selectFirstOffer(app, who);
  await driveThroughSubmission(app, who, options);
}

/**
 * A submitted application through the closing segment's borrower steps, all via HTTP: bank link →
 * income (and the employer) → disbursement and autopay accounts → ID upload, then the jobs run.
 * Answers the status the identity check leaves it in (GEN_CLOSING_DOCS' outcome, or BPO_ORDER in Texas).
 */
export async function driveThroughIdentity(app: FastifyInstance, who: Borrower) {
  const client = createClient(app);
  const token = await client.post(who, '/income/link-token', { kind: 'BANK' });
  expect(token.statusCode, token.body).toBe(200);
  const { linkToken, institutions, sandboxCredentials } = token.json();
  const auth = await client.post(who, '/income/link/authenticate', {
    linkToken,
    institutionId: institutions[0].institutionId,
    username: sandboxCredentials.username,
    password: sandboxCredentials.password,
  });
  expect(auth.statusCode, auth.body).toBe(200);
  const link = auth.json() as { publicToken: string; accounts: { accountId: string }[] };
  expect((await client.post(who, '/income/link', { publicToken: link.publicToken })).statusCode).toBe(200);
  if ((await client.drain(who)).status === 'EMPLOYMENT_VERIFICATION') {
    await client.post(who, '/income/employer-verification', { employerName: 'Acme Tools' });
    await client.drain(who);
  }
  const disburse = await client.post(who, '/bank/disburse', {
    publicToken: link.publicToken,
    accountId: link.accounts[0]!.accountId,
  });
  expect(disburse.statusCode, disburse.body).toBe(200);
  expect((await client.post(who, '/bank/autopay', { payType: 'AUTOPAY' })).json()).toEqual({
    status: 'IDENTITY_VERIFICATION',
  });
  const id = await client.upload(
    who,
    '/identity',
    { bytes: PNG_BYTES, fileName: 'license.png' },
    { idType: 'DRIVERS_LICENSE' },
  );
  expect(id.json()).toEqual({ status: 'WAITING_FOR_IDENTITY' });
  return client.drain(who);
}
