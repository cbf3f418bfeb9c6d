/** Public organisation endpoints of the specification (spec 2 §7, "Application and profile"). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiErrorBody, ZUsStateCode } from '@heloc/domain';
import { AppError } from '../../lib/errors';

const ZStateLicenses = z
  .record(z.string(), z.array(ZUsStateCode))
  .describe('Licensed states (USPS codes) keyed by organisation code');

export const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/service-application/external/api/v1/heloc/state-licenses',
    {
      schema: {
        tags: ['organisations'],
        summary: 'Licensed states by organisation code',
        description:
          'Without a query, every organisation; with `orgCode`, only that one (404 when unknown). An external call: no token needed.',
        querystring: z.object({
          orgCode: z
            .string()
            .regex(/^[A-Za-z0-9_]{2,32}$/, 'orgCode must be 2–32 letters, digits or underscores')
            .optional(),
        }),
        response: { 200: ZStateLicenses, 400: ZApiErrorBody, 404: ZApiErrorBody },
      },
    },
    async (request) => {
      const { orgCode } = request.query;
      const orgs = orgCode === undefined ? app.orgs.all() : [app.orgs.byOrgCode(orgCode)];
      const licenses: Record<string, string[]> = {};
      for (const org of orgs) {
        if (!org) throw new AppError('NOT_FOUND', `Organisation ${orgCode} not found`);
        licenses[org.orgCode] = [...org.orgMetaData.products.heloc.licensedStates].sort();
      }
      return licenses;
    },
  );
};
