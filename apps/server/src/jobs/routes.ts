/**
 * Dead jobs for lender staff: provider work that used up its attempts (the application then shows
 * its error page), newest first, for the staff member's own organisation. Kept small on purpose:
 * the central staff policy (issue 14) will take over the access rule.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiErrorBody } from '@heloc/domain';
import { authOf } from '../plugins/auth';
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
      preHandler: app.authenticateStaff,
      schema: {
        tags: ['staff'],
        summary: 'Dead jobs of applications of your organisation, newest first (lender staff only)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: {
          200: z.object({ items: z.array(ZDeadJob) }),
          400: ZApiErrorBody,
          401: ZApiErrorBody,
          403: ZApiErrorBody,
        },
      },
    },
    async (request) => {
      const rows = await listDeadJobs(app.db, {
        orgCode: authOf(request).orgCode,
        limit: request.query.limit,
      });
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
