/** Experiment decisions through HTTP: stable per tracker, on top of flags, organisation targeting. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '@heloc/domain';
import { schema } from '../../db';
import { EXPERIMENT_SEED } from '../../seed/experiments';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(schema.experiments).values([
    {
      key: 'exp-pinecrest-only',
      status: 'RUNNING',
      featureKey: null,
      rolloutPercent: 100,
      orgCodes: ['PINECREST'],
      variations: [
        { key: 'a', weight: 20, variables: {} },
        { key: 'b', weight: 80, variables: { b: true } },
      ],
    },
    {
      key: 'exp-paused',
      status: 'PAUSED',
      featureKey: null,
      rolloutPercent: 100,
      orgCodes: null,
      variations: [{ key: 'only', weight: 100, variables: {} }],
    },
    {
      key: 'exp-broken',
      status: 'RUNNING',
      featureKey: null,
      rolloutPercent: 100,
      orgCodes: null,
      // Weights that do not add up: skipped rather than answered wrongly.
      variations: [{ key: 'x', weight: 30, variables: {} }],
    },
  ]);
});
afterAll(async () => t.close());

type Decision = {
  variationKey: string | null;
  enabled: boolean;
  reason: string;
  variables: Record<string, unknown>;
};
async function decide(optimizeUser: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/service-optimize/heloc/api/v2/decision',
    payload: { optimizeUser, ...extra },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { decisions: Record<string, Decision> }).decisions;
}

const tracker = (i: number) => `0000${i.toString(16).padStart(4, '0')}-1111-4222-8333-444444444444`;
const seeded = EXPERIMENT_SEED[0]!.key;

describe('POST /service-optimize/{context}/api/v2/decision', () => {
  it('answers every parseable experiment; the same tracker always gets the same variation', async () => {
    const first = await decide({ trackerId: tracker(1), organization: 'MAIN' });
    expect(Object.keys(first).sort()).toEqual([seeded, 'exp-paused', 'exp-pinecrest-only'].sort());
    for (let i = 0; i < 3; i += 1) {
      expect(await decide({ trackerId: tracker(1), organization: 'MAIN' })).toEqual(first);
    }
    expect(first[seeded]).toMatchObject({ enabled: true, reason: 'IN_EXPERIMENT' });
    expect(first['exp-paused']).toMatchObject({ enabled: false, variationKey: null, reason: 'PAUSED' });
    expect(first['exp-pinecrest-only']).toMatchObject({ reason: 'ORGANISATION_NOT_TARGETED' });
  });

  it('splits trackers by the weights (200 trackers, 50/50 within 10 points)', async () => {
    let prominent = 0;
    for (let i = 0; i < 200; i += 1) {
      const d = await decide({ trackerId: tracker(i), organization: 'MAIN' }, { experimentKeys: [seeded] });
      if (d[seeded]!.variationKey === 'prominent') {
        prominent += 1;
        expect(d[seeded]!.variables).toEqual({ launcherStyle: 'prominent' });
      }
    }
    expect(Math.abs(prominent / 2 - 50)).toBeLessThanOrEqual(10);
  });

  it('targets organisations, from the user or the header', async () => {
    const inOrg = await decide(
      { trackerId: tracker(2), organization: 'PINECREST' },
      { experimentKeys: ['exp-pinecrest-only'] },
    );
    expect(inOrg['exp-pinecrest-only']!.enabled).toBe(true);
    const res = await t.app.inject({
      method: 'POST',
      url: '/service-optimize/heloc/api/v2/decision',
      headers: { 'x-org-code': 'PINECREST' },
      payload: { optimizeUser: { trackerId: tracker(2) }, experimentKeys: ['exp-pinecrest-only'] },
    });
    expect(res.json().decisions['exp-pinecrest-only']).toEqual(inOrg['exp-pinecrest-only']);
  });

  it('sits on top of the feature flag: flag off for the organisation → not in the experiment', async () => {
    await t.database.db
      .insert(schema.featureFlags)
      .values({ key: FEATURE_FLAGS.webchat, orgCode: 'LANTERN', enabled: false });
    try {
      const d = await decide(
        { trackerId: tracker(3), organization: 'LANTERN' },
        { experimentKeys: [seeded] },
      );
      expect(d[seeded]).toMatchObject({ enabled: false, variationKey: null, reason: 'FEATURE_OFF' });
    } finally {
      await t.database.db.delete(schema.featureFlags).where(eq(schema.featureFlags.orgCode, 'LANTERN'));
    }
  });

  it('puts a user without a tracker in no experiment; validates the body', async () => {
    const d = await decide({ organization: 'MAIN' });
    expect(d[seeded]).toMatchObject({ reason: 'NO_TRACKER', enabled: false });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/service-optimize/heloc/api/v2/decision',
      payload: { optimizeUser: { trackerId: 5 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ details: [{ path: 'body.optimizeUser.trackerId' }] });
  });
});
