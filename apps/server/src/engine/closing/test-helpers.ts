/**
 * Test helpers of the closing segment: a borrower driven through the real API up to the offer choice,
 * then moved to INCOME_VERIFICATION directly (advanceToSubmittedForTest), and small files whose
 * content sniffs as PDF / PNG.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { schema } from '../../db';
import type { Database } from '../../db';
import { registerAndSignIn } from '../../test/auth';
import { multipartBody } from '../../uploads';
import { withApplicationLock } from '../../workflow/step-machine';
import { recordEvent } from '../../workflow/audit';
import type { Clock } from '../../lib/clock';

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

/**
 * Stands in for the submission segment (additional info → HMDA → app summary → hard credit pull →
 * APP_SUBMISSION), built separately: from the offer choice (COLLECT_ADDITIONAL_INFO) it moves the
 * application straight to INCOME_VERIFICATION, audited as a SYSTEM step change. Replace with the
 * real API calls once both segments are merged.
 */
export async function advanceToSubmittedForTest(
  app: FastifyInstance,
  db: Database,
  clock: Clock,
  who: Borrower,
): Promise<void> {
  await driveToOfferSelection(app, who);
  await selectFirstOffer(app, who);
  await withApplicationLock(db, who.applicationUuid, async (tx, application) => {
    expect(application.step).toBe('COLLECT_ADDITIONAL_INFO');
    await tx
      .update(schema.helocApplications)
      .set({ step: 'INCOME_VERIFICATION', hasHmda: true })
      .where(eq(schema.helocApplications.uuid, application.uuid));
    await recordEvent(tx, clock, {
      applicationUuid: application.uuid,
      actor: { type: 'SYSTEM' },
      kind: 'STEP_CHANGE',
      action: 'TEST_SUBMISSION_STAND_IN',
      fromStep: application.step,
      toStep: 'INCOME_VERIFICATION',
      reason: 'advanceToSubmittedForTest',
    });
  });
}
