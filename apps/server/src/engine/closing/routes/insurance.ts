/**
 * Insurance: the requirements and the proof uploads (hazard, flood, trust certificate).
 * Part of the borrower's closing endpoints (routes/index.ts says what they share).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENT_UPLOAD_TYPES, ZInsuranceRequirementsView, ZActionResult } from '@heloc/domain';
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
import { getInsuranceRequirements, uploadInsuranceDocument } from '../services/insurance';
import { tags } from './shared';

export const insuranceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/insurance/requirements`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Insurance (hazard always, flood when the determination requires it) and trust documents needed',
        params,
        response: {
          200: ZInsuranceRequirementsView,
          ...errors,
        },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application) =>
        getInsuranceRequirements(tx, app, { application }),
      ),
  );

  app.post(
    `${BASE}/insurance/upload/:type`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Upload proof of hazard or flood insurance, or the certificate of trust (multipart: one `file`)',
        consumes: ['multipart/form-data'],
        params: params.extend({ type: z.enum(['hazard', 'flood', 'trust']) }),
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const uuid = await ownApplicationUuid(app.db, request, identityUuid);
      const upload = await receiveUpload(request, DOCUMENT_UPLOAD_TYPES);
      return withApplicationLock(app.db, uuid, (tx, application) =>
        uploadInsuranceDocument(tx, app, {
          application,
          identityUuid,
          uploadType: request.params.type,
          upload,
        }),
      );
    },
  );
};
