/** Tracker-uuid update, full-story link and the optimisation profile: ownership and validation. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn } from '../../test/auth';

let t: TestApp;
let a: Awaited<ReturnType<typeof registerAndSignIn>>;
let b: Awaited<ReturnType<typeof registerAndSignIn>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await registerAndSignIn(t.app);
  b = await registerAndSignIn(t.app);
});
afterAll(async () => t.close());

const APP = '/service-application/api/v1/application/heloc';
const PROFILE = '/service-application/api/v3/application/heloc/optermizerly-profile';
const TRACKER = '9a9a9a9a-1111-4222-8333-444444444444';

const application = async (uuid: string) =>
  (
    await t.database.db.select().from(schema.helocApplications).where(eq(schema.helocApplications.uuid, uuid))
  )[0]!;

describe('tracker-uuid update and full-story link', () => {
  it('stores them on the borrower’s own application', async () => {
    const tracker = await t.app.inject({
      method: 'PUT',
      url: `${APP}/${a.applicationUuid}/tracker-uuid`,
      headers: { ...a },
      payload: { trackerUuid: TRACKER },
    });
    expect(tracker.statusCode, tracker.body).toBe(200);
    const link = await t.app.inject({
      method: 'PUT',
      url: `${APP}/${a.applicationUuid}/full-story-link`,
      headers: { ...a },
      payload: { link: 'https://replay.example/s/123' },
    });
    expect(link.statusCode).toBe(200);
    expect(await application(a.applicationUuid)).toMatchObject({
      trackerUuid: TRACKER,
      fullStoryLink: 'https://replay.example/s/123',
    });
  });

  it('answers 404 for another borrower’s application and 401 without a token', async () => {
    const foreign = await t.app.inject({
      method: 'PUT',
      url: `${APP}/${a.applicationUuid}/tracker-uuid`,
      headers: { ...b },
      payload: { trackerUuid: TRACKER },
    });
    expect(foreign.statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `${APP}/${a.applicationUuid}/full-story-link`,
      payload: { link: 'https://x.example' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a non-https link and a malformed tracker', async () => {
    const link = await t.app.inject({
      method: 'PUT',
      url: `${APP}/${a.applicationUuid}/full-story-link`,
      headers: { ...a },
      payload: { link: 'javascript:alert(1)' },
    });
    expect(link.statusCode).toBe(400);
    expect(link.json()).toMatchObject({ details: [{ path: 'body.link', message: 'Must be an https URL' }] });
    const tracker = await t.app.inject({
      method: 'PUT',
      url: `${APP}/${a.applicationUuid}/tracker-uuid`,
      headers: { ...a },
      payload: { trackerUuid: 'abc' },
    });
    expect(tracker.statusCode).toBe(400);
  });
});

describe('optermizerly-profile', () => {
  it('GET only reads (404 before the first PATCH, no row written); the first PATCH creates, later ones change it for oneself only', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: `${PROFILE}?trackerUuid=${TRACKER}`,
      headers: { ...a },
    });
    expect(first.statusCode, first.body).toBe(404);
    const rows = await t.database.db
      .select()
      .from(schema.optimizelyProfiles)
      .where(eq(schema.optimizelyProfiles.identityUuid, a.identityUuid));
    expect(rows).toHaveLength(0);

    const created = await t.app.inject({
      method: 'PATCH',
      url: `${PROFILE}?identityUuid=${a.identityUuid}`,
      headers: { ...a },
      payload: { optimizelyProfileUuid: TRACKER },
    });
    expect(created.statusCode, created.body).toBe(200);
    const read = await t.app.inject({
      method: 'GET',
      url: `${PROFILE}?trackerUuid=${TRACKER}`,
      headers: { ...a },
    });
    expect(read.json()).toMatchObject({ identityUuid: a.identityUuid, optimizelyProfileUuid: TRACKER });
    const other = '7b7b7b7b-1111-4222-8333-444444444444';
    const again = await t.app.inject({
      method: 'GET',
      url: `${PROFILE}?trackerUuid=${other}`,
      headers: { ...a },
    });
    expect(again.json().optimizelyProfileUuid).toBe(TRACKER);

    const patch = await t.app.inject({
      method: 'PATCH',
      url: `${PROFILE}?identityUuid=${a.identityUuid}`,
      headers: { ...a },
      payload: { optimizelyProfileUuid: other },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json().optimizelyProfileUuid).toBe(other);

    const foreign = await t.app.inject({
      method: 'PATCH',
      url: `${PROFILE}?identityUuid=${a.identityUuid}`,
      headers: { ...b },
      payload: { optimizelyProfileUuid: other },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${PROFILE}?trackerUuid=${TRACKER}` })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: PROFILE, headers: { ...a } })).statusCode).toBe(400);
  });
});
