/** Liveness (process up) and readiness (database reachable, every migration applied). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiErrorBody } from '@heloc/domain';
import { appliedMigrationCount, expectedMigrationCount, pingDatabase } from '../../db/client';

export const healthRoutes: FastifyPluginAsyncZod<{ filesSplitAcrossInstances?: boolean }> = async (
  app,
  options,
) => {
  app.get(
    '/healthz',
    {
      schema: {
        tags: ['operations'],
        summary: 'Liveness: the process is up',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      schema: {
        tags: ['operations'],
        summary:
          'Readiness: the database answers, every migration is applied, and documents are stored where every instance reads them',
        response: {
          200: z.object({ status: z.literal('ready'), database: z.string(), migrations: z.number().int() }),
          503: ZApiErrorBody,
        },
      },
    },
    async (_request, reply) => {
      try {
        await pingDatabase(app.db);
        const [applied, expected] = await Promise.all([
          appliedMigrationCount(app.db),
          expectedMigrationCount(),
        ]);
        if (applied < expected) {
          return reply.status(503).send({
            status: 503,
            message: 'Database migrations are not all applied',
            details: { applied, expected },
          });
        }
        if (options.filesSplitAcrossInstances) {
          // DATABASE_URL (several instances) with documents in this instance's own FILES_DIR: each
          // instance would answer 404 for the others' documents.
          return reply.status(503).send({
            status: 503,
            message:
              'Documents would be split between instances: DATABASE_URL is set but files go to the local FILES_DIR. ' +
              'Set S3_BUCKET or FILE_STORAGE=postgres (or FILE_STORAGE=local for one instance on a shared disk).',
          });
        }
        return { status: 'ready' as const, database: app.databaseKind, migrations: applied };
      } catch (error) {
        app.log.warn({ err: error }, 'readiness check failed');
        return reply.status(503).send({ status: 503, message: 'Database is not reachable' });
      }
    },
  );
};
