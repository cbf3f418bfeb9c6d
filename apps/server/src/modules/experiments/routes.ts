/**
 * Experiment decisions (spec 2 §7 `POST …/service-optimize/{context}/api/v2/decision`, body
 * `optimizeUser` with `trackerId`): every running experiment (or the named ones) decided for the user
 * by the domain's deterministic bucketing, on top of the feature flags: an experiment tied to a flag
 * only includes organisations where that flag is on. No token, like the flags.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_WRITES,
  decideExperiment,
  ORG_CODE_HEADER,
  ZApiErrorBody,
  ZExperimentDecision,
} from '@heloc/domain';
import { ZContextParams } from '../feature-flags/routes';
import { allFeatureDecisions } from '../feature-flags/service';
import { listExperiments } from './repository';

export const experimentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/service-optimize/:context/api/v2/decision',
    {
      schema: {
        tags: ['feature-flags'],
        summary: 'Experiment variations for the optimisation user (bucketed by trackerId)',
        description:
          'Same tracker, same variation: buckets are MurmurHash3 of experiment key and tracker id. A user without `trackerId` is in no experiment. The organisation is `optimizeUser.organization`, else the organisation header. `experimentKeys` limits the answer to those experiments.',
        params: ZContextParams,
        headers: z.object({ [ORG_CODE_HEADER]: z.string().max(64).optional() }),
        body: API_WRITES['POST /service-optimize/:context/api/v2/decision'],
        response: {
          200: z.object({ decisions: z.record(z.string(), ZExperimentDecision) }),
          400: ZApiErrorBody,
        },
      },
    },
    async (request) => {
      const { optimizeUser, experimentKeys } = request.body;
      const orgCode =
        app.orgs.byOrgCode(optimizeUser.organization || request.headers[ORG_CODE_HEADER])?.orgCode ?? null;
      const experiments = await listExperiments(app.db, experimentKeys);
      const flags = experiments.some((e) => e.featureKey) ? await allFeatureDecisions(app.db, orgCode) : {};
      const user = { trackerId: optimizeUser.trackerId, orgCode };
      return {
        decisions: Object.fromEntries(
          experiments.map((experiment) => [
            experiment.key,
            decideExperiment(
              experiment,
              user,
              experiment.featureKey ? flags[experiment.featureKey]?.enabled === true : true,
            ),
          ]),
        ),
      };
    },
  );
};
