/**
 * The borrower's open conditions (spec 2 §7 `service-conditions/external`, polled every 60 s).
 * An external-context call: the web sends no token, so the caller is known by the session of the
 * fingerprint cookie (or a token when one is sent); only the owner's conditions are answered.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApiErrorBody, ZCondition, ZConditionExtraData, ZUuid } from '@heloc/domain';
import { schema } from '../../db';
import { AppError } from '../../lib/errors';
import { authOf } from '../../plugins/auth';

/** What the server sends: always the extra data (the web's parser also accepts it missing). */
const ZConditionAnswer = ZCondition.extend({ xtraData: ZConditionExtraData });
type TConditionAnswer = z.infer<typeof ZConditionAnswer>;

export const conditionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/service-conditions/external/api/v1/applications/:uuid/conditions/external-applicants',
    {
      preHandler: app.authenticateExternal,
      schema: {
        tags: ['applications'],
        summary: 'Open conditions of one of the caller’s applications, oldest first',
        params: z.object({ uuid: ZUuid }),
        response: {
          200: z.array(ZConditionAnswer),
          400: ZApiErrorBody,
          401: ZApiErrorBody,
          404: ZApiErrorBody,
        },
      },
    },
    async (request) => {
      const uuid = request.params.uuid.toLowerCase();
      const [owned] = await app.db
        .select({ uuid: schema.helocApplications.uuid })
        .from(schema.helocApplications)
        .where(
          and(
            eq(schema.helocApplications.uuid, uuid),
            eq(schema.helocApplications.identityUuid, authOf(request).identityUuid),
          ),
        );
      if (!owned) throw new AppError('NOT_FOUND', 'Application not found');
      const rows = await app.db
        .select()
        .from(schema.applicationConditions)
        .where(
          and(
            eq(schema.applicationConditions.applicationUuid, uuid),
            isNull(schema.applicationConditions.clearedAt),
          ),
        )
        .orderBy(asc(schema.applicationConditions.createdAt));
      return rows.map((row): TConditionAnswer => ({
        uuid: row.uuid,
        categoryEnum: row.category as TConditionAnswer['categoryEnum'],
        created: row.createdAt.toISOString(),
        notes: row.notes,
        commentsToBorrower: row.commentsToBorrower,
        actionNeeded: row.actionNeeded,
        requestDocuments: row.requestDocuments,
        xtraData: { numDocsRequired: row.numDocsRequired },
      }));
    },
  );
};
