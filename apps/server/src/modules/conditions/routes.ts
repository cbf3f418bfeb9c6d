/**
 * The borrower's open conditions (spec 2 §7 `service-conditions/external`, polled every 60 s).
 * An external-context call: the web sends no token, so the caller is known by the session of the
 * fingerprint cookie (or a token when one is sent); only the owner's conditions are answered.
 *
 * Lender staff raise the conditions a person decides on (a document, a missing phone number, the
 * property's legal description, a trust review) for an application of their organisation; the
 * borrower is notified and clears them on the conditions screens.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_WRITES,
  isFinalApplicationStep,
  ZApiErrorBody,
  ZApplicationStep,
  ZCondition,
  ZConditionExtraData,
  ZUuid,
} from '@heloc/domain';
import type { Executor } from '../../db';
import { findApplication } from '../../engine/repository';
import { openConditions, raiseCondition } from '../../engine/closing/store';
import { AppError } from '../../lib/errors';
import { TtlCache } from '../../lib/ttl-cache';
import { cacheTtlMs, writeEvents } from '../../lib/write-events';
import { authOf } from '../../plugins/auth';
import { withApplicationLock } from '../../workflow/step-machine';
import { STAFF_TAG, authorizeStaff, staffRoute } from '../staff/policy';

/** What the server sends: always the extra data (the web's parser also accepts it missing). */
const ZConditionAnswer = ZCondition.extend({ xtraData: ZConditionExtraData });
type TConditionAnswer = z.infer<typeof ZConditionAnswer>;

async function openConditionsOf(db: Executor, applicationUuid: string): Promise<TConditionAnswer[]> {
  const rows = await openConditions(db, applicationUuid);
  return rows.map((row) => ({
    uuid: row.uuid,
    categoryEnum: row.category as TConditionAnswer['categoryEnum'],
    created: row.createdAt.toISOString(),
    notes: row.notes,
    commentsToBorrower: row.commentsToBorrower,
    actionNeeded: row.actionNeeded,
    requestDocuments: row.requestDocuments,
    xtraData: { numDocsRequired: row.numDocsRequired },
  }));
}

/**
 * How long another instance's condition change may take to show (PostgreSQL; see cacheTtlMs). Every
 * condition is written under the application's lock, whose 'application' notice drops the entry.
 */
export const CONDITIONS_CACHE_TTL_MS = 1000;

export const conditionRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every open tab of a borrower in closing asks every minute (bench:polling): answered from memory.
  const cache = new TtlCache<{ identityUuid: string; conditions: TConditionAnswer[] }>(
    cacheTtlMs(app.databaseKind, CONDITIONS_CACHE_TTL_MS),
    100_000,
  );
  const forget = (applicationUuid: string) => cache.delete(applicationUuid);
  writeEvents.on('application', forget);
  app.addHook('onClose', async () => void writeEvents.off('application', forget));

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
      let entry = cache.get(uuid);
      if (!entry) {
        const application = await findApplication(app.db, uuid);
        if (!application) throw new AppError('NOT_FOUND', 'Application not found');
        entry = { identityUuid: application.identityUuid, conditions: await openConditionsOf(app.db, uuid) };
        cache.set(uuid, entry);
      }
      // Another borrower's application answers exactly like a missing one.
      if (entry.identityUuid !== authOf(request).identityUuid) {
        throw new AppError('NOT_FOUND', 'Application not found');
      }
      return entry.conditions;
    },
  );

  app.post(
    '/service-ops/api/v1/applications/:uuid/conditions',
    {
      ...staffRoute(app, 'CONDITIONS_RAISE'),
      schema: {
        tags: [STAFF_TAG, 'operations'],
        summary: 'Raise a condition on an application of the staff member’s organisation',
        description:
          'A document request, a missing phone number, the property’s legal description or a trust review. The borrower is notified (the bell) and clears it on the conditions screens. Answers the open conditions; 409 once the application is final.',
        params: z.object({ uuid: ZUuid }),
        body: API_WRITES['POST /service-ops/api/v1/applications/:uuid/conditions'],
        response: {
          200: z.array(ZConditionAnswer),
          400: ZApiErrorBody,
          401: ZApiErrorBody,
          403: ZApiErrorBody,
          404: ZApiErrorBody,
          409: ZApiErrorBody,
        },
      },
    },
    async (request) => {
      const uuid = request.params.uuid.toLowerCase();
      const found = await findApplication(app.db, uuid);
      // Another organisation's application answers like a missing one (the staff policy).
      const staff = await authorizeStaff(
        request,
        'CONDITIONS_RAISE',
        found?.orgCode,
        'Application not found',
      );
      return withApplicationLock(app.db, uuid, async (tx, application) => {
        const step = ZApplicationStep.parse(application.step);
        if (isFinalApplicationStep(step))
          throw new AppError('CONFLICT', 'This application is closed', { step });
        const { category, commentsToBorrower, numDocsRequired } = request.body;
        const requestDocuments = category !== 'MISSING_PHONE_NUMBER';
        // Audited there (CONDITION_RAISED by this member).
        await raiseCondition(
          tx,
          app.clock,
          uuid,
          category,
          {
            commentsToBorrower,
            requestDocuments,
            numDocsRequired: requestDocuments ? numDocsRequired : 1,
          },
          { type: 'STAFF', uuid: staff.identityUuid },
        );
        return openConditionsOf(tx, uuid);
      });
    },
  );
};
