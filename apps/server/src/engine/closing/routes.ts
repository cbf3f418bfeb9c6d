/**
 * The borrower's closing endpoints (income → funding) under
 * /service-application/api/v1/application/heloc/{uuid}/… — one per action, each zod-validated,
 * ownership-checked (a foreign or unknown id answers 404), run under the application lock, idempotent
 * (repeating an action already applied answers the current status) and in the OpenAPI document. An
 * action the current step does not allow answers 409 with the current step.
 *
 * Uploads (income documents, ID front, insurance) are multipart forms with one file, sniffed by
 * content and stored through the file storage (src/uploads). Account numbers are sealed at rest and
 * answered masked to their last 4.
 *
 * Provider calls the borrower waits on (the sandbox link widget, the public-token exchange, the
 * linked account numbers, booking a notary slot, starting an eNotary session) happen in the request,
 * like an aggregator's token exchange; verification, document work and waiting periods run in jobs.
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ESIGN_DISCLOSURE_VERSION,
  ZEstimatedValueCents,
  rescissionEndsAt,
  ZAccountNumber,
  ZBankAccountType,
  ZRoutingNumber,
  INCOME_UPLOAD_DOCUMENT_TYPES,
  INCOME_UPLOAD_TYPES,
  accountMask,
  CONDITION_UPLOAD_DOCUMENT_TYPES,
  DOCUMENT_TYPE_LABELS,
  formatMaskedAccount,
  ID_TYPE_FRONT_DOCUMENT,
  isOpenAt,
  MANUAL_NOTARY_FEE_CENTS,
  monthlyPaymentCents,
  VALUATION_FEE_CENTS,
  ZApplicationStep,
  ZConditionCategory,
  ZIdType,
  ZPhoneDigits,
  ZUuid,
  type TConditionCategory,
  type TDocumentType,
  ZBankAccountsView,
  ZClosingDocumentView,
  ZClosingDocumentsView,
  ZClosingSummary,
  ZIncomeView,
  ZInsuranceRequirementsView,
  ZLinkAuthenticateResult,
  ZLinkTokenView,
  ZNotaryReservation,
  ZNotarySessionView,
  ZNotarySlotsView,
  ZSignResult,
  ZSigningLocation,
  ZActionResult,
} from '@heloc/domain';
import type { Executor } from '../../db';
import { schema } from '../../db';
import { AppError } from '../../lib/errors';
import { authOf } from '../../plugins/auth';
import { weekHours } from '../../modules/operating-hours/service';
import { SANDBOX_CREDENTIALS } from '../../providers/income/sandbox';
import {
  DOCUMENT_CONTENT_TYPES,
  IMAGE_CONTENT_TYPES,
  receiveUpload,
  storeApplicationDocument,
  uploadsPlugin,
} from '../../uploads';
import { withApplicationLock, type ApplicationRow } from '../../workflow/step-machine';
import {
  currentClosingDocuments,
  documentsOfType,
  E_SIGNED_TYPES,
  firstPaymentDate,
  recordSignature,
} from './documents';
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
} from '../route-helpers';
import { accountContext, INCOME_DOCUMENT_TYPES } from './jobs';
import { LinkTokens } from './link-tokens';
import { texasClosingRefusal } from './texas';
import { kbaQuestions } from './notary-kba';
import {
  CLOSING_JOBS,
  closingOf,
  latestEvent,
  loadClosingSubject,
  moveClosing,
  recordAction,
  updateClosing,
} from './store';

const tags = ['applications'];

const INSURANCE_UPLOAD_TYPES = {
  hazard: 'PROOF_OF_HAZARD_INSURANCE',
  flood: 'PROOF_OF_FLOOD_INSURANCE',
  trust: 'CERTIFICATE_OF_TRUST',
} as const satisfies Record<string, TDocumentType>;

function documentView(row: typeof schema.applicationDocuments.$inferSelect) {
  return {
    uuid: row.uuid,
    type: row.type as TDocumentType,
    label: DOCUMENT_TYPE_LABELS[row.type as TDocumentType] ?? row.type,
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    createdDate: row.createdAt.toISOString(),
  };
}

export const closingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { clock } = app;
  const linkTokens = new LinkTokens(app.sealer, clock);
  await app.register(uploadsPlugin);

  // ---- Income ---------------------------------------------------------------------------------

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
        const sources = await tx
          .select()
          .from(schema.applicationIncomeSources)
          .where(eq(schema.applicationIncomeSources.applicationUuid, application.uuid));
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
        body: z.object({ kind: z.enum(['BANK', 'PAYROLL']) }),
        response: {
          200: ZLinkTokenView,
          ...errors,
        },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (_tx, application) => {
        requireStep(
          application,
          ['INCOME_VERIFICATION', 'DISBURSEMENT_ACCOUNT', 'AUTOPAY_ACCOUNT'],
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
        body: z.object({
          linkToken: z.string().min(1).max(4096),
          institutionId: z.string().min(1).max(100),
          username: z.string().min(1).max(100),
          password: z.string().min(1).max(100),
          mfaCode: z.string().max(20).nullish(),
        }),
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
        body: z.object({ publicToken: z.string().min(1).max(8192) }),
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
            ['INCOME_VERIFICATION'],
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
      const upload = await receiveUpload(request, DOCUMENT_CONTENT_TYPES);
      const type = INCOME_UPLOAD_DOCUMENT_TYPES[request.params.type];
      return withApplicationLock(app.db, uuid, async (tx, application) => {
        requireStep(application, ['INCOME_VERIFICATION'], 'Uploading income documents');
        const document = await storeOnce(tx, application, type, upload, identityUuid);
        return { ...result(application), document: documentView(document) };
      });
    },
  );

  /** The same bytes uploaded twice as the same type are one document (a retried upload). */
  async function storeOnce(
    tx: Executor,
    application: ApplicationRow,
    type: TDocumentType,
    upload: Awaited<ReturnType<typeof receiveUpload>>,
    identityUuid: string,
  ) {
    const { sha256Hex } = await import('../../storage');
    const digest = sha256Hex(upload.bytes);
    const [existing] = (await documentsOfType(tx, application.uuid, [type])).filter(
      (doc) => doc.sha256 === digest,
    );
    if (existing) return existing;
    const stored = await storeApplicationDocument(tx, app.storage, clock, {
      applicationUuid: application.uuid,
      type,
      bytes: upload.bytes,
      contentType: upload.contentType,
      fileName: upload.fileName,
    });
    await recordAction(tx, clock, application, borrower(identityUuid), 'UPLOAD_DOCUMENT', {
      documentUuid: stored.uuid,
      type,
      sizeBytes: stored.sizeBytes,
      contentType: stored.contentType,
    });
    return stored;
  }

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
        if (await alreadyDone(tx, application, 'SUBMIT_INCOME_DOCUMENTS', ['INCOME_VERIFICATION'])) {
          if (application.step === 'WAITING_FOR_INCOME') return result(application);
        }
        requireStep(application, ['INCOME_VERIFICATION'], 'Submitting income documents');
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
        body: z.object({
          employerName: z.string().trim().min(1, 'Required').max(200),
          employerPhone: z
            .string()
            .trim()
            .regex(/^\+?1?[\s.-]?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/, 'Enter a 10-digit phone number')
            .nullish(),
        }),
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
            ['EMPLOYMENT_VERIFICATION'],
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

  // ---- Accounts -------------------------------------------------------------------------------

  async function saveAccount(
    tx: Executor,
    application: ApplicationRow,
    purpose: 'DISBURSEMENT' | 'AUTOPAY',
    account: {
      source: 'LINKED' | 'MANUAL';
      accountType: string;
      routingNumber: string;
      accountNumber: string;
      bankName: string | null;
    },
  ) {
    const digits = account.accountNumber.replace(/\D/g, '');
    const values = {
      source: account.source,
      accountType: account.accountType,
      routingNumber: account.routingNumber,
      accountNumberSealed: app.sealer.seal(digits, accountContext(application.uuid, purpose)),
      mask: accountMask(digits),
      bankName: account.bankName,
      verificationStatus: null,
      createdAt: clock.now(),
    };
    const [row] = await tx
      .insert(schema.applicationAccounts)
      .values({ applicationUuid: application.uuid, purpose, ...values })
      .onConflictDoUpdate({
        target: [schema.applicationAccounts.applicationUuid, schema.applicationAccounts.purpose],
        set: values,
      })
      .returning();
    return row!;
  }

  /** Routing and account number of an account chosen from a bank link (never shown to the browser). */
  async function linkedAccount(uuid: string, publicToken: string, accountId: string) {
    const claims = await linkTokens.readPublicToken(publicToken, uuid);
    if (claims.kind !== 'BANK' || !claims.accounts.some((account) => account.accountId === accountId)) {
      throw new AppError('BAD_REQUEST', 'Choose one of the linked bank accounts');
    }
    const numbers = await app.providers.income.accountNumbers({ linkId: claims.linkId, accountId });
    if (numbers.outcome !== 'FOUND' || numbers.type === 'PAYROLL') {
      throw new AppError('BAD_REQUEST', 'This account cannot receive or send payments');
    }
    return {
      source: 'LINKED' as const,
      accountType: numbers.type,
      routingNumber: numbers.routingNumber,
      accountNumber: numbers.accountNumber,
      bankName: claims.institutionName,
    };
  }

  async function setDisbursement(
    request: { params: { uuid: string } },
    fingerprint: string,
    account: (uuid: string) => Promise<Parameters<typeof saveAccount>[3]>,
  ) {
    const { identityUuid } = authOf(request as never);
    const uuid = await ownApplicationUuid(app.db, request, identityUuid);
    const details = await account(uuid);
    return withApplicationLock(app.db, uuid, async (tx, application) => {
      if (
        await alreadyDone(
          tx,
          application,
          'SET_DISBURSEMENT_ACCOUNT',
          ['DISBURSEMENT_ACCOUNT'],
          (data) => data.fingerprint === fingerprint,
        )
      ) {
        return result(application);
      }
      requireStep(application, ['DISBURSEMENT_ACCOUNT'], 'Setting the disbursement account');
      const row = await saveAccount(tx, application, 'DISBURSEMENT', details);
      return result(
        await moveClosing(tx, clock, application, 'SET_DISBURSEMENT_ACCOUNT', {
          actor: borrower(identityUuid),
          data: { source: details.source, mask: row.mask, routingNumber: row.routingNumber, fingerprint },
          flags: { giactAccountStatus: null },
          next: {
            kind: CLOSING_JOBS.bankVerifyAccount,
            payload: { purpose: 'DISBURSEMENT', accountUuid: row.uuid },
          },
        }),
      );
    });
  }

  /** Identifies the same account in the audit trail without its number: a keyed hash. */
  const accountFingerprint = (uuid: string, routingNumber: string, accountNumber: string) =>
    app.sealer
      .derive(`account:${uuid}:${routingNumber}:${accountNumber.replace(/\D/g, '')}`)
      .toString('hex')
      .slice(0, 24);

  app.post(
    `${BASE}/bank/disburse`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Disburse to an account of a bank link (public token and account id)',
        params,
        body: z.object({ publicToken: z.string().min(1).max(8192), accountId: z.string().min(1).max(200) }),
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      setDisbursement(request, `linked:${request.body.accountId}`, (uuid) =>
        linkedAccount(uuid, request.body.publicToken, request.body.accountId),
      ),
  );

  app.post(
    `${BASE}/bank/manual-disburse`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Disburse to an account given by routing and account number (ABA checksum validated)',
        params,
        body: z.object({
          routingNumber: ZRoutingNumber,
          accountNumber: ZAccountNumber,
          accountType: ZBankAccountType.default('CHECKING'),
        }),
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) => {
      const { routingNumber, accountNumber, accountType } = request.body;
      return setDisbursement(
        request,
        accountFingerprint(request.params.uuid, routingNumber, accountNumber),
        async () => ({
          source: 'MANUAL',
          accountType,
          routingNumber,
          accountNumber,
          bankName: null,
        }),
      );
    },
  );

  app.post(
    `${BASE}/bank/autopay`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Repayment: AUTOPAY from the disbursement account or another account, or MANUAL payments',
        params,
        body: z.discriminatedUnion('payType', [
          z.object({ payType: z.literal('MANUAL') }),
          z.object({
            payType: z.literal('AUTOPAY'),
            /** Default: the disbursement account. */
            routingNumber: ZRoutingNumber.optional(),
            accountNumber: ZAccountNumber.optional(),
            accountType: ZBankAccountType.default('CHECKING'),
          }),
        ]),
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        const body = request.body;
        const action = body.payType === 'MANUAL' ? 'SET_MANUAL_PAY' : 'SET_AUTOPAY';
        if (await alreadyDone(tx, application, action, ['AUTOPAY_ACCOUNT'])) return result(application);
        requireStep(application, ['AUTOPAY_ACCOUNT'], 'Choosing how to repay');
        if (body.payType === 'MANUAL') {
          await tx
            .delete(schema.applicationAccounts)
            .where(
              and(
                eq(schema.applicationAccounts.applicationUuid, application.uuid),
                eq(schema.applicationAccounts.purpose, 'AUTOPAY'),
              ),
            );
          await updateClosing(tx, clock, application.uuid, { payType: 'MANUAL' });
          return result(
            await moveClosing(tx, clock, application, 'SET_MANUAL_PAY', { actor: borrower(identityUuid) }),
          );
        }
        if ((body.routingNumber === undefined) !== (body.accountNumber === undefined)) {
          throw new AppError('BAD_REQUEST', 'Give both the routing and the account number, or neither');
        }
        let details: Parameters<typeof saveAccount>[3];
        if (body.routingNumber && body.accountNumber) {
          details = {
            source: 'MANUAL',
            accountType: body.accountType,
            routingNumber: body.routingNumber,
            accountNumber: body.accountNumber,
            bankName: null,
          };
        } else {
          const [disburse] = await tx
            .select()
            .from(schema.applicationAccounts)
            .where(
              and(
                eq(schema.applicationAccounts.applicationUuid, application.uuid),
                eq(schema.applicationAccounts.purpose, 'DISBURSEMENT'),
              ),
            );
          if (!disburse)
            throw new AppError('CONFLICT', 'No disbursement account yet', { step: application.step });
          details = {
            source: disburse.source as 'LINKED' | 'MANUAL',
            accountType: disburse.accountType,
            routingNumber: disburse.routingNumber,
            accountNumber: app.sealer.open(
              disburse.accountNumberSealed,
              accountContext(application.uuid, 'DISBURSEMENT'),
            ),
            bankName: disburse.bankName,
          };
        }
        const row = await saveAccount(tx, application, 'AUTOPAY', details);
        await updateClosing(tx, clock, application.uuid, { payType: 'AUTOPAY' });
        return result(
          await moveClosing(tx, clock, application, 'SET_AUTOPAY', {
            actor: borrower(identityUuid),
            data: { mask: row.mask, sameAsDisbursement: !body.routingNumber },
            next: body.routingNumber
              ? {
                  kind: CLOSING_JOBS.bankVerifyAccount,
                  payload: { purpose: 'AUTOPAY', accountUuid: row.uuid },
                }
              : undefined,
          }),
        );
      }),
  );

  app.get(
    `${BASE}/bank/accounts`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The disbursement and autopay accounts (masked to the last 4) and the pay type',
        params,
        response: {
          200: ZBankAccountsView,
          ...errors,
        },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application) => {
        const rows = await tx
          .select()
          .from(schema.applicationAccounts)
          .where(eq(schema.applicationAccounts.applicationUuid, application.uuid));
        const view = (purpose: string) => {
          const row = rows.find((each) => each.purpose === purpose);
          return row
            ? {
                uuid: row.uuid,
                source: row.source as 'LINKED' | 'MANUAL',
                accountType: row.accountType as 'CHECKING' | 'SAVINGS',
                routingNumber: row.routingNumber,
                mask: row.mask,
                accountNumber: formatMaskedAccount(row.mask),
                bankName: row.bankName,
                verificationStatus: row.verificationStatus as 'VERIFIED' | 'PENDING_REVIEW' | null,
              }
            : null;
        };
        const closing = await closingOf(tx, application.uuid);
        return {
          ...result(application),
          disburseAccount: view('DISBURSEMENT'),
          autopayAccount: view('AUTOPAY'),
          payType: closing.payType as 'AUTOPAY' | 'MANUAL' | null,
        };
      }),
  );

  // ---- Identity -------------------------------------------------------------------------------

  app.post(
    `${BASE}/identity`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'ID type and a photo of the front of the ID (multipart: `idType` field and one `file`, JPEG or PNG)',
        consumes: ['multipart/form-data'],
        params,
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const uuid = await ownApplicationUuid(app.db, request, identityUuid);
      const upload = await receiveUpload(request, IMAGE_CONTENT_TYPES);
      const idType = ZIdType.safeParse(upload.fields.idType);
      if (!idType.success) {
        throw new AppError('BAD_REQUEST', 'Choose the ID type', { fields: { idType: 'Required' } });
      }
      const { sha256Hex } = await import('../../storage');
      const digest = sha256Hex(upload.bytes);
      return withApplicationLock(app.db, uuid, async (tx, application) => {
        if (
          await alreadyDone(
            tx,
            application,
            'SUBMIT_ID',
            ['IDENTITY_VERIFICATION'],
            (data) => data.sha256 === digest && data.idType === idType.data,
          )
        ) {
          return result(application);
        }
        requireStep(application, ['IDENTITY_VERIFICATION'], 'Uploading an ID');
        const front = await storeApplicationDocument(tx, app.storage, clock, {
          applicationUuid: application.uuid,
          type: ID_TYPE_FRONT_DOCUMENT[idType.data],
          bytes: upload.bytes,
          contentType: upload.contentType,
          fileName: upload.fileName,
          ownerIdentityUuid: identityUuid,
        });
        return result(
          await moveClosing(tx, clock, application, 'SUBMIT_ID', {
            actor: borrower(identityUuid),
            data: { idType: idType.data, documentUuid: front.uuid, sha256: digest },
            next: {
              kind: CLOSING_JOBS.identityVerify,
              payload: { documentUuid: front.uuid, idType: idType.data },
            },
          }),
        );
      });
    },
  );

  // ---- Valuation order (BPO) ------------------------------------------------------------------

  app.post(
    `${BASE}/bpo/estimate`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The borrower’s estimate of the home’s value (no automated value was available)',
        params,
        body: z.object({ estimatedValueCents: ZEstimatedValueCents }),
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        const { estimatedValueCents } = request.body;
        if (
          await alreadyDone(
            tx,
            application,
            'ESTIMATE_VALUE',
            ['NO_AVM'],
            (data) => data.estimatedValueCents === estimatedValueCents,
          )
        ) {
          return result(application);
        }
        return result(
          await moveClosing(tx, clock, application, 'ESTIMATE_VALUE', {
            actor: borrower(identityUuid),
            data: { estimatedValueCents },
            flags: { bpoStatus: 'ORDER_REQUIRED' },
          }),
        );
      }),
  );

  app.post(
    `${BASE}/bpo/order`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Order the valuation (BPO): the borrower consents to the $180 fee',
        params,
        body: z.object({ feeConsent: z.literal(true), feeCents: z.literal(VALUATION_FEE_CENTS) }),
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        if (await alreadyDone(tx, application, 'ORDER_BPO', ['BPO_ORDER'])) return result(application);
        const estimate = await latestEvent(tx, application.uuid, 'ESTIMATE_VALUE');
        // Texas reaches the order after identity; Noavm before any offer.
        const phase = (await latestEvent(tx, application.uuid, 'ID_VERIFIED_VALUATION_REQUIRED'))
          ? 'CLOSING'
          : 'PREQUAL';
        return result(
          await moveClosing(tx, clock, application, 'ORDER_BPO', {
            actor: borrower(identityUuid),
            data: { feeCents: VALUATION_FEE_CENTS, phase },
            flags: { bpoStatus: 'ORDERED' },
            next: {
              kind: CLOSING_JOBS.bpoOrder,
              payload: { phase, borrowerEstimateCents: estimate?.data.estimatedValueCents ?? null },
            },
          }),
        );
      }),
  );

  // ---- Closing documents and signing ----------------------------------------------------------

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
        const signatures = await tx
          .select()
          .from(schema.applicationSignatures)
          .where(eq(schema.applicationSignatures.applicationUuid, application.uuid));
        return {
          ...result(application),
          esignDisclosureVersion: ESIGN_DISCLOSURE_VERSION,
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
      const [doc] = await app.db
        .select()
        .from(schema.applicationDocuments)
        .where(
          and(
            eq(schema.applicationDocuments.uuid, request.params.documentUuid.toLowerCase()),
            eq(schema.applicationDocuments.applicationUuid, uuid),
          ),
        );
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
        body: z.object({
          documentUuid: ZUuid,
          esignConsent: z.literal(true),
          esignDisclosureVersion: z.literal(ESIGN_DISCLOSURE_VERSION),
          scrolledToBottom: z.literal(true),
          /** Where the borrower signs (the web app asks the browser after the location alert). */
          location: ZSigningLocation.optional(),
        }),
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
        const signatures = await tx
          .select()
          .from(schema.applicationSignatures)
          .where(eq(schema.applicationSignatures.applicationUuid, application.uuid));
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
          requireStep(application, ['NOTE_SIGNING'], 'Signing');
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

  // ---- Notary ---------------------------------------------------------------------------------

  app.post(
    `${BASE}/notary/choice`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'eNotary (online session) or a manual notary appointment ($300 fee, consent required)',
        params,
        body: z.discriminatedUnion('method', [
          z.object({ method: z.literal('ENOTARY') }),
          z.object({
            method: z.literal('MANUAL'),
            feeConsent: z.literal(true),
            feeCents: z.literal(MANUAL_NOTARY_FEE_CENTS),
          }),
        ]),
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        const manual = request.body.method === 'MANUAL';
        if (
          (manual && application.step === 'MANUAL_DEED_SIGNING') ||
          (!manual && application.step === 'DEED_SIGNING')
        ) {
          return result(application);
        }
        const moved = await moveClosing(
          tx,
          clock,
          application,
          manual ? 'CHOOSE_MANUAL_NOTARY' : 'CHOOSE_ENOTARY',
          {
            actor: borrower(identityUuid),
            data: manual ? { feeCents: MANUAL_NOTARY_FEE_CENTS } : {},
            flags: { manualNotary: manual },
          },
        );
        await updateClosing(tx, clock, application.uuid, { notaryMethod: manual ? 'MANUAL' : 'ENOTARY' });
        return result(moved);
      }),
  );

  /** Manual slots: the notary network's, inside the organisation's phone hours (Pacific), so a closer can confirm. */
  async function manualSlots(db: Executor, application: ApplicationRow) {
    const subject = await loadClosingSubject({ db, orgs: app.orgs }, application.uuid);
    const hours = await weekHours(db, 'OPS_PHONE', application.orgCode);
    const slots = await app.providers.notary.listManualSlots({
      applicationUuid: application.uuid,
      address: subject.address,
    });
    return slots.filter(
      (slot) => isOpenAt(hours, slot.startsAt) && isOpenAt(hours, slot.endsAt.getTime() - 60_000),
    );
  }

  app.get(
    `${BASE}/notary/slots`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Manual notary appointment slots for the next two weeks (Pacific time)',
        params,
        response: {
          200: ZNotarySlotsView,
          ...errors,
        },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const uuid = await ownApplicationUuid(app.db, request, identityUuid);
      const [application] = await app.db
        .select()
        .from(schema.helocApplications)
        .where(eq(schema.helocApplications.uuid, uuid));
      requireStep(application!, ['MANUAL_DEED_SIGNING', 'NOTARY_DISCLOSURE'], 'Scheduling a notary');
      return {
        ...result(application!),
        timeZone: 'America/Los_Angeles' as const,
        feeCents: MANUAL_NOTARY_FEE_CENTS,
        slots: (await manualSlots(app.db, application!)).map((slot) => ({
          startsAt: slot.startsAt.toISOString(),
          endsAt: slot.endsAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    `${BASE}/notary/reserve`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Reserve a manual notary appointment slot',
        params,
        body: z.object({ startsAt: z.iso.datetime({ offset: true }) }),
        response: {
          200: ZNotaryReservation,
          ...errors,
        },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const uuid = await ownApplicationUuid(app.db, request, identityUuid);
      const startsAt = new Date(request.body.startsAt);
      return withApplicationLock(app.db, uuid, async (tx, application) => {
        const reserved = await latestEvent(tx, application.uuid, 'RESERVE_NOTARY');
        if (
          application.step !== 'MANUAL_DEED_SIGNING' &&
          reserved &&
          reserved.data.startsAt === startsAt.toISOString()
        ) {
          return {
            ...result(application),
            startsAt: String(reserved.data.startsAt),
            endsAt: String(reserved.data.endsAt),
          };
        }
        requireStep(application, ['MANUAL_DEED_SIGNING'], 'Reserving a notary');
        if (
          !(await manualSlots(tx, application)).some((slot) => slot.startsAt.getTime() === startsAt.getTime())
        ) {
          throw new AppError('BAD_REQUEST', 'This time is no longer available. Please choose another.');
        }
        const subject = await loadClosingSubject({ db: tx, orgs: app.orgs }, application.uuid);
        const booked = await app.providers.notary.bookManualAppointment({
          applicationUuid: application.uuid,
          address: subject.address,
          startsAt,
        });
        if (booked.outcome !== 'BOOKED')
          throw new AppError('BAD_REQUEST', 'This time is no longer available. Please choose another.');
        await updateClosing(tx, clock, application.uuid, { requestedManualNotaryTime: booked.startsAt });
        const moved = await moveClosing(tx, clock, application, 'RESERVE_NOTARY', {
          actor: borrower(identityUuid),
          data: {
            appointmentId: booked.appointmentId,
            startsAt: booked.startsAt.toISOString(),
            endsAt: booked.endsAt.toISOString(),
            feeCents: booked.feeCents,
          },
          next: {
            kind: CLOSING_JOBS.notaryAppointmentDone,
            payload: { appointmentId: booked.appointmentId, endsAt: booked.endsAt.toISOString() },
            runAfter: booked.endsAt,
          },
        });
        return {
          ...result(moved),
          startsAt: booked.startsAt.toISOString(),
          endsAt: booked.endsAt.toISOString(),
        };
      });
    },
  );

  /** The session started in the current DEED_SIGNING visit, with its progress (from the audit trail). */
  async function currentSession(tx: Executor, application: ApplicationRow) {
    const started = await latestEvent(tx, application.uuid, 'NOTARY_SESSION_STARTED');
    const entered = await latestEvent(tx, application.uuid, 'CHOOSE_ENOTARY');
    const expired = await latestEvent(tx, application.uuid, 'NOTARY_SESSION_EXPIRED');
    const floor = Math.max(entered?.id ?? 0, expired?.id ?? 0);
    if (!started || started.id < floor) return null;
    const confirmed = await latestEvent(tx, application.uuid, 'NOTARY_IDENTITY_CONFIRMED');
    const reviewed = await latestEvent(tx, application.uuid, 'NOTARY_DOCUMENT_REVIEWED');
    const session = started.data.session as {
      sessionId: string;
      joinUrl: string;
      startedAt: string;
      expiresAt: string;
    };
    return {
      session,
      identityConfirmed: (confirmed?.id ?? 0) > started.id,
      deedReviewed: (reviewed?.id ?? 0) > started.id,
    };
  }

  async function sessionView(tx: Executor, application: ApplicationRow) {
    const current = await currentSession(tx, application);
    if (!current) return null;
    const subject = await loadClosingSubject({ db: tx, orgs: app.orgs }, application.uuid);
    return {
      ...result(application),
      sessionId: current.session.sessionId,
      joinUrl: current.session.joinUrl,
      expiresAt: current.session.expiresAt,
      questions: kbaQuestions({
        dob: subject.profile.dob,
        street1: subject.address.street1,
        city: subject.address.city,
        applicationUuid: application.uuid,
      }).questions,
      identityConfirmed: current.identityConfirmed,
      deedReviewed: current.deedReviewed,
    };
  }

  app.post(
    `${BASE}/notary/session`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Start (or resume) the electronic notary session: join link and identity questions',
        params,
        response: { 200: ZNotarySessionView, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        requireStep(application, ['DEED_SIGNING'], 'Starting the notary session');
        const existing = await currentSession(tx, application);
        if (existing && Date.parse(existing.session.expiresAt) > clock.now().getTime()) {
          return (await sessionView(tx, application))!;
        }
        const started = await app.providers.notary.startElectronicSession({
          applicationUuid: application.uuid,
          signerIds: [identityUuid],
        });
        if (started.outcome !== 'SESSION_READY') {
          throw new AppError('CONFLICT', 'Our notaries are not available right now.', {
            step: application.step,
            reason: started.reason,
            nextAvailableAt: started.nextAvailableAt?.toISOString() ?? null,
          });
        }
        await recordAction(tx, clock, application, borrower(identityUuid), 'NOTARY_SESSION_STARTED', {
          session: started.session,
        });
        return (await sessionView(tx, application))!;
      }),
  );

  async function requireSession(tx: Executor, application: ApplicationRow) {
    requireStep(application, ['DEED_SIGNING'], 'The notary session');
    const current = await currentSession(tx, application);
    if (!current)
      throw new AppError('CONFLICT', 'Start the notary session first', { step: application.step });
    return current;
  }

  app.post(
    `${BASE}/notary/session/identity`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Answer the notary session’s identity questions',
        params,
        body: z.object({ answers: z.record(z.string().max(40), z.string().max(200)) }),
        response: { 200: ZNotarySessionView, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        const current = await requireSession(tx, application);
        if (!current.identityConfirmed) {
          const subject = await loadClosingSubject({ db: tx, orgs: app.orgs }, application.uuid);
          const { answers } = kbaQuestions({
            dob: subject.profile.dob,
            street1: subject.address.street1,
            city: subject.address.city,
            applicationUuid: application.uuid,
          });
          const wrong = Object.entries(answers).filter(([id, answer]) => request.body.answers[id] !== answer);
          if (wrong.length > 0) {
            await recordAction(tx, clock, application, borrower(identityUuid), 'NOTARY_IDENTITY_FAILED', {
              wrong: wrong.length,
            });
            throw new AppError('BAD_REQUEST', 'Some answers did not match our records. Please try again.', {
              questions: wrong.map(([id]) => id),
            });
          }
          await recordAction(tx, clock, application, borrower(identityUuid), 'NOTARY_IDENTITY_CONFIRMED', {
            sessionId: current.session.sessionId,
          });
        }
        return (await sessionView(tx, application))!;
      }),
  );

  app.post(
    `${BASE}/notary/session/review`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Confirm the deed was reviewed with the notary',
        params,
        body: z.object({ documentUuid: ZUuid, scrolledToBottom: z.literal(true) }),
        response: { 200: ZNotarySessionView, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        const current = await requireSession(tx, application);
        if (!current.identityConfirmed)
          throw new AppError('CONFLICT', 'Answer the identity questions first', { step: application.step });
        const [deed] = (await currentClosingDocuments(tx, application.uuid)).filter(
          (doc) => doc.type === 'DEED_OF_TRUST',
        );
        if (!deed || deed.uuid !== request.body.documentUuid.toLowerCase())
          throw new AppError('NOT_FOUND', 'Document not found');
        if (!current.deedReviewed) {
          await recordAction(tx, clock, application, borrower(identityUuid), 'NOTARY_DOCUMENT_REVIEWED', {
            documentUuid: deed.uuid,
            sessionId: current.session.sessionId,
          });
        }
        return (await sessionView(tx, application))!;
      }),
  );

  app.post(
    `${BASE}/notary/session/sign`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Sign the deed before the notary; the notary completes the session',
        params,
        body: z.object({ esignConsent: z.literal(true) }),
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        if (await alreadyDone(tx, application, 'NOTARY_SIGN', ['DEED_SIGNING'])) {
          if (application.step !== 'MANUAL_DEED_SIGNING' && application.step !== 'NOTARY_DISCLOSURE')
            return result(application);
        }
        const current = await requireSession(tx, application);
        if (!current.identityConfirmed || !current.deedReviewed) {
          throw new AppError('CONFLICT', 'Answer the identity questions and review the deed first', {
            step: application.step,
          });
        }
        return result(
          await moveClosing(tx, clock, application, 'NOTARY_SIGN', {
            actor: borrower(identityUuid),
            data: { sessionId: current.session.sessionId },
            next: { kind: CLOSING_JOBS.notaryComplete, payload: { session: current.session } },
          }),
        );
      }),
  );

  // ---- Insurance ------------------------------------------------------------------------------

  async function insuranceRequirements(tx: Executor, application: ApplicationRow) {
    const closing = await closingOf(tx, application.uuid);
    const found = await latestEvent(tx, application.uuid, 'PROPERTY_FOUND');
    const trust = found?.data.ownershipType === 'TRUST';
    const uploaded = await documentsOfType(tx, application.uuid, Object.values(INSURANCE_UPLOAD_TYPES));
    const requirement = (type: keyof typeof INSURANCE_UPLOAD_TYPES, required: boolean) => ({
      type,
      documentType: INSURANCE_UPLOAD_TYPES[type],
      required,
      uploaded: uploaded.filter((doc) => doc.type === INSURANCE_UPLOAD_TYPES[type]).map(documentView),
    });
    return [
      requirement('hazard', true),
      requirement('flood', closing.floodInsuranceRequired === true),
      requirement('trust', trust),
    ];
  }

  app.get(
    `${BASE}/insurance/requirements`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Insurance (hazard always, flood when the determination requires it) and trust documents needed',
        params,
        response: {
          200: ZInsuranceRequirementsView,
          ...errors,
        },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application) => ({
        ...result(application),
        complete: (await closingOf(tx, application.uuid)).insuranceComplete,
        requirements: await insuranceRequirements(tx, application),
      })),
  );

  app.post(
    `${BASE}/insurance/upload/:type`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Upload proof of hazard or flood insurance, or the certificate of trust (multipart: one `file`)',
        consumes: ['multipart/form-data'],
        params: params.extend({ type: z.enum(['hazard', 'flood', 'trust']) }),
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const uuid = await ownApplicationUuid(app.db, request, identityUuid);
      const upload = await receiveUpload(request, DOCUMENT_CONTENT_TYPES);
      return withApplicationLock(app.db, uuid, async (tx, application) => {
        requireStep(application, ['TRUST_AND_INSURANCE'], 'Uploading insurance');
        await storeOnce(tx, application, INSURANCE_UPLOAD_TYPES[request.params.type], upload, identityUuid);
        const missing = (await insuranceRequirements(tx, application)).filter(
          (each) => each.required && each.uploaded.length === 0,
        );
        if (missing.length > 0) return result(application);
        await updateClosing(tx, clock, application.uuid, { insuranceComplete: true });
        return result(
          await moveClosing(tx, clock, application, 'INSURANCE_COMPLETE', {
            actor: borrower(identityUuid),
            next: { kind: CLOSING_JOBS.rescissionStart },
          }),
        );
      });
    },
  );

  // ---- Conditions the borrower clears ----------------------------------------------------------

  /** One of the application's open conditions, or 404. */
  async function openCondition(tx: Executor, applicationUuid: string, conditionUuid: string) {
    const [condition] = await tx
      .select()
      .from(schema.applicationConditions)
      .where(
        and(
          eq(schema.applicationConditions.uuid, conditionUuid.toLowerCase()),
          eq(schema.applicationConditions.applicationUuid, applicationUuid),
        ),
      );
    if (!condition) throw new AppError('NOT_FOUND', 'Condition not found');
    return condition;
  }

  app.post(
    `${BASE}/conditions/:conditionUuid/phone-number`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'The missing phone number: saved as the borrower’s primary number; clears the condition',
        params: params.extend({ conditionUuid: ZUuid }),
        body: z.object({ phoneNumber: ZPhoneDigits }),
        response: { 200: ZActionResult, ...errors },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application, identityUuid) => {
        const condition = await openCondition(tx, application.uuid, request.params.conditionUuid);
        if (condition.category !== 'MISSING_PHONE_NUMBER') {
          throw new AppError('BAD_REQUEST', 'This condition does not ask for a phone number');
        }
        if (condition.clearedAt) return result(application);
        const number = request.body.phoneNumber;
        await tx
          .update(schema.profilePhoneNumbers)
          .set({ primary: false })
          .where(eq(schema.profilePhoneNumbers.identityUuid, identityUuid));
        await tx
          .insert(schema.profilePhoneNumbers)
          .values({ identityUuid, number, primary: true })
          .onConflictDoUpdate({
            target: [schema.profilePhoneNumbers.identityUuid, schema.profilePhoneNumbers.number],
            set: { primary: true },
          });
        await tx
          .update(schema.applicationConditions)
          .set({ clearedAt: clock.now() })
          .where(eq(schema.applicationConditions.uuid, condition.uuid));
        await recordAction(tx, clock, application, borrower(identityUuid), 'CONDITION_PHONE_NUMBER', {
          conditionUuid: condition.uuid,
        });
        return result(application);
      }),
  );

  // ---- Summary for the complete screen --------------------------------------------------------

  app.get(
    `${BASE}/closing-summary`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary: 'Line amount, first payment, rescission dates and funding (the complete screen)',
        params,
        response: {
          200: ZClosingSummary,
          ...errors,
        },
      },
    },
    async (request) =>
      onOwnApplication(app.db, request, async (tx, application) => {
        const closing = await closingOf(tx, application.uuid);
        const [account] = await tx
          .select({ mask: schema.applicationAccounts.mask })
          .from(schema.applicationAccounts)
          .where(
            and(
              eq(schema.applicationAccounts.applicationUuid, application.uuid),
              eq(schema.applicationAccounts.purpose, 'DISBURSEMENT'),
            ),
          )
          .orderBy(asc(schema.applicationAccounts.createdAt));
        return {
          ...result(application),
          lineAmountCents: application.amountCents,
          monthlyPaymentCents:
            application.amountCents > 0 && application.termYears > 0
              ? monthlyPaymentCents(application.amountCents, application.rateBps, application.termYears)
              : 0,
          firstPaymentDate: closing.transactionDate ? firstPaymentDate(closing.transactionDate) : null,
          rescissionStartDate: closing.transactionDate,
          rescissionDeadline: closing.rescissionDeadline,
          rescissionEndsAt: closing.rescissionDeadline
            ? rescissionEndsAt(closing.rescissionDeadline).toISOString()
            : null,
          fundingDate: closing.fundingDate,
          funded: closing.fundedAt !== null,
          disburseAccountMask: account?.mask ?? null,
        };
      }),
  );

  // ---- Conditions (conditions/upload-document) ------------------------------------------------

  app.post(
    `${BASE}/conditions/:conditionUuid/upload`,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        summary:
          'Upload a document for one of the application’s open conditions (multipart: one `file`, optional `documentType`; PDF, JPEG or PNG up to 10 MB)',
        description:
          'The document types each condition category accepts are CONDITION_UPLOAD_DOCUMENT_TYPES (the first is the default). Each new document lowers the count still asked for (`xtraData.numDocsRequired`); the last one sets `actionNeeded` to false until the lender reviews it. The same file again is the same document and counts once.',
        consumes: ['multipart/form-data'],
        params: params.extend({ conditionUuid: ZUuid }),
        response: {
          200: z.object({
            status: ZApplicationStep,
            condition: z.object({
              uuid: ZUuid,
              categoryEnum: ZConditionCategory,
              actionNeeded: z.boolean(),
              xtraData: z.object({ numDocsRequired: z.number().int() }),
            }),
            document: ZClosingDocumentView,
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      const { identityUuid } = authOf(request);
      const uuid = await ownApplicationUuid(app.db, request, identityUuid);
      const conditionUuid = request.params.conditionUuid.toLowerCase();
      // The condition is checked before the body is read: a wrong id costs no upload.
      const condition = await openConditionOf(app.db, uuid, conditionUuid);
      const allowedTypes = CONDITION_UPLOAD_DOCUMENT_TYPES[condition.category as TConditionCategory] ?? [];
      if (allowedTypes.length === 0) {
        throw new AppError('CONFLICT', 'This condition is not cleared by uploading a document', {
          category: condition.category,
        });
      }
      const upload = await receiveUpload(request, DOCUMENT_CONTENT_TYPES);
      const asked = upload.fields.documentType ?? allowedTypes[0]!;
      const type = allowedTypes.find((each) => each === asked);
      if (!type) {
        throw new AppError('BAD_REQUEST', 'Invalid request', [
          { path: 'body.documentType', message: `Must be one of ${allowedTypes.join(', ')}` },
        ]);
      }
      const { sha256Hex } = await import('../../storage');
      const digest = sha256Hex(upload.bytes);
      return withApplicationLock(app.db, uuid, async (tx, application) => {
        // Re-read under the lock: a concurrent upload may have lowered the count or a job cleared it.
        const current = await openConditionOf(tx, uuid, conditionUuid);
        const [existing] = (await documentsOfType(tx, application.uuid, [type])).filter(
          (doc) => doc.sha256 === digest,
        );
        let document = existing;
        let updated: typeof current | undefined = current;
        if (!existing || !(await conditionCounted(tx, application.uuid, conditionUuid, existing.uuid))) {
          document = existing ?? (await storeOnce(tx, application, type, upload, identityUuid));
          const remaining = current.numDocsRequired - 1;
          [updated] = await tx
            .update(schema.applicationConditions)
            .set(
              remaining >= 1
                ? { numDocsRequired: remaining }
                : // Everything asked for is in: nothing left for the borrower until the lender reviews it.
                  { actionNeeded: false },
            )
            .where(eq(schema.applicationConditions.uuid, conditionUuid))
            .returning();
          await recordAction(tx, clock, application, borrower(identityUuid), 'CONDITION_DOCUMENT_UPLOADED', {
            conditionUuid,
            category: current.category,
            documentUuid: document.uuid,
            type,
          });
        }
        return {
          ...result(application),
          condition: {
            uuid: updated!.uuid,
            categoryEnum: updated!.category as TConditionCategory,
            actionNeeded: updated!.actionNeeded,
            xtraData: { numDocsRequired: updated!.numDocsRequired },
          },
          document: documentView(document!),
        };
      });
    },
  );
};

/** The application's open (not cleared) condition, or 404. */
async function openConditionOf(db: Executor, applicationUuid: string, conditionUuid: string) {
  const [condition] = await db
    .select()
    .from(schema.applicationConditions)
    .where(
      and(
        eq(schema.applicationConditions.uuid, conditionUuid),
        eq(schema.applicationConditions.applicationUuid, applicationUuid),
        isNull(schema.applicationConditions.clearedAt),
      ),
    );
  if (!condition) throw new AppError('NOT_FOUND', 'Condition not found');
  return condition;
}

/** Whether `documentUuid` was already counted for the condition (a repeated upload counts once). */
async function conditionCounted(
  db: Executor,
  applicationUuid: string,
  conditionUuid: string,
  documentUuid: string,
): Promise<boolean> {
  const rows = await db
    .select({ data: schema.applicationEvents.data })
    .from(schema.applicationEvents)
    .where(
      and(
        eq(schema.applicationEvents.applicationUuid, applicationUuid),
        eq(schema.applicationEvents.action, 'CONDITION_DOCUMENT_UPLOADED'),
      ),
    );
  return rows.some(
    (row) => row.data?.conditionUuid === conditionUuid && row.data?.documentUuid === documentUuid,
  );
}
