/** The application's documents: the list and one document (owner only). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApplicationDocumentList, ZUuid } from '@heloc/domain';
import { AppError } from '../../../lib/errors';
import {
  actionResult as result,
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  onOwnApplication,
} from '../../route-helpers';
import { documentsOf } from '../documents';
import { findApplicationDocument } from '../repository';

export const documentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${BASE}/documents`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'The application’s documents (generated disclosures, notices, uploads)',
        params,
        response: { 200: ZApplicationDocumentList, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application) => ({
        ...result(application),
        documents: await documentsOf(tx, application.uuid),
      })),
  );

  app.get(
    `${BASE}/documents/:documentUuid/file`,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['applications'],
        summary: 'Download one document (the application’s owner only; anyone else gets 404)',
        params: params.extend({ documentUuid: ZUuid }),
        response: { 200: z.any().describe('The file (application/pdf)'), ...errors },
      },
    },
    async (request, reply) => {
      const document = await onOwnApplication(app.db, request, async (tx, application) => {
        return findApplicationDocument(tx, application.uuid, request.params.documentUuid.toLowerCase());
      });
      if (!document) throw new AppError('NOT_FOUND', 'Document not found');
      const file = await app.storage.get(document.fileKey);
      if (!file) throw new AppError('NOT_FOUND', 'Document not found');
      return reply
        .header('content-type', document.contentType)
        .header(
          'content-disposition',
          `inline; filename="${document.fileName.replace(/[^a-z0-9._-]/gi, '_')}"`,
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(file.bytes));
    },
  );
};
