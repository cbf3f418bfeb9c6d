/** Conditions: an external-context call known by its fingerprint cookie; owner's open conditions only. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCondition } from '@heloc/domain';
import { schema } from '../../db';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn, signIn, type Credentials } from '../../test/auth';

let t: TestApp;
beforeAll(async () => {
  // The seeded processor (processor@heloc.test, MAIN) raises conditions.
  t = await createTestApp({ authRateLimitPerMinute: 1000 }, { demoData: true });
});
afterAll(async () => t.close());

const url = (uuid: string) =>
  `/service-conditions/external/api/v1/applications/${uuid}/conditions/external-applicants`;

describe('GET …/applications/{uuid}/conditions/external-applicants', () => {
  it('answers the open conditions, oldest first, to the owner’s cookie alone (no token)', async () => {
    const ann = await registerAndSignIn(t.app);
    await t.database.db.insert(schema.applicationConditions).values([
      {
        applicationUuid: ann.applicationUuid,
        category: 'MANUAL_PAYSTUB_UPLOAD',
        commentsToBorrower: 'Upload your two most recent pay stubs.',
        requestDocuments: true,
        numDocsRequired: 2,
        createdAt: new Date('2026-03-01T10:00:00Z'),
      },
      {
        applicationUuid: ann.applicationUuid,
        category: 'MISSING_PHONE_NUMBER',
        createdAt: new Date('2026-03-02T10:00:00Z'),
      },
      {
        applicationUuid: ann.applicationUuid,
        category: 'GENERIC_DOCUMENT_REQUEST',
        createdAt: new Date('2026-03-03T10:00:00Z'),
        clearedAt: new Date('2026-03-04T10:00:00Z'),
      },
    ]);
    const res = await t.app.inject({
      method: 'GET',
      url: url(ann.applicationUuid),
      headers: { cookie: ann.cookie },
    });
    expect(res.statusCode).toBe(200);
    const conditions = (res.json() as unknown[]).map((c) => ZCondition.parse(c));
    expect(conditions.map((c) => [c.categoryEnum, c.xtraData.numDocsRequired])).toEqual([
      ['MANUAL_PAYSTUB_UPLOAD', 2],
      ['MISSING_PHONE_NUMBER', 1],
    ]);
    expect(conditions[0]).toMatchObject({ requestDocuments: true, actionNeeded: true });
  });

  it('works with the token too, and refuses foreign, anonymous and logged-out callers', async () => {
    const ann = await registerAndSignIn(t.app);
    const bob = await registerAndSignIn(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: url(ann.applicationUuid), headers: ann })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: url(bob.applicationUuid), headers: { cookie: ann.cookie } }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url(ann.applicationUuid) })).statusCode).toBe(401);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: url(ann.applicationUuid),
          headers: { cookie: 'heloc_fp=forged' },
        })
      ).statusCode,
    ).toBe(401);
    await t.app.inject({
      method: 'POST',
      url: '/identity-broker/customer/secure/api/v3/logout',
      headers: ann,
    });
    expect(
      (await t.app.inject({ method: 'GET', url: url(ann.applicationUuid), headers: { cookie: ann.cookie } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('POST /service-ops/api/v1/applications/{uuid}/conditions (staff)', () => {
  const raise = (who: Credentials, uuid: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/service-ops/api/v1/applications/${uuid}/conditions`,
      headers: who,
      payload,
    });

  it('a condition raised after a poll shows at the next poll (the write drops the remembered answer)', async () => {
    const ann = await registerAndSignIn(t.app);
    const poll = async () =>
      (
        await t.app.inject({ method: 'GET', url: url(ann.applicationUuid), headers: { cookie: ann.cookie } })
      ).json();
    expect(await poll()).toEqual([]);
    const processor = await signIn(t.app, 'processor@heloc.test', 'Ops-password-1');
    const res = await raise(processor, ann.applicationUuid, {
      category: 'GENERIC_DOCUMENT_REQUEST',
      commentsToBorrower: 'Your latest bank statement, please.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await poll()).map((c: { commentsToBorrower: string }) => c.commentsToBorrower)).toEqual([
      'Your latest bank statement, please.',
    ]);
  });

  it('raises a document request the borrower sees, is notified of and that is audited', async () => {
    const ann = await registerAndSignIn(t.app);
    const ops = await signIn(t.app, 'processor@heloc.test', 'Ops-password-1');
    const res = await raise(ops, ann.applicationUuid, {
      category: 'GENERIC_DOCUMENT_REQUEST',
      commentsToBorrower: '  Upload your homeowners association statement.  ',
      numDocsRequired: 2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({
        categoryEnum: 'GENERIC_DOCUMENT_REQUEST',
        commentsToBorrower: 'Upload your homeowners association statement.',
        requestDocuments: true,
        actionNeeded: true,
        xtraData: { numDocsRequired: 2 },
      }),
    ]);
    // The borrower's own list has it, and the bell links to it.
    const listed = await t.app.inject({ method: 'GET', url: url(ann.applicationUuid), headers: ann });
    expect(listed.json()).toEqual(res.json());
    const wallet = await t.app.inject({
      method: 'GET',
      url: '/service-wallet/secure/api/v4/account',
      headers: ann,
    });
    expect(wallet.json()[0].notifications[0]).toMatchObject({
      description: 'Upload your homeowners association statement.',
      ctas: [{ redirectPath: `/account/heloc/${ann.applicationUuid}/conditions` }],
    });
    const [audited] = await t.database.db
      .select()
      .from(schema.applicationEvents)
      .where(
        and(
          eq(schema.applicationEvents.applicationUuid, ann.applicationUuid),
          eq(schema.applicationEvents.action, 'CONDITION_RAISED'),
        ),
      );
    expect(audited).toMatchObject({
      actorType: 'STAFF',
      data: { category: 'GENERIC_DOCUMENT_REQUEST', numDocsRequired: 2 },
    });
  });

  it('a missing phone number asks for no document', async () => {
    const ann = await registerAndSignIn(t.app);
    const ops = await signIn(t.app, 'processor@heloc.test', 'Ops-password-1');
    const res = await raise(ops, ann.applicationUuid, {
      category: 'MISSING_PHONE_NUMBER',
      commentsToBorrower: 'Add a phone number we can reach you on.',
      numDocsRequired: 3,
    });
    expect(res.json()).toEqual([
      expect.objectContaining({ requestDocuments: false, xtraData: { numDocsRequired: 1 } }),
    ]);
  });

  it('is for staff of the application’s organisation, with the engine’s categories and bad input refused', async () => {
    const ann = await registerAndSignIn(t.app);
    const elsewhere = await registerAndSignIn(t.app, 'CASCADE_TEACHERS', {
      property: { street1: '1 Pine Street', city: 'Seattle', state: 'WA', zip: '98101' },
    });
    const ops = await signIn(t.app, 'processor@heloc.test', 'Ops-password-1');
    const body = { category: 'GENERIC_DOCUMENT_REQUEST', commentsToBorrower: 'A document, please.' };
    expect((await raise(ann, ann.applicationUuid, body)).statusCode).toBe(403);
    expect((await raise(ops, elsewhere.applicationUuid, body)).statusCode).toBe(404);
    expect((await raise(ops, '00000000-0000-4000-8000-000000000000', body)).statusCode).toBe(404);
    expect(
      (await raise(ops, ann.applicationUuid, { ...body, category: 'MANUAL_PAYSTUB_UPLOAD' })).statusCode,
    ).toBe(400);
    expect((await raise(ops, ann.applicationUuid, { ...body, commentsToBorrower: '  ' })).statusCode).toBe(
      400,
    );
    expect((await raise(ops, ann.applicationUuid, { ...body, numDocsRequired: 11 })).statusCode).toBe(400);
    await t.database.db
      .update(schema.helocApplications)
      .set({ step: 'COMPLETE' })
      .where(eq(schema.helocApplications.uuid, ann.applicationUuid));
    const closed = await raise(ops, ann.applicationUuid, body);
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ message: 'This application is closed' });
  });
});
