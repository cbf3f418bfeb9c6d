/**
 * Closing documents (list, one document) and e-signing them.
 * Part of the borrower's closing endpoints (routes/index.ts says what they share).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ENGINE_WRITES,
  ESIGN_DISCLOSURE_VERSION,
  ZUuid,
  type TDocumentType,
  ZClosingDocumentsView,
  ZSignResult,
} from '@heloc/domain';
import { AppError } from '../../../lib/errors';
import { authOf } from '../../../plugins/auth';
import { currentClosingDocuments, E_SIGNED_TYPES } from '../documents';
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
import { texasClosingRefusal, texasSigningNotBefore } from '../texas';
import { CLOSING_JOBS, moveClosing, recordAction } from '../store';
import { tags, documentView } from './shared';
import { listSignatures, recordSignature } from '../repository';
import { findApplicationDocument } from '../../submission/repository';
import { stepsAllowing } from '../../steps';

export const documentsSigningRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clock } = app;

  app.get(
    `${BASE}/closing-documents`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'The closing documents (agreement, deed, closing disclosure, notices of right to cancel) and what is signed',
        params,
        response: {
          200: ZClosingDocumentsView,
          ...errors,
        },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        const documents = await currentClosingDocuments(tx, application.uuid);
        const signatures = await listSignatures(tx, application.uuid);
        // The same refusal the sign call gives, told before the borrower presses Sign.
        const signingNotBefore = await texasSigningNotBefore(tx, application, clock.now());
        return {
          ...result(application),
          esignDisclosureVersion: ESIGN_DISCLOSURE_VERSION,
          signingNotBefore,
          documents: documents.map((doc) => {
            const signature = signatures.find(
              (each) => each.documentUuid === doc.uuid && each.signerIdentityUuid === identityUuid,
            );
            return {
              ...documentView(doc),
              signingMethod: E_SIGNED_TYPES.includes(doc.type as TDocumentType)
                ? ('ESIGN' as const)
                : ('NOTARY' as const),
              signed: signature !== undefined,
              signedDate: signature?.signedAt.toISOString() ?? null,
            };
          }),
        };
      }),
  );

  app.get(
    `${BASE}/closing-documents/:documentUuid`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Download one of the application’s documents (PDF or image), owner only',
        params: params.extend({ documentUuid: ZUuid }),
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const { identityUuid } = authOf(request);
      const uuid = await ownApplicationUuid(app.db, request, identityUuid);
      const doc = await findApplicationDocument(app.db, uuid, request.params.documentUuid.toLowerCase());
      if (!doc) throw new AppError('NOT_FOUND', 'Document not found');
      const file = await app.storage.get(doc.fileKey);
      if (!file) throw new AppError('NOT_FOUND', 'Document not found');
      return reply
        .header('content-type', doc.contentType)
        .header('content-disposition', `inline; filename="${doc.fileName.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.bytes));
    },
  );

  app.post(
    `${BASE}/signing/sign`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'E-sign one closing document: E-SIGN consent and the scroll-to-bottom acknowledgement',
        params,
        body: ENGINE_WRITES['signing/sign'],
        response: {
          200: ZSignResult,
          ...errors,
        },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        const documentUuid = request.body.documentUuid.toLowerCase();
        const documents = (await currentClosingDocuments(tx, application.uuid)).filter((doc) =>
          E_SIGNED_TYPES.includes(doc.type as TDocumentType),
        );
        const signatures = await listSignatures(tx, application.uuid);
        const counts = (signedNow: number) => ({
          signed: signedNow,
          remaining: documents.length - signedNow,
        });
        const isSigned = (uuid: string) =>
          signatures.some((each) => each.documentUuid === uuid && each.signerIdentityUuid === identityUuid);
        if (application.step !== 'NOTE_SIGNING') {
          if (isSigned(documentUuid))
            return {
              ...result(application),
              ...counts(documents.filter((doc) => isSigned(doc.uuid)).length),
            };
          requireStep(application, stepsAllowing('CLOSING_SIGNED'), 'Signing');
        }
        const doc = documents.find((each) => each.uuid === documentUuid);
        if (!doc) throw new AppError('NOT_FOUND', 'Document not found');
        // Texas: nothing of the closing package is signed before the 12-day notice has run.
        const early = await texasClosingRefusal(tx, application, clock.now());
        if (early)
          throw new AppError('CONFLICT', early.message, { step: application.step, ...early.details });
        if (!isSigned(doc.uuid)) {
          await recordSignature(tx, {
            applicationUuid: application.uuid,
            document: doc,
            signerIdentityUuid: identityUuid,
            esignConsentVersion: request.body.esignDisclosureVersion,
            location: request.body.location,
            signedAt: clock.now(),
          });
          await recordAction(tx, clock, application, borrower(identityUuid), 'SIGN_DOCUMENT', {
            documentUuid: doc.uuid,
            type: doc.type,
            esignConsentVersion: request.body.esignDisclosureVersion,
          });
        }
        const signedCount = documents.filter((each) => each.uuid === doc.uuid || isSigned(each.uuid)).length;
        if (signedCount < documents.length) return { ...result(application), ...counts(signedCount) };
        const moved = await moveClosing(tx, clock, application, 'CLOSING_SIGNED', {
          actor: borrower(identityUuid),
          data: { documents: documents.length },
          next: { kind: CLOSING_JOBS.esignComplete },
        });
        return { ...result(moved), ...counts(signedCount) };
      }),
  );
};
