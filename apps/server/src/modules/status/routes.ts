/**
 * The polled application status (spec 2 §7, DESIGN.md §6): the server step as the status name and
 * the application status object of spec 1 §3. One indexed read per call, scoped to the owner.
 */
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EMPTY_APPLICATION_STATUS,
  ZApiErrorBody,
  ZApplicationStatusResponse,
  ZUuid,
  type TApplicationStatusResponse,
} from '@heloc/domain';
import { schema } from '../../db';
import { AppError } from '../../lib/errors';
import { authOf } from '../../plugins/auth';

export const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/service-krang-heloc/borrower/secure/api/v1/:uuid/status',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'The application’s status name and status object (polled by the borrower’s screens)',
        params: z.object({ uuid: ZUuid }),
        response: {
          200: ZApplicationStatusResponse,
          400: ZApiErrorBody,
          401: ZApiErrorBody,
          404: ZApiErrorBody,
        },
      },
    },
    async (request, reply) => {
      const [row] = await app.db
        .select({ step: schema.helocApplications.step, flags: schema.helocApplications.statusFlags })
        .from(schema.helocApplications)
        .where(
          and(
            eq(schema.helocApplications.uuid, request.params.uuid.toLowerCase()),
            eq(schema.helocApplications.identityUuid, authOf(request).identityUuid),
          ),
        );
      if (!row) throw new AppError('NOT_FOUND', 'Application not found');
      reply.header('cache-control', 'no-store');
      const answer: TApplicationStatusResponse = {
        status: row.step as TApplicationStatusResponse['status'],
        applicationStatus: { ...EMPTY_APPLICATION_STATUS, ...row.flags },
      };
      return answer;
    },
  );
};
