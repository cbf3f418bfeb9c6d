/**
 * Test helpers of the closing segment: a borrower driven through the real API (profile, liens, offer,
 * more info, HMDA, summary, submission) to INCOME_VERIFICATION by the one borrower driver
 * (@heloc/borrower-driver over `inject`), and small files whose content sniffs as PDF / PNG.
 */
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  borrower,
  createClient as driverClient,
  injectTransport,
  type Move,
  type NoMove,
} from '@heloc/borrower-driver';
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

/**
 * The one borrower driver's borrower for `who` over `inject` (the contact step gives the e-mail and a
 * mobile); other suites walk their borrowers with it too.
 */
export function driven(
  app: FastifyInstance,
  who: Omit<Borrower, 'lastName'> & { lastName?: string; firstName?: string },
  plan: { offer?: { termYears: number; amountCents: number } } = {},
) {
  const client = driverClient(injectTransport(app), {
    applicationUuid: who.applicationUuid,
    headers: { authorization: who.authorization, cookie: who.cookie },
  });
  return borrower(client, {
    firstName: who.firstName ?? 'Ann',
    lastName: who.lastName ?? 'Borrower',
    dob: '1980-02-29',
    email: who.email,
    phoneNumber: '(415) 555-0177',
    address: { street1: '12 Oak Street', city: 'Fresno', state: 'CA', zip: '93701' },
    employerName: 'Acme Tools',
    ...plan,
  });
}

/** A move the borrower must be able to make, answered 200 (and `{ status: answered }` when given). */
function made(move: Move | NoMove, answered?: string): Move {
  expect(move.kind, JSON.stringify(move)).toBe('moved');
  const done = move as Move;
  expect(done.answer?.status, done.answer?.body).toBe(200);
  if (answered !== undefined) expect(done.answer?.json()).toMatchObject({ status: answered });
  return done;
}

/** Profile → soft pull → liens → offers, through the API (the engine's first slice). */
export async function driveToOfferSelection(app: FastifyInstance, who: Borrower): Promise<void> {
  const client = createClient(app);
  const driver = driven(app, who);
  made(await driver.move('IN_PROGRESS'));
  expect((await client.drain(who)).status).toBe('LIEN_VERIFICATION');
  made(await driver.move('LIEN_VERIFICATION'));
  await client.drain(who);
}

export async function selectFirstOffer(app: FastifyInstance, who: Borrower): Promise<number> {
  const driver = driven(app, who, { offer: { termYears: 10, amountCents: 100_000_00 } });
  return made(await driver.move('OFFER_SELECTION')).facts.chosen!.amountCents;
}

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
  const driver = driven(app, who);
  driver.plan.ownership = ownership;
  made(await driver.move('COLLECT_ADDITIONAL_INFO'), 'HMDA');
  made(await driver.move('HMDA'), 'GEN_APP_SUMMARY');
  expect((await client.drain(who)).status).toBe('SUMMARY');
  made(await driver.move('SUMMARY'), 'HARD_CREDIT_PULL');
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
  const driver = driven(app, who);
  made(await driver.move('INCOME_VERIFICATION'));
  if ((await client.drain(who)).status === 'EMPLOYMENT_VERIFICATION') {
    made(await driver.move('EMPLOYMENT_VERIFICATION'));
    await client.drain(who);
  }
  made(await driver.move('DISBURSEMENT_ACCOUNT'));
  made(await driver.move('AUTOPAY_ACCOUNT'), 'IDENTITY_VERIFICATION');
  made(await driver.move('IDENTITY_VERIFICATION'), 'WAITING_FOR_IDENTITY');
  return client.drain(who);
}
