/**
 * Closing documents (list, one document) and e-signing them.
 * Part of the borrower's closing endpoints (routes/index.ts says what they share).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ENGINE_WRITES, ZUuid, ZClosingDocumentsView, ZSignResult } from '@heloc/domain';
import { authOf } from '../../../plugins/auth';
import {
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  onOwnApplication,
  ownApplicationUuid,
} from '../../route-helpers';
import {
  listClosingDocuments,
  readClosingDocumentFile,
  signClosingDocument,
} from '../services/documents-signing';
import { tags } from './shared';

export const documentsSigningRoutes: FastifyPluginAsyncZod = async (app) => {
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
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        listClosingDocuments(tx, app, { application, identityUuid }),
      ),
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
      const { document: doc, bytes } = await readClosingDocumentFile(app.db, app, {
        applicationUuid: uuid,
        documentUuid: request.params.documentUuid,
      });
      return reply
        .header('content-type', doc.contentType)
        .header('content-disposition', `inline; filename="${doc.fileName.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(bytes));
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
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        signClosingDocument(tx, app, { application, identityUuid, body: request.body }),
      ),
  );
};
