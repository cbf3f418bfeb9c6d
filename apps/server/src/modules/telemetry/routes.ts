/**
 * Telemetry calls of spec 2 §7 (`{base}/ft/{context}/...`; on this server the base is the site
 * itself): the session call answers the session key (uuid, epoch, trackerUuid), the event call
 * queues one event (page views carry productType HELOC). No token: visitors are counted too; the
 * organisation comes from the organisation header. Both are rate limited per address.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_WRITES, ORG_CODE_HEADER, ZApiErrorBody, ZTelemetrySessionResponse } from '@heloc/domain';
import { findTrackerSession, insertTelemetrySession } from './repository';
import { AppError } from '../../lib/errors';
import { ZContextParams } from '../feature-flags/routes';
import { dedupeKeyOf } from './recorder';

/** A session key older than this is not resumed: the browser gets a new session (same tracker). */
export const TELEMETRY_SESSION_RESUME_MS = 24 * 60 * 60 * 1000;

const ZOrgHeaders = z.object({ [ORG_CODE_HEADER]: z.string().max(64).optional() });
const errors = { 400: ZApiErrorBody, 429: ZApiErrorBody };

export const telemetryRoutes: FastifyPluginAsyncZod<{ rateLimitPerMinute: number }> = async (
  app,
  options,
) => {
  const rateLimit = { max: options.rateLimitPerMinute, timeWindow: '1 minute' };
  const orgOf = (header: string | undefined) => app.orgs.byOrgCode(header)?.orgCode ?? null;

  app.post(
    '/ft/:context/session',
    {
      config: { rateLimit },
      schema: {
        tags: ['telemetry'],
        summary: 'Establish (or resume) a telemetry session',
        description:
          'A `sessionKey` the browser still holds is resumed when it exists, belongs to the same tracker and began less than 24 hours ago; otherwise a new session starts, keeping `sessionKey.trackerUuid` when given (the browser stores it as `telemetry_trackerUuid`). The browser tries 3 times (spec 2 §4).',
        params: ZContextParams,
        headers: ZOrgHeaders,
        body: API_WRITES['POST /ft/:context/session'],
        response: { 200: ZTelemetrySessionResponse, ...errors },
      },
    },
    async (request) => {
      const body = request.body;
      const now = app.clock.now();
      const held = body.sessionKey;
      if (held?.uuid && held.trackerUuid) {
        const existing = await findTrackerSession(app.db, held.uuid, held.trackerUuid);
        if (existing && now.getTime() - existing.startedAt.getTime() < TELEMETRY_SESSION_RESUME_MS) {
          return {
            sessionKey: {
              uuid: existing.uuid,
              epoch: existing.startedAt.getTime(),
              trackerUuid: held.trackerUuid,
            },
          };
        }
      }
      const session = {
        uuid: randomUUID(),
        trackerUuid: held?.trackerUuid ?? randomUUID(),
        startedAt: now,
      };
      await insertTelemetrySession(app.db, {
        ...session,
        orgCode: orgOf(request.headers[ORG_CODE_HEADER]),
        context: request.params.context,
        platform: body.platform,
        libVersion: body.libVersion,
        appVersion: body.appVersion ?? null,
        referrer: body.referrer || null,
        queryParams: body.queryParams,
        screenWidth: body.screenWidth ?? null,
        screenHeight: body.screenHeight ?? null,
        windowWidth: body.windowWidth ?? null,
        windowHeight: body.windowHeight ?? null,
      });
      return {
        sessionKey: { uuid: session.uuid, epoch: now.getTime(), trackerUuid: session.trackerUuid },
      };
    },
  );

  app.post(
    '/ft/:context/event',
    {
      config: { rateLimit },
      schema: {
        tags: ['telemetry'],
        summary: 'Record one telemetry event (queued, written in bulk)',
        description:
          'Answers 202 at once; the event is written with the next batch. Within a session an event is kept once per value of `dedupeProperty` (looked up in `eventProperties`, then in the event itself), once per event name without one, and every time with `dontDedupe`. `status`: QUEUED, DUPLICATE (already recorded in this session) or DROPPED (the queue was full).',
        params: ZContextParams,
        headers: ZOrgHeaders,
        body: API_WRITES['POST /ft/:context/event'],
        response: {
          202: z.object({ status: z.enum(['QUEUED', 'DUPLICATE', 'DROPPED']) }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const event = request.body;
      const status = app.telemetry.record({
        sessionUuid: event.sessionKey.uuid,
        trackerUuid: event.sessionKey.trackerUuid,
        orgCode: orgOf(request.headers[ORG_CODE_HEADER]),
        context: request.params.context,
        event: event.event,
        eventType: event.eventType,
        domain: event.domain,
        pagePath: event.pagePath,
        queryParams: event.queryParams,
        identityUuid: event.identityId ?? null,
        applicationUuid: event.applicationUuid ?? null,
        productType: event.productType ?? null,
        eventProperties: event.eventProperties,
        dedupeKey: dedupeKeyOf(event),
        receivedAt: app.clock.now(),
      });
      // The edge rule refuses such text before this point; the recorder checks again before queueing.
      if (status === 'REJECTED') throw new AppError('BAD_REQUEST', 'Invalid telemetry event');
      return reply.code(202).send({ status });
    },
  );
};
