/**
 * Conditions the borrower clears: a missing phone number and document requests.
 * Part of the borrower's closing endpoints (routes/index.ts says what they share).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DOCUMENT_UPLOAD_TYPES,
  ENGINE_WRITES,
  CONDITION_UPLOAD_DOCUMENT_TYPES,
  ZApplicationStep,
  ZConditionCategory,
  ZUuid,
  type TConditionCategory,
  ZClosingDocumentView,
  ZActionResult,
} from '@heloc/domain';
import type { Executor } from '../../../db';
import { AppError } from '../../../lib/errors';
import { authOf } from '../../../plugins/auth';
import { receiveUpload } from '../../../uploads';
import { withApplicationLock } from '../../../workflow/step-machine';
import { documentsOfType } from '../documents';
import {
  actionResult as result,
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  borrowerActor as borrower,
  onOwnApplication,
  ownApplicationUuid,
} from '../../route-helpers';
import { recordAction } from '../store';
import { conditionCounted, openConditionOf } from '../conditions-store';
import { tags, documentView, storeOnce } from './shared';
import { findCondition, updateCondition } from '../repository';
import { setPrimaryPhoneNumber } from '../../../modules/profile/repository';

export const conditionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clock } = app;

  /** One of the application's open conditions, or 404. */
  async function openCondition(tx: Executor, applicationUuid: string, conditionUuid: string) {
    const condition = await findCondition(tx, applicationUuid, conditionUuid.toLowerCase());
    if (!condition) throw new AppError('NOT_FOUND', 'Condition not found');
    return condition;
  }

  app.post(
    `${BASE}/conditions/:conditionUuid/phone-number`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The missing phone number: saved as the borrower’s primary number; clears the condition',
        params: params.extend({ conditionUuid: ZUuid }),
        body: ENGINE_WRITES['conditions/phone-number'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        const condition = await openCondition(tx, application.uuid, request.params.conditionUuid);
        if (condition.category !== 'MISSING_PHONE_NUMBER') {
          throw new AppError('BAD_REQUEST', 'This condition does not ask for a phone number');
        }
        if (condition.clearedAt) return result(application);
        const number = request.body.phoneNumber;
        await setPrimaryPhoneNumber(tx, identityUuid, number);
        await updateCondition(tx, condition.uuid, { clearedAt: clock.now() });
        await recordAction(tx, clock, application, borrower(identityUuid), 'CONDITION_PHONE_NUMBER', {
          conditionUuid: condition.uuid,
        });
        return result(application);
      }),
  );

  // ---- Conditions (conditions/upload-document) ------------------------------------------------

  app.post(
    `${BASE}/conditions/:conditionUuid/upload`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Upload a document for one of the application’s open conditions (multipart: one `file`, optional `documentType`; PDF, JPEG or PNG up to 10 MB)',
        description:
          'The document types each condition category accepts are CONDITION_UPLOAD_DOCUMENT_TYPES (the first is the default). Each new document lowers the count still asked for (`xtraData.numDocsRequired`); the last one sets `actionNeeded` to false until the lender reviews it. The same file again is the same document and counts once.',
        consumes: ['multipart/form-data'],
        params: params.extend({ conditionUuid: ZUuid }),
        response: {
          200: z.object({
            status: ZApplicationStep,
            condition: z.object({
              uuid: ZUuid,
              categoryEnum: ZConditionCategory,
              actionNeeded: z.boolean(),
              xtraData: z.object({ numDocsRequired: z.number().int() }),
            }),
            document: ZClosingDocumentView,
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const uuid = await ownApplicationUuid(app.db, request, identityUuid);
      const conditionUuid = request.params.conditionUuid.toLowerCase();
      // The condition is checked before the body is read: a wrong id costs no upload.
      const condition = await openConditionOf(app.db, uuid, conditionUuid);
      const allowedTypes = CONDITION_UPLOAD_DOCUMENT_TYPES[condition.category as TConditionCategory] ?? [];
      if (allowedTypes.length === 0) {
        throw new AppError('CONFLICT', 'This condition is not cleared by uploading a document', {
          category: condition.category,
        });
      }
      const upload = await receiveUpload(request, DOCUMENT_UPLOAD_TYPES);
      const asked = upload.fields.documentType ?? allowedTypes[0]!;
      const type = allowedTypes.find((each) => each === asked);
      if (!type) {
        throw new AppError('BAD_REQUEST', 'Invalid request', [
          { path: 'body.documentType', message: `Must be one of ${allowedTypes.join(', ')}` },
        ]);
      }
      const { sha256Hex } = await import('../../../storage');
      const digest = sha256Hex(upload.bytes);
      return withApplicationLock(app.db, uuid, async (tx, application) => {
        // Re-read under the lock: a concurrent upload may have lowered the count or a job cleared it.
        const current = await openConditionOf(tx, uuid, conditionUuid);
        const [existing] = (await documentsOfType(tx, application.uuid, [type])).filter(
          (doc) => doc.sha256 === digest,
        );
        let document = existing;
        let updated: typeof current | undefined = current;
        if (!existing || !(await conditionCounted(tx, application.uuid, conditionUuid, existing.uuid))) {
          document = existing ?? (await storeOnce(app, tx, application, type, upload, identityUuid));
          const remaining = current.numDocsRequired - 1;
          updated = await updateCondition(
            tx,
            conditionUuid,
            remaining >= 1
              ? { numDocsRequired: remaining }
              : // Everything asked for is in: nothing left for the borrower until the lender reviews it.
                { actionNeeded: false },
          );
          await recordAction(tx, clock, application, borrower(identityUuid), 'CONDITION_DOCUMENT_UPLOADED', {
            conditionUuid,
            category: current.category,
            documentUuid: document.uuid,
            type,
          });
        }
        return {
          ...result(application),
          condition: {
            uuid: updated!.uuid,
            categoryEnum: updated!.category as TConditionCategory,
            actionNeeded: updated!.actionNeeded,
            xtraData: { numDocsRequired: updated!.numDocsRequired },
          },
          document: documentView(document!),
        };
      });
    },
  );
};
