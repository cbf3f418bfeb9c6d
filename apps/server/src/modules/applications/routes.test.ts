/** Applications through HTTP: own records only, malformed and foreign ids, creation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZHelocApplicationView } from '@heloc/domain';
import { eq } from 'drizzle-orm';
import { schema } from '../../db';
import { ManualClock } from '../../lib/clock';
import { createTestApp, type TestApp } from '../../test/app';
import { recordEvent } from '../../workflow/audit';
import { registerAndSignIn } from '../../test/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 1000 });
});
afterAll(async () => t.close());

const BASE = '/service-application/api/v1/application/heloc';

describe('applications', () => {
  it('lists only the caller’s applications, each valid against the shared schema', async () => {
    const ann = await registerAndSignIn(t.app);
    const bob = await registerAndSignIn(t.app);
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/all`, headers: ann });
    expect(res.statusCode).toBe(200);
    const list = res.json() as unknown[];
    expect(list).toHaveLength(1);
    const application = ZHelocApplicationView.parse(list[0]);
    expect(application.uuid).toBe(ann.applicationUuid);
    expect(application.uuid).not.toBe(bob.applicationUuid);
  });

  it('one application: own 200, foreign 404, malformed 400, unauthenticated 401', async () => {
    const ann = await registerAndSignIn(t.app);
    const bob = await registerAndSignIn(t.app);
    const get = (uuid: string, headers: Record<string, string> = ann) =>
      t.app.inject({ method: 'GET', url: `${BASE}/${uuid}`, headers });

    expect((await get(ann.applicationUuid)).statusCode).toBe(200);
    expect((await get(ann.applicationUuid.toUpperCase())).statusCode).toBe(200);
    const foreign = await get(bob.applicationUuid);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ status: 404, message: 'Application not found' });
    expect((await get('not-a-uuid')).statusCode).toBe(400);
    expect((await get('00000000-0000-0000-0000-00000000000g')).statusCode).toBe(400);
    expect((await get(ann.applicationUuid, {})).statusCode).toBe(401);
  });

  it('a declined application says the step it ended from; a live one does not', async () => {
    const ann = await registerAndSignIn(t.app);
    const get = async () =>
      ZHelocApplicationView.parse(
        (await t.app.inject({ method: 'GET', url: `${BASE}/${ann.applicationUuid}`, headers: ann })).json(),
      );
    expect((await get()).endedFromStep).toBeUndefined();
    await recordEvent(t.database.db, new ManualClock('2026-03-02T18:00:00.000Z'), {
      applicationUuid: ann.applicationUuid,
      actor: { type: 'SYSTEM' },
      kind: 'STEP_CHANGE',
      action: 'UNDERWRITING_DECLINED',
      fromStep: 'WAITING_FOR_UNDERWRITING',
      toStep: 'DECLINED',
    });
    await t.database.db
      .update(schema.helocApplications)
      .set({ step: 'DECLINED' })
      .where(eq(schema.helocApplications.uuid, ann.applicationUuid));
    expect(await get()).toMatchObject({ step: 'DECLINED', endedFromStep: 'WAITING_FOR_UNDERWRITING' });
  });

  it('creates a new application for the borrower’s property with the next Application ID', async () => {
    const ann = await registerAndSignIn(t.app);
    const first = (
      await t.app.inject({ method: 'GET', url: `${BASE}/${ann.applicationUuid}`, headers: ann })
    ).json();
    const res = await t.app.inject({ method: 'POST', url: BASE, headers: ann, payload: {} });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.property.uuid).toBe(first.property.uuid);
    expect(Number(created.loanNumber)).toBeGreaterThan(Number(first.loanNumber));
    const list = (await t.app.inject({ method: 'GET', url: `${BASE}/all`, headers: ann })).json();
    expect(list.map((a: { uuid: string }) => a.uuid)).toEqual([created.uuid, ann.applicationUuid]);
  });

  it('refuses another borrower’s property', async () => {
    const ann = await registerAndSignIn(t.app);
    const bob = await registerAndSignIn(t.app);
    const bobs = (
      await t.app.inject({ method: 'GET', url: `${BASE}/${bob.applicationUuid}`, headers: bob })
    ).json();
    const res = await t.app.inject({
      method: 'POST',
      url: BASE,
      headers: ann,
      payload: { propertyUuid: bobs.property.uuid },
    });
    expect(res.statusCode).toBe(404);
  });
});
