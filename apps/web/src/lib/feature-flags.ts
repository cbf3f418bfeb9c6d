/**
 * Feature flags (spec 2 §6 "Feature gates", §7 "POST …/api/v1/features"): one call answers every flag
 * of the optimisation user, so the shell (Portfolio Manager), the footer (web chat) and the maintenance
 * page share one request per page.
 *
 * The user carries the organisation only. Flags are decided per organisation in this deployment, and
 * adding the identity or application would re-key the query (a second request) once they load.
 *
 * A short-lived copy (FEATURE_FLAGS_CACHE_MS) is kept in session storage: a reload or the next page
 * within a minute decides at once instead of waiting for the call, which matters because the
 * maintenance gate holds the page content until it knows.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { FEATURE_FLAGS } from '@heloc/domain';
import { api } from './api-client';

export const FEATURES_PATH = '/service-optimize/heloc/api/v1/features';
export const FEATURE_FLAGS_CACHE_MS = 60_000;
export const FEATURE_FLAGS_STORAGE_KEY = 'heloc_feature_flags';

export const ZFeatureDecision = z.object({
  enabled: z.boolean(),
  variables: z.record(z.string(), z.unknown()).default({}),
});
export type TFeatureDecision = z.infer<typeof ZFeatureDecision>;

const ZFeaturesResponse = z.object({ features: z.record(z.string(), ZFeatureDecision) });
export type TFeatures = Record<string, TFeatureDecision>;

export type TFeatureKey = (typeof FEATURE_FLAGS)[keyof typeof FEATURE_FLAGS];

const ZStoredFlags = z.object({
  organization: z.string(),
  savedAt: z.number(),
  features: z.record(z.string(), ZFeatureDecision),
});

function readStored(organization: string, now: number): { features: TFeatures; savedAt: number } | undefined {
  try {
    const raw = sessionStorage.getItem(FEATURE_FLAGS_STORAGE_KEY);
    if (!raw) return undefined;
    const stored = ZStoredFlags.safeParse(JSON.parse(raw));
    if (!stored.success || stored.data.organization !== organization) return undefined;
    if (now - stored.data.savedAt >= FEATURE_FLAGS_CACHE_MS || stored.data.savedAt > now) return undefined;
    return { features: stored.data.features, savedAt: stored.data.savedAt };
  } catch {
    // Unavailable or corrupt storage only costs the shortcut.
    return undefined;
  }
}

function writeStored(organization: string, features: TFeatures, savedAt: number): void {
  try {
    sessionStorage.setItem(FEATURE_FLAGS_STORAGE_KEY, JSON.stringify({ organization, savedAt, features }));
  } catch {
    // Storage full or disabled: the next page simply asks again.
  }
}

export function featureFlagsQueryOptions(organization: string) {
  return queryOptions({
    queryKey: ['feature-flags', organization],
    queryFn: async ({ signal }) => {
      const { features } = await api.post(
        FEATURES_PATH,
        { optimizeUser: { organization } },
        { schema: ZFeaturesResponse, signal },
      );
      writeStored(organization, features, Date.now());
      return features;
    },
    staleTime: FEATURE_FLAGS_CACHE_MS,
    initialData: () => readStored(organization, Date.now())?.features,
    initialDataUpdatedAt: () => readStored(organization, Date.now())?.savedAt,
  });
}

/** Every flag of the organisation; `data` is undefined until known (from the call or the short cache). */
export function useFeatureFlags(organization: string) {
  return useQuery(featureFlagsQueryOptions(organization));
}

/** A flag is on only when known and enabled: an unknown or failed lookup counts as off. */
export function isFlagOn(features: TFeatures | undefined, key: TFeatureKey): boolean {
  return features?.[key]?.enabled === true;
}
