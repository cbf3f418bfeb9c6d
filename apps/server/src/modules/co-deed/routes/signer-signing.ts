/** The signer's signature and the notary session of their deed. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_WRITES, ZSignerView } from '@heloc/domain';
import { recordSignature } from '../../../engine/closing/repository';
import { AppError } from '../../../lib/errors';
import { withApplicationLock } from '../../../workflow/step-machine';
import type { SignerProgress } from './shared';
import { SIGNER, errors, tags, coDeedContext } from './shared';
import { signerViews } from './signer-view';

export const signerSigningRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock = app.clock;
  const { openSigner, updateSigner, releasePrimaryIfDone, signerDocuments } = coDeedContext(app);

  const { signerView } = signerViews(app);

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
};
