/** The signer's own screens: their data, documents, signature, notary and conditions. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_WRITES, ZSignerCondition, ZSignerDocument, ZSignerView, ZUuid } from '@heloc/domain';
import type { CoDeedCondition } from '../../../db/schema';
import { recordSignature } from '../../../engine/closing/documents';
import { AppError } from '../../../lib/errors';
import { authOf } from '../../../plugins/auth';
import {
  IMAGE_CONTENT_TYPES,
  DOCUMENT_CONTENT_TYPES,
  receiveUpload,
  storeApplicationDocument,
} from '../../../uploads';
import type { Executor } from '../../../db';
import { rescindLine, rightToCancelRuns } from '../../../engine/closing/rescission';
import { closingOf } from '../../../engine/closing/store';
import { withApplicationLock, type ApplicationRow } from '../../../workflow/step-machine';
import { setPrimaryPhoneNumber } from '../../profile/repository';
import { fullName, type SignerRow } from '../store';
import { findAddress, findApplication, updateSignerProfile } from '../repository';
import type { SignerProgress } from './shared';
import { SIGNER, conditionsOf, errors, tags, coDeedContext } from './shared';

export const signerRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock = app.clock;
  const {
    primaryNameOf,
    signerOf,
    openSigner,
    updateSigner,
    releasePrimaryIfDone,
    signerDocuments,
    requireConditionsFlag,
  } = coDeedContext(app);

  async function signerView(signer: SignerRow) {
    const application = await findApplication(app.db, signer.applicationUuid);
    const property = application!.selectedPropertyUuid
      ? await findAddress(app.db, application!.selectedPropertyUuid)
      : null;
    return {
      uuid: signer.uuid,
      firstName: signer.firstName,
      lastName: signer.lastName,
      email: signer.email,
      status: signer.status as SignerProgress,
      loanNumber: application!.loanNumber,
      primaryName: await primaryNameOf(app.db, application!.identityUuid),
      property: property
        ? { street1: property.street1, city: property.city, state: property.state, zip: property.zip }
        : null,
      lineAmountCents: application!.amountCents,
      primaryWaiting: application!.step === 'CO_DEED',
      ...(await rescissionOf(app.db, signer, application!)),
    };
  }

  /** Every owner who signed shares the borrower's right to cancel, for the same period. */
  async function rescissionOf(db: Executor, signer: SignerRow, application: ApplicationRow) {
    const closing = await closingOf(db, application.uuid);
    return {
      canRescind: signer.status === 'COMPLETE' && rightToCancelRuns(application, closing, clock),
      rescissionDeadline: closing.rescissionDeadline,
    };
  }

  app.post(
    `${SIGNER}/rescind`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'A co-owner who signed cancels the line during the right-to-cancel period: the application ends CANCELLED, nothing is recorded or funded',
        body: API_WRITES['POST /service-application/api/v1/application/heloc/co-deed/signer/rescind'],
        response: { 200: ZSignerView, ...errors },
      },
    },
    async (request) => {
      const signer = await openSigner(request);
      if (signer.status !== 'COMPLETE') {
        throw new AppError('CONFLICT', 'Only an owner who signed the documents can cancel the line');
      }
      await withApplicationLock(app.db, signer.applicationUuid, (tx, application) =>
        rescindLine(tx, clock, application, {
          actor: { type: 'CO_DEEDER', uuid: signer.identityUuid! },
          reason: `${fullName(signer)}, an owner on title, exercised the right to cancel`,
        }),
      );
      return signerView(signer);
    },
  );

  app.get(
    `${SIGNER}`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The signed-in signer: their progress and the loan their home secures (no borrower data)',
        response: { 200: ZSignerView, ...errors },
      },
    },
    async (request) => signerView(await signerOf(request)),
  );

  app.post(
    `${SIGNER}/identity`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The signer’s name as on their ID, birth date and phone',
        body: API_WRITES['POST /service-application/api/v1/application/heloc/co-deed/signer/identity'],
        response: { 200: ZSignerView, ...errors },
      },
    },
    async (request) => {
      const signer = await openSigner(request);
      const { firstName, lastName, dob, phoneNumber } = request.body;
      // The deed names the owners on title: the last name must be the one the borrower gave.
      if (lastName.toLowerCase() !== signer.lastName.toLowerCase()) {
        throw new AppError('BAD_REQUEST', 'Your last name must match the name on title', {
          fields: { lastName: 'Must match the name on title' },
        });
      }
      const updated = await withApplicationLock(app.db, signer.applicationUuid, async (tx) => {
        await updateSignerProfile(tx, signer.identityUuid!, { firstName, lastName, dob });
        await setPrimaryPhoneNumber(tx, signer.identityUuid!, phoneNumber);
        return updateSigner(tx, signer.uuid, {
          firstName,
          lastName,
          ...(signer.status === 'ACCEPTED' && {
            status: 'IDENTITY_VERIFIED',
            identityVerifiedAt: clock.now(),
          }),
        });
      });
      return signerView(updated);
    },
  );

  app.get(
    `${SIGNER}/documents`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'The documents the signer signs or receives (never the borrower’s income, identity or bank papers)',
        response: { 200: z.object({ documents: z.array(ZSignerDocument) }), ...errors },
      },
    },
    async (request) => {
      const signer = await openSigner(request);
      return { documents: (await signerDocuments(app.db, signer)).map((each) => each.view) };
    },
  );

  app.get(
    `${SIGNER}/documents/:documentUuid`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'One of the signer’s documents (PDF); any other document answers 404',
        params: z.object({ documentUuid: ZUuid }),
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const signer = await openSigner(request);
      const found = (await signerDocuments(app.db, signer)).find(
        (each) => each.row.uuid === request.params.documentUuid.toLowerCase(),
      );
      const file = found ? await app.storage.get(found.row.fileKey) : null;
      if (!found || !file) throw new AppError('NOT_FOUND', 'Document not found');
      return reply
        .header('content-type', found.row.contentType)
        .header('content-disposition', `inline; filename="${found.row.fileName.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.bytes));
    },
  );

  app.post(
    `${SIGNER}/sign`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'E-sign one of the signer’s documents (E-SIGN consent required); the last one completes their e-signing',
        body: API_WRITES['POST /service-application/api/v1/application/heloc/co-deed/signer/sign'],
        response: {
          200: z.object({ status: ZSignerView.shape.status, remaining: z.number().int() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const signer = await openSigner(request);
      if (signer.status === 'ACCEPTED') throw new AppError('CONFLICT', 'Confirm your identity first');
      return withApplicationLock(app.db, signer.applicationUuid, async (tx) => {
        const documents = (await signerDocuments(tx, signer)).filter(
          (each) => each.view.signingMethod === 'ESIGN',
        );
        const doc = documents.find((each) => each.row.uuid === request.body.documentUuid.toLowerCase());
        if (!doc) throw new AppError('NOT_FOUND', 'Document not found');
        if (!doc.view.signed) {
          await recordSignature(tx, {
            applicationUuid: signer.applicationUuid,
            document: doc.row,
            signerIdentityUuid: signer.identityUuid!,
            esignConsentVersion: request.body.esignDisclosureVersion,
            location: request.body.location,
            signedAt: clock.now(),
          });
        }
        const remaining = documents.filter(
          (each) => each.row.uuid !== doc.row.uuid && !each.view.signed,
        ).length;
        if (remaining > 0 || signer.status !== 'IDENTITY_VERIFIED') {
          return { status: signer.status as SignerProgress, remaining };
        }
        const updated = await updateSigner(tx, signer.uuid, { status: 'SIGNED', signedAt: clock.now() });
        return { status: updated.status as SignerProgress, remaining: 0 };
      });
    },
  );

  app.post(
    `${SIGNER}/notary/session`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Start the signer’s online notary session for the deed (during notary hours)',
        response: {
          200: z.object({ sessionId: z.string(), joinUrl: z.string(), expiresAt: z.string() }),
          ...errors,
        },
      },
    },
    async (request) => {
      const signer = await openSigner(request);
      if (signer.status !== 'SIGNED') {
        throw new AppError(
          'CONFLICT',
          signer.status === 'COMPLETE' ? 'Your deed is notarized' : 'Sign your documents first',
        );
      }
      const started = await app.providers.notary.startElectronicSession({
        applicationUuid: signer.applicationUuid,
        signerIds: [signer.identityUuid!],
      });
      if (started.outcome === 'UNAVAILABLE') {
        throw new AppError('CONFLICT', 'Notaries are available during notary hours only', {
          nextAvailableAt: started.nextAvailableAt?.toISOString() ?? null,
        });
      }
      await updateSigner(app.db, signer.uuid, {
        notarySession: {
          sessionId: started.session.sessionId,
          joinUrl: started.session.joinUrl,
          startedAt: started.session.startedAt.toISOString(),
          expiresAt: started.session.expiresAt.toISOString(),
        },
      });
      return {
        sessionId: started.session.sessionId,
        joinUrl: started.session.joinUrl,
        expiresAt: started.session.expiresAt.toISOString(),
      };
    },
  );

  app.post(
    `${SIGNER}/notary/sign`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Sign the deed in the notary session; the notarised signature completes the signer (and, when every signer is done, the borrower goes on to the notary)',
        body: API_WRITES['POST /service-application/api/v1/application/heloc/co-deed/signer/notary/sign'],
        response: { 200: ZSignerView, ...errors },
      },
    },
    async (request) => {
      const signer = await openSigner(request);
      if (signer.status === 'COMPLETE') return signerView(signer);
      const session = signer.notarySession;
      if (signer.status !== 'SIGNED' || !session)
        throw new AppError('CONFLICT', 'Start the notary session first');
      const result = await app.providers.notary.completeElectronicSession({
        session: {
          sessionId: String(session.sessionId),
          joinUrl: String(session.joinUrl),
          startedAt: new Date(String(session.startedAt)),
          expiresAt: new Date(String(session.expiresAt)),
        },
      });
      if (result.outcome === 'SESSION_EXPIRED') {
        await updateSigner(app.db, signer.uuid, { notarySession: null });
        throw new AppError('CONFLICT', 'The notary session expired. Start a new one.', { expired: true });
      }
      const updated = await withApplicationLock(app.db, signer.applicationUuid, async (tx, application) => {
        const row = await updateSigner(tx, signer.uuid, {
          status: 'COMPLETE',
          notarizedAt: result.notarizedAt,
          notarySession: null,
        });
        await releasePrimaryIfDone(tx, application);
        return row;
      });
      return signerView(updated);
    },
  );

  app.get(
    `${SIGNER}/conditions`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The signer’s conditions (fe-heloc-additional-signer-conditions; 404 while it is off)',
        response: { 200: z.array(ZSignerCondition), ...errors },
      },
    },
    async (request) => {
      const signer = await openSigner(request);
      await requireConditionsFlag(authOf(request).orgCode);
      return conditionsOf(signer);
    },
  );

  for (const kind of ['upload-document', 'identity'] as const) {
    app.post(
      `${SIGNER}/conditions/${kind}`,
      {
        preHandler: app.authenticate,
        schema: {
          tags,
          summary:
            kind === 'identity'
              ? 'Clear the identity condition with a photo of the front of the signer’s ID (multipart: one `file`, JPEG or PNG)'
              : 'Clear a document condition (multipart: `conditionUuid` field and one `file`; PDF, JPEG or PNG)',
          consumes: ['multipart/form-data'],
          response: { 200: z.array(ZSignerCondition), ...errors },
        },
      },
      async (request) => {
        const signer = await openSigner(request);
        await requireConditionsFlag(authOf(request).orgCode);
        const upload = await receiveUpload(
          request,
          kind === 'identity' ? IMAGE_CONTENT_TYPES : DOCUMENT_CONTENT_TYPES,
        );
        const type = kind === 'identity' ? 'IDENTITY' : 'UPLOAD_DOCUMENT';
        const wanted = typeof upload.fields.conditionUuid === 'string' ? upload.fields.conditionUuid : null;
        const open = signer.conditions.find(
          (each) =>
            each.type === type && each.clearedAt === null && (wanted === null || each.uuid === wanted),
        );
        if (!open) throw new AppError('NOT_FOUND', 'No open condition of this kind');
        const updated = await withApplicationLock(app.db, signer.applicationUuid, async (tx) => {
          const stored = await storeApplicationDocument(tx, app.storage, clock, {
            applicationUuid: signer.applicationUuid,
            type: kind === 'identity' ? 'DRIVERS_LICENSE_FRONT' : 'SUPPORT',
            bytes: upload.bytes,
            contentType: upload.contentType,
            fileName: upload.fileName,
            ownerIdentityUuid: signer.identityUuid,
          });
          const conditions: CoDeedCondition[] = signer.conditions.map((each) =>
            each.uuid === open.uuid
              ? { ...each, clearedAt: clock.now().toISOString(), documentUuid: stored.uuid }
              : each,
          );
          return updateSigner(tx, signer.uuid, { conditions });
        });
        return conditionsOf(updated);
      },
    );
  }
};
