/**
 * Experiments on top of the feature flags (spec 2 §7 `POST …/service-optimize/{context}/api/v2/decision`,
 * body `optimizeUser` with `trackerId`). A decision is a pure function of the experiment and the user, so
 * every server instance, and every later visit of the same browser, lands in the same variation:
 *
 * - the user is in the experiment when it is running, its organisation is targeted (no list = all),
 *   its feature flag (if any) is on for that organisation, and the tracker's rollout bucket is below
 *   the rollout percentage;
 * - the variation comes from a second, independent bucket of the tracker, split by the weights.
 *
 * Buckets are MurmurHash3 (x86, 32-bit) of "experimentKey:purpose:trackerId" modulo 10,000, so raising the
 * rollout only adds trackers (those already in keep their variation), and two experiments bucket
 * independently of each other.
 */
import { z } from 'zod';

export const BUCKET_COUNT = 10_000;

/** MurmurHash3 x86 32-bit of the UTF-8 bytes of `text` (unsigned). */
export function murmur3(text: string, seed = 0): number {
  const bytes = new TextEncoder().encode(text);
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  let h = seed >>> 0;
  const blocks = bytes.length - (bytes.length % 4);
  for (let i = 0; i < blocks; i += 4) {
    let k = bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24);
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  let k = 0;
  const tail = bytes.length % 4;
  if (tail === 3) k ^= bytes[blocks + 2]! << 16;
  if (tail >= 2) k ^= bytes[blocks + 1]! << 8;
  if (tail >= 1) {
    k ^= bytes[blocks]!;
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
  }
  h ^= bytes.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The tracker's bucket (0–9,999) for one experiment and purpose ("rollout" or "variation"). */
export function bucketOf(experimentKey: string, purpose: 'rollout' | 'variation', trackerId: string): number {
  return murmur3(`${experimentKey}:${purpose}:${trackerId.toLowerCase()}`) % BUCKET_COUNT;
}

export const EXPERIMENT_STATUSES = ['RUNNING', 'PAUSED'] as const;
export const ZExperimentStatus = z.enum(EXPERIMENT_STATUSES);

export const ZExperimentVariation = z.object({
  key: z.string().trim().min(1).max(64),
  /** Share of the experiment's users, in whole percent; the weights of an experiment add up to 100. */
  weight: z.number().int().min(0).max(100),
  variables: z.record(z.string(), z.unknown()).default({}),
});
export type TExperimentVariation = z.infer<typeof ZExperimentVariation>;

export const ZExperiment = z.object({
  key: z.string().trim().min(1).max(128),
  status: ZExperimentStatus,
  /** The feature flag the experiment sits on: when set, only organisations with the flag on take part. */
  featureKey: z.string().max(128).nullable(),
  /** Share of the eligible trackers in the experiment, 0–100 (decimals allowed: 12.5). */
  rolloutPercent: z.number().min(0).max(100),
  /** Targeted organisations; null targets every organisation. */
  orgCodes: z.array(z.string()).nullable(),
  variations: z
    .array(ZExperimentVariation)
    .min(1)
    .refine((list) => list.reduce((sum, v) => sum + v.weight, 0) === 100, 'Weights must add up to 100')
    .refine((list) => new Set(list.map((v) => v.key)).size === list.length, 'Variation keys must differ'),
});
export type TExperiment = z.infer<typeof ZExperiment>;

export const EXPERIMENT_REASONS = [
  'IN_EXPERIMENT',
  'PAUSED',
  'NO_TRACKER',
  'ORGANISATION_NOT_TARGETED',
  'FEATURE_OFF',
  'OUTSIDE_ROLLOUT',
] as const;

export const ZExperimentDecision = z.object({
  experimentKey: z.string(),
  /** The variation, or null when the user is not in the experiment (show the default). */
  variationKey: z.string().nullable(),
  enabled: z.boolean(),
  variables: z.record(z.string(), z.unknown()),
  reason: z.enum(EXPERIMENT_REASONS),
});
export type TExperimentDecision = z.infer<typeof ZExperimentDecision>;

export interface TExperimentUser {
  trackerId: string | null | undefined;
  /** Organisation code, already resolved (null when unknown). */
  orgCode: string | null;
}

/** The variation whose cumulative weight range holds the bucket. */
export function variationForBucket(
  variations: readonly TExperimentVariation[],
  bucket: number,
): TExperimentVariation {
  let upper = 0;
  for (const variation of variations) {
    upper += (variation.weight * BUCKET_COUNT) / 100;
    if (bucket < upper) return variation;
  }
  // Unreachable with weights adding up to 100; the last variation keeps the function total.
  return variations[variations.length - 1]!;
}

/**
 * The decision for one experiment. `featureOn` is whether the experiment's feature flag is on for the
 * user's organisation (ignored when the experiment has none).
 */
export function decideExperiment(
  experiment: TExperiment,
  user: TExperimentUser,
  featureOn: boolean,
): TExperimentDecision {
  const out = (reason: TExperimentDecision['reason']): TExperimentDecision => ({
    experimentKey: experiment.key,
    variationKey: null,
    enabled: false,
    variables: {},
    reason,
  });
  if (experiment.status !== 'RUNNING') return out('PAUSED');
  if (!user.trackerId) return out('NO_TRACKER');
  if (experiment.orgCodes && !(user.orgCode && experiment.orgCodes.includes(user.orgCode))) {
    return out('ORGANISATION_NOT_TARGETED');
  }
  if (experiment.featureKey && !featureOn) return out('FEATURE_OFF');
  if (
    bucketOf(experiment.key, 'rollout', user.trackerId) >=
    experiment.rolloutPercent * (BUCKET_COUNT / 100)
  ) {
    return out('OUTSIDE_ROLLOUT');
  }
  const variation = variationForBucket(
    experiment.variations,
    bucketOf(experiment.key, 'variation', user.trackerId),
  );
  return {
    experimentKey: experiment.key,
    variationKey: variation.key,
    enabled: true,
    variables: { ...variation.variables },
    reason: 'IN_EXPERIMENT',
  };
}
