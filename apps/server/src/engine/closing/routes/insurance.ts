/**
 * Insurance: the requirements and the proof uploads (hazard, flood, trust certificate).
 * Part of the borrower's closing endpoints (routes/index.ts says what they share).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DOCUMENT_UPLOAD_TYPES,
  type TDocumentType,
  ZInsuranceRequirementsView,
  ZActionResult,
} from '@heloc/domain';
import type { Executor } from '../../../db';
import { authOf } from '../../../plugins/auth';
import { receiveUpload } from '../../../uploads';
import { withApplicationLock, type ApplicationRow } from '../../../workflow/step-machine';
import { documentsOfType } from '../documents';
import {
  actionResult as result,
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  borrowerActor as borrower,
  onOwnApplication,
  ownApplicationUuid,
  requireStep,
} from '../../route-helpers';
import { CLOSING_JOBS, closingOf, latestEvent, moveClosing, updateClosing } from '../store';
import { tags, documentView, storeOnce } from './shared';
import { stepsAllowing } from '../../steps';

const INSURANCE_UPLOAD_TYPES = {
  hazard: 'PROOF_OF_HAZARD_INSURANCE',
  flood: 'PROOF_OF_FLOOD_INSURANCE',
  trust: 'CERTIFICATE_OF_TRUST',
} as const satisfies Record<string, TDocumentType>;

export const insuranceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clock } = app;

  async function insuranceRequirements(tx: Executor, application: ApplicationRow) {
    const closing = await closingOf(tx, application.uuid);
    const found = await latestEvent(tx, application.uuid, 'PROPERTY_FOUND');
    const trust = found?.data.ownershipType === 'TRUST';
    const uploaded = await documentsOfType(tx, application.uuid, Object.values(INSURANCE_UPLOAD_TYPES));
    const requirement = (type: keyof typeof INSURANCE_UPLOAD_TYPES, required: boolean) => ({
      type,
      documentType: INSURANCE_UPLOAD_TYPES[type],
      required,
      uploaded: uploaded.filter((doc) => doc.type === INSURANCE_UPLOAD_TYPES[type]).map(documentView),
    });
    return [
      requirement('hazard', true),
      requirement('flood', closing.floodInsuranceRequired === true),
      requirement('trust', trust),
    ];
  }

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
      onOwnApplication(app.db, request, async (tx, application) => ({
        ...result(application),
        complete: (await closingOf(tx, application.uuid)).insuranceComplete,
        requirements: await insuranceRequirements(tx, application),
      })),
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
      return withApplicationLock(app.db, uuid, async (tx, application) => {
        requireStep(application, stepsAllowing('INSURANCE_COMPLETE'), 'Uploading insurance');
        await storeOnce(
          app,
          tx,
          application,
          INSURANCE_UPLOAD_TYPES[request.params.type],
          upload,
          identityUuid,
        );
        const missing = (await insuranceRequirements(tx, application)).filter(
          (each) => each.required && each.uploaded.length === 0,
        );
        if (missing.length > 0) return result(application);
        await updateClosing(tx, clock, application.uuid, { insuranceComplete: true });
        return result(
          await moveClosing(tx, clock, application, 'INSURANCE_COMPLETE', {
            actor: borrower(identityUuid),
            next: { kind: CLOSING_JOBS.rescissionStart },
          }),
        );
      });
    },
  );
};
