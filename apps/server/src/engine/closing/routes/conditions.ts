/**
 * Conditions the borrower clears: a missing phone number and document requests.
 * Part of the borrower's closing endpoints (routes/index.ts says what they share).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DOCUMENT_UPLOAD_TYPES,
  ENGINE_WRITES,
  ZApplicationStep,
  ZConditionCategory,
  ZUuid,
  ZClosingDocumentView,
  ZActionResult,
} from '@heloc/domain';
import { authOf } from '../../../plugins/auth';
import { receiveUpload } from '../../../uploads';
import { withApplicationLock } from '../../../workflow/step-machine';
import {
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  onOwnApplication,
  ownApplicationUuid,
} from '../../route-helpers';
import {
  openConditionForUpload,
  prepareConditionUpload,
  savePhoneNumberCondition,
  uploadConditionDocument,
} from '../services/conditions';
import { tags } from './shared';

export const conditionsRoutes: FastifyPluginAsyncZod = async (app) => {
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
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        savePhoneNumberCondition(tx, app, {
          application,
          identityUuid,
          conditionUuid: request.params.conditionUuid,
          body: request.body,
        }),
      ),
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
      const allowedTypes = await openConditionForUpload(app.db, app, {
        applicationUuid: uuid,
        conditionUuid,
      });
      const upload = await receiveUpload(request, DOCUMENT_UPLOAD_TYPES);
      const { type, digest } = await prepareConditionUpload(app, { allowedTypes, upload });
      return withApplicationLock(app.db, uuid, (tx, application) =>
        uploadConditionDocument(tx, app, { application, identityUuid, conditionUuid, type, digest, upload }),
      );
    },
  );
};
