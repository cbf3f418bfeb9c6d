/** The polled status endpoint: owner only, the step as status name, the full status object. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_APPLICATION_STATUS, ZApplicationStatusResponse } from '@heloc/domain';
import { schema } from '../../db';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn } from '../../test/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 1000 });
});
afterAll(async () => t.close());

const url = (uuid: string) => `/service-krang-heloc/borrower/secure/api/v1/${uuid}/status`;

describe('GET /service-krang-heloc/borrower/secure/api/v1/{uuid}/status', () => {
  it('answers a new application as IN_PROGRESS with every flag of the status object', async () => {
    const ann = await registerAndSignIn(t.app);
    const res = await t.app.inject({ method: 'GET', url: url(ann.applicationUuid), headers: ann });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(ZApplicationStatusResponse.parse(res.json())).toEqual({
      status: 'IN_PROGRESS',
      applicationStatus: EMPTY_APPLICATION_STATUS,
    });
  });

  it('reflects the step and flags the workflow recorded', async () => {
    const ann = await registerAndSignIn(t.app);
    await t.database.db
      .update(schema.helocApplications)
      .set({
        step: 'LIEN_VERIFICATION',
        statusFlags: { liensComplete: false, condition: 'GOOD', propertyComplete: true },
      })
      .where(eq(schema.helocApplications.uuid, ann.applicationUuid));
    const body = (await t.app.inject({ method: 'GET', url: url(ann.applicationUuid), headers: ann })).json();
    expect(body.status).toBe('LIEN_VERIFICATION');
    expect(body.applicationStatus).toMatchObject({
      condition: 'GOOD',
      propertyComplete: true,
      liensComplete: false,
    });
  });

  it('foreign 404, malformed 400, unauthenticated 401', async () => {
    const ann = await registerAndSignIn(t.app);
    const bob = await registerAndSignIn(t.app);
    expect(
      (await t.app.inject({ method: 'GET', url: url(bob.applicationUuid), headers: ann })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: url('nope'), headers: ann })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: url(ann.applicationUuid) })).statusCode).toBe(401);
  });
});
