/**
 * Income: the income view, the payroll link (link token, sandbox authentication, exchange), income document uploads and their submission, employer verification.
 * Part of the borrower's closing endpoints (routes/index.ts says what they share).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DOCUMENT_UPLOAD_TYPES,
  ENGINE_WRITES,
  INCOME_UPLOAD_TYPES,
  ZApplicationStep,
  ZClosingDocumentView,
  ZIncomeView,
  ZLinkAuthenticateResult,
  ZLinkTokenView,
  ZActionResult,
} from '@heloc/domain';
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
import type { LinkTokens } from '../link-tokens';
import {
  authenticateIncomeLink,
  getIncome,
  linkIncome,
  startIncomeLink,
  submitEmployer,
  submitIncomeDocuments,
  uploadIncomeDocument,
} from '../services/income';
import { tags } from './shared';

export const incomeRoutes: FastifyPluginAsyncZod<{ linkTokens: LinkTokens }> = async (app, options) => {
  const { linkTokens } = options;

  app.get(
    `${BASE}/income`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Income review: verified sources, documents still needed and uploaded',
        params,
        response: {
          200: ZIncomeView,
          ...errors,
        },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application) => getIncome(tx, app, { application })),
  );

  app.post(
    `${BASE}/income/link-token`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Start a bank or payroll link: a link token, the sandbox institutions and their test credentials',
        params,
        body: ENGINE_WRITES['income/link-token'],
        response: {
          200: ZLinkTokenView,
          ...errors,
        },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application) =>
        startIncomeLink(tx, app, { application, linkTokens, body: request.body }),
      ),
  );

  app.post(
    `${BASE}/income/link/authenticate`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Sandbox link widget: institution credentials (and MFA code) → a public token',
        description:
          'Stands in for the aggregator’s hosted widget, which in production collects the credentials itself.',
        params,
        body: ENGINE_WRITES['income/link/authenticate'],
        response: {
          200: ZLinkAuthenticateResult,
          ...errors,
        },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const uuid = await ownApplicationUuid(app.db, request, identityUuid);
      return authenticateIncomeLink(app.db, app, { applicationUuid: uuid, linkTokens, body: request.body });
    },
  );

  app.post(
    `${BASE}/income/link`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Exchange the public token of a bank or payroll link; verifies the income',
        params,
        body: ENGINE_WRITES['income/link'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const uuid = await ownApplicationUuid(app.db, request, identityUuid);
      // The public token is read (and refused when expired or another application's) before the lock.
      const claims = await linkTokens.readPublicToken(request.body.publicToken, uuid);
      return withApplicationLock(app.db, uuid, (tx, application) =>
        linkIncome(tx, app, { application, identityUuid, claims }),
      );
    },
  );

  app.post(
    `${BASE}/income/upload/:type`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Upload an income document (multipart: one `file`; PDF, JPEG or PNG up to 10 MB)',
        consumes: ['multipart/form-data'],
        params: params.extend({
          type: z.enum(INCOME_UPLOAD_TYPES),
        }),
        response: { 200: z.object({ status: ZApplicationStep, document: ZClosingDocumentView }), ...errors },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const uuid = await ownApplicationUuid(app.db, request, identityUuid);
      const upload = await receiveUpload(request, DOCUMENT_UPLOAD_TYPES);
      return withApplicationLock(app.db, uuid, (tx, application) =>
        uploadIncomeDocument(tx, app, { application, identityUuid, uploadType: request.params.type, upload }),
      );
    },
  );

  app.post(
    `${BASE}/income/documents/submit`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Send the uploaded income documents for review (the document upload path)',
        params,
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        submitIncomeDocuments(tx, app, { application, identityUuid }),
      ),
  );

  app.post(
    `${BASE}/income/employer-verification`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The employer to verify employment with',
        params,
        body: ENGINE_WRITES['income/employer-verification'],
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, (tx, application, identityUuid) =>
        submitEmployer(tx, app, { application, identityUuid, body: request.body }),
      ),
  );
};
