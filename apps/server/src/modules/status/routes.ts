/**
 * The polled application status (spec 2 §7, DESIGN.md §6): the server step as the status name and
 * the application status object of spec 1 §3, scoped to the owner. Every open tab polls it, so answers
 * come from a cache (DESIGN.md §11): a write on this instance drops the entry at once; on PostgreSQL
 * another instance's write shows within STATUS_CACHE_TTL_MS (lib/write-events.ts cacheTtlMs).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiErrorBody,
  ZApplicationStatusResponse,
  statusResponseOf,
  ZUuid,
  type TApplicationStatusResponse,
} from '@heloc/domain';
import { findApplicationStatus } from '../../engine/repository';
import { AppError } from '../../lib/errors';
import { authOf } from '../../plugins/auth';
import { TtlCache } from '../../lib/ttl-cache';
import { cacheTtlMs, writeEvents } from '../../lib/write-events';

export const STATUS_CACHE_TTL_MS = 1000;

type CachedStatus = {
  identityUuid: string;
  /**
   * The answer, checked against its schema and serialised once per cache fill: every open tab polls
   * this every second, and checking and serialising the same object per request was most of its cost.
   */
  json: string;
};

export const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  // Room for every polled application of a busy instance (bench:polling: 10,000 borrowers).
  const cache = new TtlCache<CachedStatus>(cacheTtlMs(app.databaseKind, STATUS_CACHE_TTL_MS), 100_000);
  app.metrics.watchCache('status', cache);
  const forget = (applicationUuid: string) => cache.delete(applicationUuid);
  writeEvents.on('application', forget);
  app.addHook('onClose', async () => void writeEvents.off('application', forget));

  const load = async (uuid: string): Promise<CachedStatus | null> => {
    const cached = cache.get(uuid);
    if (cached) return cached;
    const row = await findApplicationStatus(app.db, uuid);
    if (!row) return null;
    const answer: TApplicationStatusResponse = ZApplicationStatusResponse.parse(
      statusResponseOf(row.step as TApplicationStatusResponse['status'], row.flags),
    );
    const entry = { identityUuid: row.identityUuid, json: JSON.stringify(answer) };
    cache.set(uuid, entry);
    return entry;
  };

  app.get(
    '/service-krang-heloc/borrower/secure/api/v1/:uuid/status',
    {
      preHandler: app.authenticate,
      // A few hundred bytes, polled by every open tab: compressing would cost more than it saves.
      compress: false,
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
      const row = await load(request.params.uuid.toLowerCase());
      // Another borrower's application answers exactly like a missing one.
      if (!row || row.identityUuid !== authOf(request).identityUuid) {
        throw new AppError('NOT_FOUND', 'Application not found');
      }
      // Already checked and serialised (a JSON string is sent as it is, past the response schema).
      return reply
        .header('cache-control', 'no-store')
        .type('application/json; charset=utf-8')
        .send(row.json as unknown as TApplicationStatusResponse);
    },
  );
};
