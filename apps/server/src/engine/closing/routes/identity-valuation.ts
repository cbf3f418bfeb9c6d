/**
 * Identity (ID type and front upload) and the valuation order (BPO: estimate, order).
 * Part of the borrower's closing endpoints (routes/index.ts says what they share).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMAGE_UPLOAD_TYPES,
  ENGINE_WRITES,
  ID_TYPE_FRONT_DOCUMENT,
  VALUATION_FEE_CENTS,
  ZIdType,
  ZActionResult,
} from '@heloc/domain';
import { AppError } from '../../../lib/errors';
import { authOf } from '../../../plugins/auth';
import { receiveUpload, storeApplicationDocument } from '../../../uploads';
import { withApplicationLock } from '../../../workflow/step-machine';
import {
  actionResult as result,
  alreadyDone,
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  borrowerActor as borrower,
  onOwnApplication,
  ownApplicationUuid,
  requireStep,
} from '../../route-helpers';
import { CLOSING_JOBS, latestEvent, moveClosing } from '../store';
import { tags } from './shared';
import { stepsAllowing } from '../../steps';

export const identityValuationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clock } = app;

  app.post(
    `${BASE}/identity`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'ID type and a photo of the front of the ID (multipart: `idType` field and one `file`, JPEG or PNG)',
        consumes: ['multipart/form-data'],
        params,
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const uuid = await ownApplicationUuid(app.db, request, identityUuid);
      const upload = await receiveUpload(request, IMAGE_UPLOAD_TYPES);
      const idType = ZIdType.safeParse(upload.fields.idType);
      if (!idType.success) {
        throw new AppError('BAD_REQUEST', 'Choose the ID type', { fields: { idType: 'Required' } });
      }
      const { sha256Hex } = await import('../../../storage');
      const digest = sha256Hex(upload.bytes);
      return withApplicationLock(app.db, uuid, async (tx, application) => {
        if (
          await alreadyDone(
            tx,
            application,
            'SUBMIT_ID',
            stepsAllowing('SUBMIT_ID'),
            (data) => data.sha256 === digest && data.idType === idType.data,
          )
        ) {
          return result(application);
        }
        requireStep(application, stepsAllowing('SUBMIT_ID'), 'Uploading an ID');
        const front = await storeApplicationDocument(tx, app.storage, clock, {
          applicationUuid: application.uuid,
          type: ID_TYPE_FRONT_DOCUMENT[idType.data],
          bytes: upload.bytes,
          contentType: upload.contentType,
          fileName: upload.fileName,
          ownerIdentityUuid: identityUuid,
        });
        return result(
          await moveClosing(tx, clock, application, 'SUBMIT_ID', {
            actor: borrower(identityUuid),
            data: { idType: idType.data, documentUuid: front.uuid, sha256: digest },
            next: {
              kind: CLOSING_JOBS.identityVerify,
              payload: { documentUuid: front.uuid, idType: idType.data },
            },
          }),
        );
      });
    },
  );

  // ---- Valuation order (BPO) ------------------------------------------------------------------

  app.post(
    `${BASE}/bpo/estimate`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The borrower’s estimate of the home’s value (no automated value was available)',
        params,
        body: ENGINE_WRITES['bpo/estimate'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        const { estimatedValueCents } = request.body;
        if (
          await alreadyDone(
            tx,
            application,
            'ESTIMATE_VALUE',
            stepsAllowing('ESTIMATE_VALUE'),
            (data) => data.estimatedValueCents === estimatedValueCents,
          )
        ) {
          return result(application);
        }
        return result(
          await moveClosing(tx, clock, application, 'ESTIMATE_VALUE', {
            actor: borrower(identityUuid),
            data: { estimatedValueCents },
            flags: { bpoStatus: 'ORDER_REQUIRED' },
          }),
        );
      }),
  );

  app.post(
    `${BASE}/bpo/order`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Order the valuation (BPO): the borrower consents to the $180 fee',
        params,
        body: ENGINE_WRITES['bpo/order'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        if (await alreadyDone(tx, application, 'ORDER_BPO', stepsAllowing('ORDER_BPO')))
          return result(application);
        const estimate = await latestEvent(tx, application.uuid, 'ESTIMATE_VALUE');
        // Texas reaches the order after identity; Noavm before any offer.
        const phase = (await latestEvent(tx, application.uuid, 'ID_VERIFIED_VALUATION_REQUIRED'))
          ? 'CLOSING'
          : 'PREQUAL';
        return result(
          await moveClosing(tx, clock, application, 'ORDER_BPO', {
            actor: borrower(identityUuid),
            data: { feeCents: VALUATION_FEE_CENTS, phase },
            flags: { bpoStatus: 'ORDERED' },
            next: {
              kind: CLOSING_JOBS.bpoOrder,
              payload: { phase, borrowerEstimateCents: estimate?.data.estimatedValueCents ?? null },
            },
          }),
        );
      }),
  );
};
