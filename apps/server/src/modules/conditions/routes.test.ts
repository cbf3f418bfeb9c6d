/** Conditions: an external-context call known by its fingerprint cookie; owner's open conditions only. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCondition } from '@heloc/domain';
import { schema } from '../../db';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn } from '../../test/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 1000 });
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
