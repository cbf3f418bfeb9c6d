/**
 * Identity (ID type and front upload) and the valuation order (BPO: estimate, order).
 * Part of the borrower's closing endpoints (routes/index.ts says what they share).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMAGE_UPLOAD_TYPES, ENGINE_WRITES, ZIdType, ZActionResult } from '@heloc/domain';
import { AppError } from '../../../lib/errors';
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
import { estimateValue, orderValuation, submitId } from '../services/identity-valuation';
import { tags } from './shared';

export const identityValuationRoutes: FastifyPluginAsyncZod = async (app) => {
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
      return withApplicationLock(app.db, uuid, (tx, application) =>
        submitId(tx, app, { application, identityUuid, idType: idType.data, upload }),
      );
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
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        estimateValue(tx, app, { application, identityUuid, body: request.body }),
      ),
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
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        orderValuation(tx, app, { application, identityUuid }),
      ),
  );
};
