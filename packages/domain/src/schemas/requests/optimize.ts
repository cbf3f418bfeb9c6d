/** Request bodies of the optimisation writes: feature flags, experiment decisions, the optimisation profile. */
import { z } from 'zod';
import { ZUuid } from '../common';
import { ZOptimizeUser } from '../telemetry-calls';

/** One feature for the optimisation user. */
export const ZFeatureRequest = z.object({
  featureKey: z.string().trim().min(1).max(128),
  optimizeUser: ZOptimizeUser.default({}),
});

/** Every feature for the optimisation user. */
export const ZFeaturesRequest = z.object({ optimizeUser: ZOptimizeUser.default({}) });

/** Experiment variations for the optimisation user (optionally only the named experiments). */
export const ZExperimentDecisionRequest = z.object({
  optimizeUser: ZOptimizeUser,
  experimentKeys: z.array(z.string().trim().min(1).max(128)).max(50).optional(),
});

/** Create or set the borrower's optimisation profile. */
export const ZOptimizelyProfileRequest = z.object({ optimizelyProfileUuid: ZUuid });

export const OPTIMIZE_WRITES = {
  'POST /service-optimize/:context/api/v1/feature': ZFeatureRequest,
  'POST /service-optimize/:context/api/v1/features': ZFeaturesRequest,
  'POST /service-optimize/:context/api/v2/decision': ZExperimentDecisionRequest,
  'PATCH /service-application/api/v3/application/heloc/optermizerly-profile': ZOptimizelyProfileRequest,
} as const satisfies Record<string, z.ZodType>;
