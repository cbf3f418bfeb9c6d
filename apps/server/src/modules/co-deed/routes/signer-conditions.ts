/** The signer's own conditions (behind fe-heloc-additional-signer-conditions). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DOCUMENT_UPLOAD_TYPES, IMAGE_UPLOAD_TYPES, ZSignerCondition } from '@heloc/domain';
import type { CoDeedCondition } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { authOf } from '../../../plugins/auth';
import { receiveUpload, storeApplicationDocument } from '../../../uploads';
import { withApplicationLock } from '../../../workflow/step-machine';
import { SIGNER, conditionsOf, errors, tags, coDeedContext } from './shared';

export const signerConditionRoutes: FastifyPluginAsyncZod = async (app) => {
  const clock = app.clock;
  const { openSigner, updateSigner, requireConditionsFlag } = coDeedContext(app);

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
          kind === 'identity' ? IMAGE_UPLOAD_TYPES : DOCUMENT_UPLOAD_TYPES,
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
