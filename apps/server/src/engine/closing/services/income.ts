/**
 * Income as services: the income view, the bank or payroll link (link token, the sandbox widget's
 * authentication, the exchange), income document uploads and their submission, employer verification.
 */
import {
  INCOME_UPLOAD_DOCUMENT_TYPES,
  type TActionResult,
  type TDocumentType,
  type TIncomeUploadType,
} from '@heloc/domain';
import type { Executor } from '../../../db';
import { AppError } from '../../../lib/errors';
import { SANDBOX_CREDENTIALS } from '../../../providers/income/sandbox';
import type { receiveUpload } from '../../../uploads';
import type { ApplicationRow } from '../../../workflow/step-machine';
import {
  actionResult as result,
  alreadyDone,
  borrowerActor as borrower,
  requireStep,
} from '../../route-helpers';
import type { EngineDeps, OwnApplication as Own } from '../../services/deps';
import type { ParsedBody } from '../../services/parsed-body';
import { stepsAllowing } from '../../steps';
import { documentsOfType } from '../documents';
import { INCOME_DOCUMENT_TYPES } from '../jobs';
import type { LinkTokens, PublicTokenClaims } from '../link-tokens';
import { listIncomeSources } from '../repository';
import { documentView } from '../../submission/documents';
import { storeOnce } from './stored-documents';
import { CLOSING_JOBS, latestEvent, loadClosingSubject, moveClosing } from '../store';

/** The income review: verified sources, the documents still asked for and those uploaded. */
export async function getIncome(
  tx: Executor,
  _deps: Pick<EngineDeps, never>,
  { application }: { application: ApplicationRow },
) {
  const sources = await listIncomeSources(tx, application.uuid);
  const asked =
    (await latestEvent(tx, application.uuid, 'INCOME_DOCUMENTS_REQUIRED')) ??
    (await latestEvent(tx, application.uuid, 'INCOME_PARTIAL'));
  const open = application.step === 'INCOME_VERIFICATION' && application.statusFlags.manualPaystubUpload;
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
}

/** Starts a bank or payroll link: a link token, the sandbox institutions and their test credentials. */
export async function startIncomeLink(
  _tx: Executor,
  { clock, providers }: Pick<EngineDeps, 'clock' | 'providers'>,
  {
    application,
    linkTokens,
    body,
  }: { application: ApplicationRow; linkTokens: LinkTokens; body: ParsedBody<'income/link-token'> },
) {
  // A link serves income and both account steps.
  requireStep(
    application,
    stepsAllowing('LINK_INCOME', 'SET_DISBURSEMENT_ACCOUNT', 'SET_AUTOPAY'),
    'Linking an account',
  );
  const { kind } = body;
  return {
    linkToken: await linkTokens.linkToken({ applicationUuid: application.uuid, kind }),
    expiration: new Date(clock.now().getTime() + 30 * 60_000).toISOString(),
    institutions: await providers.income.listInstitutions(kind),
    sandboxCredentials: {
      username: SANDBOX_CREDENTIALS.good.username,
      password: SANDBOX_CREDENTIALS.good.password,
      mfaUsername: SANDBOX_CREDENTIALS.mfa.username,
      mfaCode: SANDBOX_CREDENTIALS.mfa.code,
    },
  };
}

/**
 * The sandbox link widget: the institution's credentials (and MFA code) give a public token. Runs
 * without the application's lock (`db` is the database), like the aggregator's hosted widget.
 */
export async function authenticateIncomeLink(
  db: Executor,
  { orgs, providers }: Pick<EngineDeps, 'orgs' | 'providers'>,
  {
    applicationUuid,
    linkTokens,
    body,
  }: { applicationUuid: string; linkTokens: LinkTokens; body: ParsedBody<'income/link/authenticate'> },
) {
  const claims = await linkTokens.readLinkToken(body.linkToken, applicationUuid);
  const subject = await loadClosingSubject({ db, orgs }, applicationUuid);
  const institution = (await providers.income.listInstitutions(claims.kind)).find(
    (each) => each.institutionId === body.institutionId,
  );
  if (!institution) throw new AppError('BAD_REQUEST', 'Unknown institution');
  const linked = await providers.income.link({
    applicant: subject.applicant,
    institutionId: institution.institutionId,
    username: body.username,
    password: body.password,
    mfaCode: body.mfaCode ?? null,
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
}

/** Takes the bank or payroll link of an exchanged public token (the same link again is a repeat); verifies the income. */
export async function linkIncome(
  tx: Executor,
  { clock }: Pick<EngineDeps, 'clock'>,
  { application, identityUuid, claims }: Own & { claims: PublicTokenClaims },
): Promise<TActionResult> {
  if (await alreadyDone(tx, application, 'LINK_INCOME', (data) => data.linkId === claims.linkId)) {
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
}

/** Stores one income document (the same file as the same type again is the same document). */
export async function uploadIncomeDocument(
  tx: Executor,
  deps: Pick<EngineDeps, 'clock' | 'storage'>,
  {
    application,
    identityUuid,
    uploadType,
    upload,
  }: Own & {
    uploadType: TIncomeUploadType;
    upload: Awaited<ReturnType<typeof receiveUpload>>;
  },
) {
  const type = INCOME_UPLOAD_DOCUMENT_TYPES[uploadType];
  requireStep(application, stepsAllowing('SUBMIT_INCOME_DOCUMENTS'), 'Uploading income documents');
  const document = await storeOnce(tx, deps, { application, type, upload, identityUuid });
  return { ...result(application), document: documentView(document) };
}

/** Sends the uploaded income documents for review (the document upload path). */
export async function submitIncomeDocuments(
  tx: Executor,
  { clock }: Pick<EngineDeps, 'clock'>,
  { application, identityUuid }: Own,
): Promise<TActionResult> {
  if (await alreadyDone(tx, application, 'SUBMIT_INCOME_DOCUMENTS')) {
    if (application.step === 'WAITING_FOR_INCOME') return result(application);
  }
  requireStep(application, stepsAllowing('SUBMIT_INCOME_DOCUMENTS'), 'Submitting income documents');
  const documents = await documentsOfType(tx, application.uuid, INCOME_DOCUMENT_TYPES);
  if (documents.length === 0) throw new AppError('BAD_REQUEST', 'Upload at least one income document first');
  return result(
    await moveClosing(tx, clock, application, 'SUBMIT_INCOME_DOCUMENTS', {
      actor: borrower(identityUuid),
      data: { documents: documents.map((doc) => doc.uuid) },
      next: { kind: CLOSING_JOBS.incomeReviewDocuments },
    }),
  );
}

/** The employer to verify employment with (the same employer again is a repeat); starts the verification. */
export async function submitEmployer(
  tx: Executor,
  { clock }: Pick<EngineDeps, 'clock'>,
  { application, identityUuid, body }: Own & { body: ParsedBody<'income/employer-verification'> },
): Promise<TActionResult> {
  const { employerName } = body;
  if (await alreadyDone(tx, application, 'SUBMIT_EMPLOYER', (data) => data.employerName === employerName)) {
    return result(application);
  }
  return result(
    await moveClosing(tx, clock, application, 'SUBMIT_EMPLOYER', {
      actor: borrower(identityUuid),
      data: { employerName },
      next: { kind: CLOSING_JOBS.employmentVerify, payload: { employerName } },
    }),
  );
}
