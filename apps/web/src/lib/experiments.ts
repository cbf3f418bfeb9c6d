/**
 * Experiments the web renders (spec 2 §7 `POST …/service-optimize/{context}/api/v2/decision`, body
 * `optimizeUser` with `trackerId`). A screen that renders an experiment calls `useExperiment` with its
 * key: the decision is asked for that experiment alone, for the page's optimisation user (organisation,
 * identity, application, as the flags) and the tracker (the borrower's optimisation profile when signed
 * in, else this browser's tracker). Until it is known, and whenever the user is in no variation, the
 * screen shows its default.
 *
 * The exposure is recorded when a variation is shown: the event TELEMETRY_EVENTS.experimentExposure with
 * experimentKey and variationKey, once per telemetry session and experiment (dedupeProperty).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { z } from 'zod';
import { TELEMETRY_EVENTS, ZExperimentDecision } from '@heloc/domain';
import type { TExperimentDecision } from '@heloc/domain';
import { storedTokenSubject, subscribeToToken } from './api-client';
import { flagUserOf, OPTIMIZE_CONTEXT, optimizeUserOf, type TFlagUser } from './feature-flags';
import { experimentTrackerId, track } from './telemetry';
import { apiWrite } from './api-writes';

export const DECISION_PATH = `/service-optimize/${OPTIMIZE_CONTEXT}/api/v2/decision`;

/** Experiments the web renders, by where (the seeded experiments of apps/server/src/seed/experiments.ts). */
export const EXPERIMENTS = {
  /** The chat launcher's style: `variables.launcherStyle` "prominent" or the default. */
  chatLauncher: 'exp-heloc-chat-launcher',
} as const;

const ZDecisionResponse = z.object({ decisions: z.record(z.string(), ZExperimentDecision) });

export function experimentQueryOptions(
  user: TFlagUser,
  experimentKey: string,
  trackerId: () => Promise<string | null> = experimentTrackerId,
) {
  return queryOptions({
    queryKey: ['experiment', experimentKey, user.organization, user.identity, user.application],
    queryFn: async ({ signal }): Promise<TExperimentDecision | null> => {
      const tracker = await trackerId();
      // Without a tracker there is no one to bucket: the default shows, and nothing is recorded.
      if (!tracker) return null;
      const { decisions } = await apiWrite(
        'POST /service-optimize/:context/api/v2/decision',
        { optimizeUser: { ...optimizeUserOf(user), trackerId: tracker }, experimentKeys: [experimentKey] },
        { schema: ZDecisionResponse, signal, params: { context: OPTIMIZE_CONTEXT } },
      );
      return decisions[experimentKey] ?? null;
    },
    // One decision per page and user: the same tracker always gets the same variation.
    staleTime: Infinity,
    retry: false,
  });
}

/** Records that the user saw the decision's variation (nothing for a user in no variation). */
export function recordExposure(decision: TExperimentDecision | null | undefined): void {
  if (!decision || decision.reason !== 'IN_EXPERIMENT' || !decision.variationKey) return;
  track(TELEMETRY_EVENTS.experimentExposure, {
    eventProperties: { experimentKey: decision.experimentKey, variationKey: decision.variationKey },
    dedupeProperty: 'experimentKey',
  });
}

/**
 * The variation of one experiment for the page's user, for the screen that renders it (which records
 * the exposure by calling this): null until decided, or when the user is in no variation.
 */
export function useExperiment(organization: string, experimentKey: string): TExperimentDecision | null {
  const { pathname } = useLocation();
  const identity = useSyncExternalStore(subscribeToToken, storedTokenSubject, () => null);
  const { data } = useQuery(
    experimentQueryOptions(flagUserOf(organization, pathname, identity), experimentKey),
  );
  const decision = data?.reason === 'IN_EXPERIMENT' ? data : null;
  const variationKey = decision?.variationKey ?? null;
  useEffect(() => {
    if (variationKey) recordExposure(decision);
    // Once per variation shown; the decision object itself is stable per key.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [experimentKey, variationKey]);
  return decision;
}
