/** The borrower's condition endpoints: a requested document, the missing phone number; ownership and bad input. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn } from '../../test/auth';
import { createClient, PDF_BYTES, type Borrower } from './test-helpers';

let t: TestApp;
let c: ReturnType<typeof createClient>;
beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 10_000 });
  c = createClient(t.app);
});
afterAll(async () => t.close());

async function borrowerWith(category: string, extra: Record<string, unknown> = {}) {
  const who = { ...(await registerAndSignIn(t.app)), lastName: 'Example' } as Borrower;
  const [condition] = await t.database.db
    .insert(schema.applicationConditions)
    .values({ applicationUuid: who.applicationUuid, category, ...extra })
    .returning();
  return { who, condition: condition! };
}

describe('POST …/conditions/{conditionUuid}/upload', () => {
  it('stores the document (sniffed), lowers the count still asked for, keeps the condition for staff', async () => {
    const { who, condition } = await borrowerWith('GENERIC_DOCUMENT_REQUEST', {
      requestDocuments: true,
      numDocsRequired: 2,
    });
    const res = await c.upload(who, `/conditions/${condition.uuid}/upload`, {
      bytes: PDF_BYTES,
      fileName: 'letter.pdf',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      document: { type: 'SUPPORT', fileName: 'letter.pdf', contentType: 'application/pdf' },
      condition: { uuid: condition.uuid, actionNeeded: true, xtraData: { numDocsRequired: 1 } },
    });
    const [row] = await t.database.db
      .select()
      .from(schema.applicationConditions)
      .where(eq(schema.applicationConditions.uuid, condition.uuid));
    expect(row!.clearedAt).toBeNull();

    // Text posing as a PDF is refused by content.
    const fake = await c.upload(who, `/conditions/${condition.uuid}/upload`, {
      bytes: new TextEncoder().encode('hello'),
      fileName: 'fake.pdf',
    });
    expect(fake.statusCode).toBe(400);
  });

  it('refuses a condition that is not cleared by a document (409) and a foreign one (404)', async () => {
    const { who, condition } = await borrowerWith('MISSING_PHONE_NUMBER');
    const res = await c.upload(who, `/conditions/${condition.uuid}/upload`, {
      bytes: PDF_BYTES,
      fileName: 'x.pdf',
    });
    expect(res.statusCode).toBe(409);
    const other = await borrowerWith('GENERIC_DOCUMENT_REQUEST', { requestDocuments: true });
    const foreign = await c.upload(who, `/conditions/${other.condition.uuid}/upload`, {
      bytes: PDF_BYTES,
      fileName: 'x.pdf',
    });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('POST …/conditions/{conditionUuid}/phone-number', () => {
  it('saves the number as primary and clears the condition; a bad number is 400', async () => {
    const { who, condition } = await borrowerWith('MISSING_PHONE_NUMBER');
    const bad = await c.post(who, `/conditions/${condition.uuid}/phone-number`, { phoneNumber: '12' });
    expect(bad.statusCode).toBe(400);
    const res = await c.post(who, `/conditions/${condition.uuid}/phone-number`, {
      phoneNumber: '(415) 555-0199',
    });
    expect(res.statusCode, res.body).toBe(200);
    const phones = await t.database.db
      .select()
      .from(schema.profilePhoneNumbers)
      .where(eq(schema.profilePhoneNumbers.identityUuid, who.identityUuid));
    expect(phones.find((phone) => phone.number === '4155550199')?.primary).toBe(true);
    expect(phones.filter((phone) => phone.primary)).toHaveLength(1);
    const [row] = await t.database.db
      .select()
      .from(schema.applicationConditions)
      .where(eq(schema.applicationConditions.uuid, condition.uuid));
    expect(row!.clearedAt).not.toBeNull();
  });
});
