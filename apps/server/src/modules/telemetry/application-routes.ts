/**
 * The application-side telemetry calls of spec 2 §7:
 * - the tracker-uuid update (a mutation with trackerUuid; the spec does not show its path, ours is
 *   `PUT …/heloc/{uuid}/tracker-uuid`): ties the browser's tracker to the application for the funnel;
 * - `PUT {app}/{uuid}/full-story-link` with the session-replay link;
 * - `GET/PATCH /service-application/api/v3/application/heloc/optermizerly-profile`: the identity's
 *   optimisation profile (the spec's spelling), so experiments can follow a borrower across browsers.
 *   GET only reads (404 when there is none); the first PATCH creates it.
 * All need the borrower's token; a foreign application answers 404.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_WRITES, ZApiErrorBody, ZOptimizelyProfile, ZUuid } from '@heloc/domain';
import type { schema } from '../../db';
import { findOptimizelyProfile, saveOptimizelyProfile, updateOwnApplication } from './repository';
import { AppError } from '../../lib/errors';
import { authOf } from '../../plugins/auth';

const APP = '/service-application/api/v1/application/heloc';
const PROFILE = '/service-application/api/v3/application/heloc/optermizerly-profile';
const errors = { 400: ZApiErrorBody, 401: ZApiErrorBody, 404: ZApiErrorBody };
const ZParams = z.object({ uuid: ZUuid });

export const telemetryApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const updateOwn = async (
    identityUuid: string,
    uuid: string,
    values: Partial<typeof schema.helocApplications.$inferInsert>,
  ) => {
    const updated = await updateOwnApplication(app.db, identityUuid, uuid, values);
    if (!updated) throw new AppError('NOT_FOUND', 'Application not found');
  };

  app.put(
    `${APP}/:uuid/tracker-uuid`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['telemetry'],
        summary: 'Tie the browser’s telemetry tracker to the application (tracker-uuid update)',
        params: ZParams,
        body: API_WRITES['PUT /service-application/api/v1/application/heloc/:uuid/tracker-uuid'],
        response: { 200: z.object({ uuid: ZUuid, trackerUuid: ZUuid }), ...errors },
      },
    },
    async (request) => {
      const { uuid } = request.params;
      await updateOwn(authOf(request).identityUuid, uuid, { trackerUuid: request.body.trackerUuid });
      return { uuid, trackerUuid: request.body.trackerUuid };
    },
  );

  app.put(
    `${APP}/:uuid/full-story-link`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['telemetry'],
        summary: 'Store the session-replay link of the borrower’s session',
        params: ZParams,
        body: API_WRITES['PUT /service-application/api/v1/application/heloc/:uuid/full-story-link'],
        response: { 200: z.object({ uuid: ZUuid, link: z.string() }), ...errors },
      },
    },
    async (request) => {
      const { uuid } = request.params;
      await updateOwn(authOf(request).identityUuid, uuid, { fullStoryLink: request.body.link });
      return { uuid, link: request.body.link };
    },
  );

  const profileOf = async (identityUuid: string) => {
    const row = await findOptimizelyProfile(app.db, identityUuid);
    return row
      ? {
          identityUuid,
          optimizelyProfileUuid: row.optimizelyProfileUuid,
          updatedAt: row.updatedAt.toISOString(),
        }
      : null;
  };

  app.get(
    PROFILE,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['telemetry'],
        summary: 'The signed-in borrower’s optimisation profile (a read: never creates one)',
        description:
          'Query `trackerUuid`: the browser’s tracker (spec 2 §7). A borrower without a profile yet answers 404; the web then creates it with the PATCH below, with its tracker (the first browser a borrower used keeps deciding their experiments).',
        querystring: z.object({ trackerUuid: ZUuid }),
        response: { 200: ZOptimizelyProfile, ...errors },
      },
    },
    async (request) => {
      const profile = await profileOf(authOf(request).identityUuid);
      if (!profile) throw new AppError('NOT_FOUND', 'Optimization profile not found');
      return profile;
    },
  );

  app.patch(
    PROFILE,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['telemetry'],
        summary: 'Create or set the borrower’s optimisation profile',
        description:
          'Query `identityUuid` must be the signed-in borrower (another identity answers 404). The first PATCH creates the profile.',
        querystring: z.object({ identityUuid: ZUuid }),
        body: API_WRITES['PATCH /service-application/api/v3/application/heloc/optermizerly-profile'],
        response: { 200: ZOptimizelyProfile, ...errors },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      if (request.query.identityUuid.toLowerCase() !== identityUuid.toLowerCase()) {
        throw new AppError('NOT_FOUND', 'Identity not found');
      }
      const now = app.clock.now();
      await saveOptimizelyProfile(app.db, identityUuid, request.body.optimizelyProfileUuid, now);
      return (await profileOf(identityUuid))!;
    },
  );
};
