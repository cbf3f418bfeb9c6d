/**
 * Staff reads of an organisation's operational data that had no staff route before the staff
 * policy: client error reports and the feature flags as they apply to the organisation.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiErrorBody } from '@heloc/domain';
import { listErrorReports } from '../error-reports/repository';
import { AppError } from '../../lib/errors';
import { allFeatureDecisions } from '../feature-flags/service';
import { STAFF_TAG, staffOrgFilter, staffRoute } from './policy';

const errors = { 400: ZApiErrorBody, 401: ZApiErrorBody, 403: ZApiErrorBody, 404: ZApiErrorBody };

export const staffReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/service-ops/api/v1/error-reports',
    {
      ...staffRoute(app, 'ERROR_REPORTS_READ'),
      schema: {
        tags: [STAFF_TAG, 'telemetry'],
        summary: 'Client error reports of the organisation, newest first (platform staff: any or all)',
        querystring: z.object({
          orgCode: z.string().max(64).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
          beforeId: z.coerce.number().int().positive().optional(),
        }),
        response: {
          200: z.array(
            z.object({
              id: z.number(),
              name: z.string(),
              message: z.string(),
              route: z.string(),
              release: z.string(),
              source: z.string(),
              orgCode: z.string().nullable(),
              createdAt: z.string(),
            }),
          ),
          ...errors,
        },
      },
    },
    async (request) => {
      const orgCode = await staffOrgFilter(request, 'ERROR_REPORTS_READ', request.query.orgCode);
      const rows = await listErrorReports(app.db, {
        orgCode,
        beforeId: request.query.beforeId,
        limit: request.query.limit,
      });
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        message: row.message,
        route: row.route,
        release: row.release,
        source: row.source,
        orgCode: row.orgCode,
        createdAt: row.createdAt.toISOString(),
      }));
    },
  );

  app.get(
    '/service-ops/api/v1/feature-flags',
    {
      ...staffRoute(app, 'FEATURE_FLAGS_READ'),
      schema: {
        tags: [STAFF_TAG, 'feature-flags'],
        summary: 'Every feature flag as it applies to the organisation (its own row, else the default)',
        querystring: z.object({ orgCode: z.string().max(64).optional() }),
        response: {
          200: z.object({
            orgCode: z.string(),
            flags: z.record(
              z.string(),
              z.object({ enabled: z.boolean(), variables: z.record(z.string(), z.unknown()) }),
            ),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const orgCode = await staffOrgFilter(request, 'FEATURE_FLAGS_READ', request.query.orgCode);
      // Platform staff name the organisation: flags are decided per organisation.
      const org = app.orgs.byOrgCode(orgCode);
      if (!org) throw new AppError('BAD_REQUEST', 'Name the organisation (orgCode)');
      return { orgCode: org.orgCode, flags: await allFeatureDecisions(app.db, org.orgCode) };
    },
  );
};
