/** The application's documents: the list and one document (owner only). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZApplicationDocumentList, ZUuid } from '@heloc/domain';
import {
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  onOwnApplication,
} from '../../route-helpers';
import { findDocument, listDocuments, readDocumentFile } from '../services/documents';

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
      onOwnApplication(app.db, request, (tx, application) => listDocuments(tx, app, { application })),
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
      const found = await onOwnApplication(app.db, request, (tx, application) =>
        findDocument(tx, app, { application, documentUuid: request.params.documentUuid }),
      );
      const { document, bytes } = await readDocumentFile(app, { document: found });
      return reply
        .header('content-type', document.contentType)
        .header(
          'content-disposition',
          `inline; filename="${document.fileName.replace(/[^a-z0-9._-]/gi, '_')}"`,
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(bytes));
    },
  );
};
