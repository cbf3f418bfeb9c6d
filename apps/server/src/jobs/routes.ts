/**
 * Dead jobs for lender staff: provider work that used up its attempts (the application then shows
 * its error page), newest first, of the staff member's organisation (platform staff: every
 * organisation's, or the one asked for), behind the staff policy (JOBS_READ).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiErrorBody } from '@heloc/domain';
import { STAFF_TAG, staffOrgFilter, staffRoute } from '../modules/staff/policy';
import { listDeadJobs } from './queue';

export const DEAD_JOBS_PATH = '/service-ops/api/v1/jobs/dead';

const ZDeadJob = z.object({
  uuid: z.string(),
  kind: z.string(),
  applicationUuid: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.iso.datetime(),
  finishedAt: z.iso.datetime().nullable(),
});

export const deadJobRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    DEAD_JOBS_PATH,
    {
      ...staffRoute(app, 'JOBS_READ'),
      schema: {
        tags: [STAFF_TAG, 'operations'],
        summary: 'Dead jobs of applications of your organisation, newest first',
        querystring: z.object({
          /** Platform staff: one organisation's jobs (default: every organisation's). */
          orgCode: z.string().max(64).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: {
          200: z.object({ items: z.array(ZDeadJob) }),
          400: ZApiErrorBody,
          401: ZApiErrorBody,
          403: ZApiErrorBody,
          404: ZApiErrorBody,
        },
      },
    },
    async (request) => {
      const orgCode = await staffOrgFilter(request, 'JOBS_READ', request.query.orgCode);
      const rows = await listDeadJobs(app.db, { ...(orgCode && { orgCode }), limit: request.query.limit });
      return {
        items: rows.map((row) => ({
          ...row,
          createdAt: row.createdAt.toISOString(),
          finishedAt: row.finishedAt?.toISOString() ?? null,
        })),
      };
    },
  );
};
