/**
 * Income: the income view, the payroll link (link token, sandbox authentication, exchange), income document uploads and their submission, employer verification.
 * Part of the borrower's closing endpoints (routes/index.ts says what they share).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DOCUMENT_UPLOAD_TYPES,
  ENGINE_WRITES,
  INCOME_UPLOAD_DOCUMENT_TYPES,
  INCOME_UPLOAD_TYPES,
  ZApplicationStep,
  type TDocumentType,
  ZClosingDocumentView,
  ZIncomeView,
  ZLinkAuthenticateResult,
  ZLinkTokenView,
  ZActionResult,
} from '@heloc/domain';
import { AppError } from '../../../lib/errors';
import { authOf } from '../../../plugins/auth';
import { SANDBOX_CREDENTIALS } from '../../../providers/income/sandbox';
import { receiveUpload } from '../../../uploads';
import { withApplicationLock } from '../../../workflow/step-machine';
import { documentsOfType } from '../documents';
import {
  actionResult as result,
  alreadyDone,
  APPLICATION_BASE as BASE,
  applicationErrors as errors,
  applicationParams as params,
  borrowerActor as borrower,
  onOwnApplication,
  ownApplicationUuid,
  requireStep,
} from '../../route-helpers';
import { INCOME_DOCUMENT_TYPES } from '../jobs';
import type { LinkTokens } from '../link-tokens';
import { CLOSING_JOBS, latestEvent, loadClosingSubject, moveClosing } from '../store';
import { tags, documentView, storeOnce } from './shared';
import { listIncomeSources } from '../repository';
import { stepsAllowing } from '../../steps';

export const incomeRoutes: FastifyPluginAsyncZod<{ linkTokens: LinkTokens }> = async (app, options) => {
  const { linkTokens } = options;
  const { clock } = app;

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
      onOwnApplication(app.db, request, async (tx, application) => {
        const sources = await listIncomeSources(tx, application.uuid);
        const asked =
          (await latestEvent(tx, application.uuid, 'INCOME_DOCUMENTS_REQUIRED')) ??
          (await latestEvent(tx, application.uuid, 'INCOME_PARTIAL'));
        const open =
          application.step === 'INCOME_VERIFICATION' && application.statusFlags.manualPaystubUpload;
        const required = !open
          ? []
          : Array.isArray(asked?.data.requiredDocuments)
            ? (asked.data.requiredDocuments as { documentType: TDocumentType; count: number }[])
            : [{ documentType: 'USER_UPLOADED_PAYSTUB' as const, count: 1 }];
        return {
          ...result(application),
          employmentType: application.employmentType,
          incomeSources: sources.map((source) => ({
            uuid: source.uuid,
            employmentType: source.employmentType,
            employerName: source.employerName,
            annualIncomeCents: source.annualIncomeCents,
            verifiedBy: source.verifiedBy,
          })),
          requiredDocuments: required,
          documents: (await documentsOfType(tx, application.uuid, INCOME_DOCUMENT_TYPES)).map(documentView),
        };
      }),
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
      onOwnApplication(app.db, request, async (_tx, application) => {
        // A link serves income and both account steps.
        requireStep(
          application,
          stepsAllowing('LINK_INCOME', 'SET_DISBURSEMENT_ACCOUNT', 'SET_AUTOPAY'),
          'Linking an account',
        );
        const { kind } = request.body;
        return {
          linkToken: await linkTokens.linkToken({ applicationUuid: application.uuid, kind }),
          expiration: new Date(clock.now().getTime() + 30 * 60_000).toISOString(),
          institutions: await app.providers.income.listInstitutions(kind),
          sandboxCredentials: {
            username: SANDBOX_CREDENTIALS.good.username,
            password: SANDBOX_CREDENTIALS.good.password,
            mfaUsername: SANDBOX_CREDENTIALS.mfa.username,
            mfaCode: SANDBOX_CREDENTIALS.mfa.code,
          },
        };
      }),
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
      const claims = await linkTokens.readLinkToken(request.body.linkToken, uuid);
      const subject = await loadClosingSubject(app, uuid);
      const institution = (await app.providers.income.listInstitutions(claims.kind)).find(
        (each) => each.institutionId === request.body.institutionId,
      );
      if (!institution) throw new AppError('BAD_REQUEST', 'Unknown institution');
      const linked = await app.providers.income.link({
        applicant: subject.applicant,
        institutionId: institution.institutionId,
        username: request.body.username,
        password: request.body.password,
        mfaCode: request.body.mfaCode ?? null,
      });
      switch (linked.outcome) {
        case 'LINKED': {
          const accounts = linked.accounts.map(({ accountId, name, mask, type }) => ({
            accountId,
            name,
            mask,
            type,
          }));
          return {
            outcome: 'SUCCESS' as const,
            publicToken: await linkTokens.publicToken({
              ...claims,
              linkId: linked.linkId,
              institutionName: linked.institutionName,
              accounts,
            }),
            institutionName: linked.institutionName,
            accounts,
          };
        }
        case 'MFA_REQUIRED':
        case 'MFA_INCORRECT':
          return { outcome: linked.outcome, prompt: linked.prompt };
        case 'INVALID_CREDENTIALS':
          throw new AppError('BAD_REQUEST', 'The username or password is incorrect.', {
            reason: 'INVALID_CREDENTIALS',
          });
        case 'UNKNOWN_INSTITUTION':
          throw new AppError('BAD_REQUEST', 'Unknown institution');
      }
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
      const claims = await linkTokens.readPublicToken(request.body.publicToken, uuid);
      return withApplicationLock(app.db, uuid, async (tx, application) => {
        if (
          await alreadyDone(
            tx,
            application,
            'LINK_INCOME',
            stepsAllowing('LINK_INCOME'),
            (data) => data.linkId === claims.linkId,
          )
        ) {
          return result(application);
        }
        const moved = await moveClosing(tx, clock, application, 'LINK_INCOME', {
          actor: borrower(identityUuid),
          data: {
            linkId: claims.linkId,
            kind: claims.kind,
            institutionName: claims.institutionName,
            accounts: claims.accounts,
          },
          next: {
            kind: CLOSING_JOBS.incomeVerifyLink,
            payload: { linkId: claims.linkId, kind: claims.kind },
          },
        });
        return result(moved);
      });
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
      const type = INCOME_UPLOAD_DOCUMENT_TYPES[request.params.type];
      return withApplicationLock(app.db, uuid, async (tx, application) => {
        requireStep(application, stepsAllowing('SUBMIT_INCOME_DOCUMENTS'), 'Uploading income documents');
        const document = await storeOnce(app, tx, application, type, upload, identityUuid);
        return { ...result(application), document: documentView(document) };
      });
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
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        if (
          await alreadyDone(
            tx,
            application,
            'SUBMIT_INCOME_DOCUMENTS',
            stepsAllowing('SUBMIT_INCOME_DOCUMENTS'),
          )
        ) {
          if (application.step === 'WAITING_FOR_INCOME') return result(application);
        }
        requireStep(application, stepsAllowing('SUBMIT_INCOME_DOCUMENTS'), 'Submitting income documents');
        const documents = await documentsOfType(tx, application.uuid, INCOME_DOCUMENT_TYPES);
        if (documents.length === 0)
          throw new AppError('BAD_REQUEST', 'Upload at least one income document first');
        return result(
          await moveClosing(tx, clock, application, 'SUBMIT_INCOME_DOCUMENTS', {
            actor: borrower(identityUuid),
            data: { documents: documents.map((doc) => doc.uuid) },
            next: { kind: CLOSING_JOBS.incomeReviewDocuments },
          }),
        );
      }),
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
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        const { employerName } = request.body;
        if (
          await alreadyDone(
            tx,
            application,
            'SUBMIT_EMPLOYER',
            stepsAllowing('SUBMIT_EMPLOYER'),
            (data) => data.employerName === employerName,
          )
        ) {
          return result(application);
        }
        return result(
          await moveClosing(tx, clock, application, 'SUBMIT_EMPLOYER', {
            actor: borrower(identityUuid),
            data: { employerName },
            next: { kind: CLOSING_JOBS.employmentVerify, payload: { employerName } },
          }),
        );
      }),
  );
};
