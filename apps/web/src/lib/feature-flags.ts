/**
 * Feature flags (spec 2 §6 "Feature gates", §7 "POST …/api/v1/features"): one call answers every flag
 * of the optimisation user, so the shell (Portfolio Manager), the footer (web chat), the maintenance
 * page and the identity source (fe-heloc-broker-identity) share one request per page.
 *
 * The optimisation user carries the organisation, the identity and the application (spec 2 §7). The
 * identity is the subject of the stored token, known at once (no wait for the identity call), and the
 * application is the uuid of the path; so the user, and the query key, is the same from the first render.
 *
 * A short-lived copy (FEATURE_FLAGS_CACHE_MS) is kept in session storage: a reload or the next page
 * within a minute decides at once instead of waiting for the call, which matters because the
 * maintenance gate holds the page content until it knows. A visitor's first page does not wait either:
 * the server hands the page its visitor's decisions (PAGE_FEATURE_FLAGS_ELEMENT_ID), the answer the
 * call would give that user, counted fresh for as long as a stored copy.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { isRecord } from '@heloc/api-client';
import { PAGE_FEATURE_FLAGS_ELEMENT_ID, uuidFromPath } from '@heloc/domain';
import type { FEATURE_FLAGS, TOptimizeUser } from '@heloc/domain';
import { storedTokenSubject, subscribeToToken } from './api-client';
import { apiWrite } from './api-writes';

/** The product's context segment of the optimisation calls (`/service-optimize/{context}/…`). */
export const OPTIMIZE_CONTEXT = 'heloc';
export const FEATURES_PATH = `/service-optimize/${OPTIMIZE_CONTEXT}/api/v1/features`;
export const FEATURE_FLAGS_CACHE_MS = 60_000;
export const FEATURE_FLAGS_STORAGE_KEY = 'heloc_feature_flags';

export const ZFeatureDecision = z.object({
  enabled: z.boolean(),
  /** The same answer under the name of the maintenance flag lookup (spec 2 §7). */
  flagEnabled: z.boolean().optional(),
  variables: z.record(z.string(), z.unknown()).default({}),
});
export type TFeatureDecision = z.infer<typeof ZFeatureDecision>;

const ZFeaturesResponse = z.object({ features: z.record(z.string(), ZFeatureDecision) });
export type TFeatures = Record<string, TFeatureDecision>;

export type TFeatureKey = (typeof FEATURE_FLAGS)[keyof typeof FEATURE_FLAGS];

/** Who the flags are decided for: the organisation code, the identity uuid, the application uuid. */
export interface TFlagUser {
  organization: string;
  identity: string | null;
  application: string | null;
}

/** The optimisation user of spec 2 §7: organisation, identity and application attributes. */
export function optimizeUserOf(user: TFlagUser): TOptimizeUser {
  return {
    organization: user.organization,
    ...(user.identity ? { identity: { uuid: user.identity } } : {}),
    ...(user.application ? { application: { uuid: user.application } } : {}),
  };
}

/** The flag user of a page: its organisation, the signed-in identity, the application of the path. */
export function flagUserOf(
  organization: string,
  pathname: string,
  identity = storedTokenSubject(),
): TFlagUser {
  return { organization, identity, application: uuidFromPath(pathname) };
}

/** The session-storage copy belongs to one user (organisation, identity, application). */
export const flagUserKey = (user: TFlagUser) =>
  `${user.organization}|${user.identity ?? ''}|${user.application ?? ''}`;

/**
 * The decisions of a copy the app wrote itself (the session copy, the page's element from the server
 * with the page): a shape check rather than a schema, since building and running zod schemas for them
 * cost a phone ~45–70 ms of the page's start-up (issue 17).
 */
function isFeatures(value: unknown): value is TFeatures {
  return (
    isRecord(value) &&
    Object.values(value).every(
      (decision) =>
        isRecord(decision) &&
        typeof decision.enabled === 'boolean' &&
        (decision.flagEnabled === undefined || typeof decision.flagEnabled === 'boolean') &&
        isRecord(decision.variables),
    )
  );
}

type TStoredFlags = { user: string; savedAt: number; features: TFeatures };

const isStoredFlags = (value: unknown): value is TStoredFlags =>
  isRecord(value) &&
  typeof value.user === 'string' &&
  typeof value.savedAt === 'number' &&
  isFeatures(value.features);

function readStored(user: string, now: number): { features: TFeatures; savedAt: number } | undefined {
  try {
    const raw = sessionStorage.getItem(FEATURE_FLAGS_STORAGE_KEY);
    if (!raw) return undefined;
    const stored: unknown = JSON.parse(raw);
    if (!isStoredFlags(stored) || stored.user !== user) return undefined;
    if (now - stored.savedAt >= FEATURE_FLAGS_CACHE_MS || stored.savedAt > now) return undefined;
    return { features: stored.features, savedAt: stored.savedAt };
  } catch {
    // Unavailable or corrupt storage only costs the shortcut.
    return undefined;
  }
}

/** The page's own decisions (PAGE_FEATURE_FLAGS_ELEMENT_ID), as the server wrote them. */
type TPageFlags = { organization: string; application: string | null; features: TFeatures };

function isPageFlags(value: unknown): value is TPageFlags {
  if (!isRecord(value) || typeof value.organization !== 'string') return false;
  if (value.application !== null && typeof value.application !== 'string') return false;
  return isFeatures(value.features);
}

let pageFlagsRead: { text: string; flags: TPageFlags | null } | undefined;

/** The page's element read once (each flags query asks for its initial data and its date). */
function pageFlags(): TPageFlags | null {
  const text = document.getElementById(PAGE_FEATURE_FLAGS_ELEMENT_ID)?.textContent ?? '';
  if (pageFlagsRead?.text !== text) {
    let flags: TPageFlags | null = null;
    try {
      const json: unknown = text ? JSON.parse(text) : null;
      flags = isPageFlags(json) ? json : null;
    } catch {
      // Not JSON: the page simply asks.
    }
    pageFlagsRead = { text, flags };
  }
  return pageFlagsRead.flags;
}

/** The decisions the server put into the page, when they are for `user` (a visitor) and still fresh. */
function readPageFlags(user: TFlagUser, now: number): { features: TFeatures; savedAt: number } | undefined {
  if (user.identity !== null) return undefined;
  const page = pageFlags();
  if (page?.organization !== user.organization || page.application !== user.application) return undefined;
  // Decided when the page was served, which is when this page's navigation started.
  const savedAt = Math.floor(performance.timeOrigin);
  if (now - savedAt >= FEATURE_FLAGS_CACHE_MS) return undefined;
  return { features: page.features, savedAt };
}

/** A fresh answer for `user` that needs no call: the page's own, else the session copy. */
const knownFlags = (user: TFlagUser, now: number) =>
  readPageFlags(user, now) ?? readStored(flagUserKey(user), now);

function writeStored(user: string, features: TFeatures, savedAt: number): void {
  try {
    sessionStorage.setItem(FEATURE_FLAGS_STORAGE_KEY, JSON.stringify({ user, savedAt, features }));
  } catch {
    // Storage full or disabled: the next page simply asks again.
  }
}

export function featureFlagsQueryOptions(user: TFlagUser) {
  const key = flagUserKey(user);
  // The query asks for the initial data and its date one after the other: the copies are read once.
  let known: { value: ReturnType<typeof knownFlags> } | undefined;
  const knownOnce = () => (known ??= { value: knownFlags(user, Date.now()) }).value;
  return queryOptions({
    queryKey: ['feature-flags', user.organization, user.identity, user.application],
    queryFn: async ({ signal }) => {
      const { features } = await apiWrite(
        'POST /service-optimize/:context/api/v1/features',
        { optimizeUser: optimizeUserOf(user) },
        { schema: ZFeaturesResponse, signal, params: { context: OPTIMIZE_CONTEXT } },
      );
      writeStored(key, features, Date.now());
      return features;
    },
    staleTime: FEATURE_FLAGS_CACHE_MS,
    // A new user (signing in, another application) keeps the last answer on screen while its own
    // loads: flags are decided per organisation, and the maintenance gate must not blank the page.
    placeholderData: (previous) => previous,
    initialData: () => knownOnce()?.features,
    initialDataUpdatedAt: () => knownOnce()?.savedAt,
  });
}

/**
 * Every flag for the page's user; `data` is undefined until known (from the call or the short cache).
 * Under a router: the application is the one of the current path.
 */
export function useFeatureFlags(organization: string) {
  const { pathname } = useLocation();
  const identity = useSyncExternalStore(subscribeToToken, storedTokenSubject, () => null);
  return useQuery(featureFlagsQueryOptions(flagUserOf(organization, pathname, identity)));
}

/** A flag is on only when known and enabled: an unknown or failed lookup counts as off. */
export function isFlagOn(features: TFeatures | undefined, key: TFeatureKey): boolean {
  return features?.[key]?.enabled === true;
}
