/** The signer's own screens: their data, their right to cancel, identity and documents. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_WRITES, ZSignerDocument, ZSignerView, ZUuid } from '@heloc/domain';
import { AppError } from '../../../lib/errors';
import { rescindLine } from '../../../engine/closing/rescission';
import { withApplicationLock } from '../../../workflow/step-machine';
import { setPrimaryPhoneNumber } from '../../profile/repository';
import { fullName } from '../store';
import { updateSignerProfile } from '../repository';
import { SIGNER, errors, tags, coDeedContext } from './shared';
import { signerViews } from './signer-view';

export const signerRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock = app.clock;
  const { signerOf, openSigner, updateSigner, signerDocuments } = coDeedContext(app);

  const { signerView } = signerViews(app);

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
};
