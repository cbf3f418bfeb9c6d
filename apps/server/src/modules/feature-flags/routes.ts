/**
 * Feature flag calls of spec 2 §7 (`{base}/service-optimize/{context}/...`): one flag, or every
 * flag, for the optimisation user. No token: flags gate anonymous pages too (the chat, the
 * maintenance page). The organisation is the user's `organization`, else the organisation header.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_WRITES, ORG_CODE_HEADER, ZApiErrorBody } from '@heloc/domain';
import { allFeatureDecisions, featureDecision } from './service';

const BASE = '/service-optimize/:context/api/v1';
const errors = { 400: ZApiErrorBody };

/** The calling product, a path segment such as "heloc". */
export const ZContextParams = z.object({
  context: z.string().regex(/^[a-z0-9-]{1,32}$/, 'Must be 1–32 lowercase letters, digits or dashes'),
});

export const ZFeatureDecision = z.object({
  enabled: z.boolean(),
  /** The same answer under the name the maintenance flag lookup reads (spec 2 §7). */
  flagEnabled: z.boolean(),
  variables: z.record(z.string(), z.unknown()),
});

const ZOrgHeaders = z.object({ [ORG_CODE_HEADER]: z.string().max(64).optional() });
const ORG_DESCRIPTION = `The organisation is \`optimizeUser.organization\`, else the \`${ORG_CODE_HEADER}\` header; an organisation's own setting overrides the default. An unknown flag answers \`{ enabled: false, variables: {} }\`.`;

export const featureFlagRoutes: FastifyPluginAsyncZod = async (app) => {
  const orgOf = (organization: string | null | undefined, header: string | undefined) =>
    app.orgs.byOrgCode(organization || header)?.orgCode ?? null;

  app.post(
    `${BASE}/feature`,
    {
      schema: {
        tags: ['feature-flags'],
        summary: 'Whether one feature is on for the user, with its variables',
        description: ORG_DESCRIPTION,
        params: ZContextParams,
        headers: ZOrgHeaders,
        body: API_WRITES['POST /service-optimize/:context/api/v1/feature'],
        response: { 200: ZFeatureDecision, ...errors },
      },
    },
    async (request) =>
      featureDecision(
        app.db,
        request.body.featureKey,
        orgOf(request.body.optimizeUser.organization, request.headers[ORG_CODE_HEADER]),
      ),
  );

  app.post(
    `${BASE}/features`,
    {
      schema: {
        tags: ['feature-flags'],
        summary: 'Every feature for the user, by key',
        description: ORG_DESCRIPTION,
        params: ZContextParams,
        headers: ZOrgHeaders,
        body: API_WRITES['POST /service-optimize/:context/api/v1/features'],
        response: { 200: z.object({ features: z.record(z.string(), ZFeatureDecision) }), ...errors },
      },
    },
    async (request) => ({
      features: await allFeatureDecisions(
        app.db,
        orgOf(request.body.optimizeUser.organization, request.headers[ORG_CODE_HEADER]),
      ),
    }),
  );
};
