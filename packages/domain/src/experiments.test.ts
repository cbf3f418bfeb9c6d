import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BUCKET_COUNT,
  bucketOf,
  decideExperiment,
  murmur3,
  variationForBucket,
  ZExperiment,
  type TExperiment,
} from './experiments';

const experiment = (overrides: Partial<TExperiment> = {}): TExperiment => ({
  key: 'exp-test',
  status: 'RUNNING',
  featureKey: null,
  rolloutPercent: 100,
  orgCodes: null,
  variations: [
    { key: 'control', weight: 50, variables: {} },
    { key: 'treatment', weight: 50, variables: { color: 'blue' } },
  ],
  ...overrides,
});

/** 10,000 distinct, uuid-shaped tracker ids (deterministic, so a failure reproduces). */
const trackers = Array.from(
  { length: 10_000 },
  (_, i) =>
    `${(i * 2654435761).toString(16).padStart(8, '0').slice(-8)}-0000-4000-8000-${i.toString(16).padStart(12, '0')}`,
);

describe('murmur3 (reference vectors of MurmurHash3_x86_32)', () => {
  it.each([
    ['', 0, 0],
    ['', 1, 0x514e28b7],
    ['a', 0, 0x3c2569b2],
    ['abc', 0, 0xb3dd93fa],
    ['Hello, world!', 1234, 0xfaf6cdb3],
    ['The quick brown fox jumps over the lazy dog', 0, 0x2e4ff723],
  ])('murmur3(%j, %i) = %i', (text, seed, expected) => {
    expect(murmur3(text, seed)).toBe(expected);
  });
});

describe('decideExperiment: eligibility table', () => {
  const tracker = trackers[0]!;
  it.each<[string, Partial<TExperiment>, string | null, boolean, string]>([
    ['paused', { status: 'PAUSED' }, 'MAIN', true, 'PAUSED'],
    ['org not targeted', { orgCodes: ['PINECREST'] }, 'MAIN', true, 'ORGANISATION_NOT_TARGETED'],
    ['no org, targeted list', { orgCodes: ['MAIN'] }, null, true, 'ORGANISATION_NOT_TARGETED'],
    ['org targeted', { orgCodes: ['PINECREST', 'MAIN'] }, 'MAIN', true, 'IN_EXPERIMENT'],
    ['flag off', { featureKey: 'fe-webchat' }, 'MAIN', false, 'FEATURE_OFF'],
    ['flag on', { featureKey: 'fe-webchat' }, 'MAIN', true, 'IN_EXPERIMENT'],
    ['no flag needed', {}, 'MAIN', false, 'IN_EXPERIMENT'],
    ['rollout 0', { rolloutPercent: 0 }, 'MAIN', true, 'OUTSIDE_ROLLOUT'],
  ])('%s → %s', (_name, overrides, orgCode, featureOn, reason) => {
    const decision = decideExperiment(experiment(overrides), { trackerId: tracker, orgCode }, featureOn);
    expect(decision.reason).toBe(reason);
    expect(decision.enabled).toBe(reason === 'IN_EXPERIMENT');
    expect(decision.variationKey === null).toBe(reason !== 'IN_EXPERIMENT');
  });

  it('needs a tracker id', () => {
    expect(decideExperiment(experiment(), { trackerId: '', orgCode: 'MAIN' }, true).reason).toBe(
      'NO_TRACKER',
    );
    expect(decideExperiment(experiment(), { trackerId: null, orgCode: 'MAIN' }, true).reason).toBe(
      'NO_TRACKER',
    );
  });

  it('hands the variation’s variables over', () => {
    const decisions = trackers
      .slice(0, 50)
      .map((trackerId) => decideExperiment(experiment(), { trackerId, orgCode: 'MAIN' }, true));
    const treatment = decisions.find((d) => d.variationKey === 'treatment');
    expect(treatment?.variables).toEqual({ color: 'blue' });
  });
});

describe('bucketing properties', () => {
  it('same tracker → same variation, whatever the case of the id and however often asked', () => {
    fc.assert(
      fc.property(fc.uuid(), fc.string({ minLength: 1, maxLength: 40 }), (trackerId, key) => {
        const exp = experiment({ key });
        const first = decideExperiment(exp, { trackerId, orgCode: 'MAIN' }, true);
        const again = decideExperiment(exp, { trackerId: trackerId.toUpperCase(), orgCode: 'MAIN' }, true);
        expect(again).toEqual(first);
      }),
    );
  });

  it('buckets stay in range', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (key, tracker) => {
        const bucket = bucketOf(key, 'variation', tracker);
        expect(bucket).toBeGreaterThanOrEqual(0);
        expect(bucket).toBeLessThan(BUCKET_COUNT);
        expect(Number.isInteger(bucket)).toBe(true);
      }),
    );
  });

  it('raising the rollout only adds trackers, who keep their variation', () => {
    fc.assert(
      fc.property(
        fc.uuid(),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100 }),
        (trackerId, a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const before = decideExperiment(
            experiment({ rolloutPercent: low }),
            { trackerId, orgCode: null },
            true,
          );
          const after = decideExperiment(
            experiment({ rolloutPercent: high }),
            { trackerId, orgCode: null },
            true,
          );
          if (before.enabled) expect(after.variationKey).toBe(before.variationKey);
        },
      ),
    );
  });

  it('every bucket maps to a variation with weight > 0', () => {
    const variations = experiment({
      variations: [
        { key: 'a', weight: 0, variables: {} },
        { key: 'b', weight: 30, variables: {} },
        { key: 'c', weight: 70, variables: {} },
      ],
    }).variations;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: BUCKET_COUNT - 1 }), (bucket) => {
        expect(variationForBucket(variations, bucket).key).not.toBe('a');
      }),
    );
  });

  it.each<[string, number, number[]]>([
    ['50/50 at full rollout', 100, [50, 50]],
    ['20/30/50 at full rollout', 100, [20, 30, 50]],
    ['90/10 at 40% rollout', 40, [90, 10]],
    ['single variation at 12.5% rollout', 12.5, [100]],
  ])('shares stay within 2 points of target over 10,000 ids: %s', (_name, rolloutPercent, weights) => {
    const exp = experiment({
      key: `exp-${weights.join('-')}-${rolloutPercent}`,
      rolloutPercent,
      variations: weights.map((weight, i) => ({ key: `v${i}`, weight, variables: {} })),
    });
    const counts = new Map<string, number>();
    let inExperiment = 0;
    for (const trackerId of trackers) {
      const decision = decideExperiment(exp, { trackerId, orgCode: 'MAIN' }, true);
      if (!decision.variationKey) continue;
      inExperiment += 1;
      counts.set(decision.variationKey, (counts.get(decision.variationKey) ?? 0) + 1);
    }
    expect(Math.abs((inExperiment / trackers.length) * 100 - rolloutPercent)).toBeLessThanOrEqual(2);
    weights.forEach((weight, i) => {
      const share = ((counts.get(`v${i}`) ?? 0) / inExperiment) * 100;
      expect(Math.abs(share - weight)).toBeLessThanOrEqual(2);
    });
  });
});

describe('ZExperiment', () => {
  it('refuses weights that do not add up to 100 and repeated variation keys', () => {
    const base = experiment();
    expect(ZExperiment.safeParse(base).success).toBe(true);
    expect(
      ZExperiment.safeParse({ ...base, variations: [{ key: 'a', weight: 60, variables: {} }] }).success,
    ).toBe(false);
    expect(
      ZExperiment.safeParse({
        ...base,
        variations: [
          { key: 'a', weight: 50, variables: {} },
          { key: 'a', weight: 50, variables: {} },
        ],
      }).success,
    ).toBe(false);
  });
});
