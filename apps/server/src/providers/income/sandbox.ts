/**
 * Deterministic income verification with sandbox institutions and credentials:
 *   user_good / pass_good → linked; user_mfa / pass_good → MFA challenge, code 1234 passes;
 *   user_bad (or any other pair) → invalid credentials.
 * Scenario by last name: Paystub partial, Assets unverified, Selfemployed documents, else $150,000/yr.
 */
import type { TDocumentType, TEmploymentType } from '@heloc/domain';
import { SANDBOX_VALUES, scenarioForLastName } from '../scenario';
import { hashInt, ProviderInputError, sandboxId, type ApplicantRef } from '../shared';
import type { IncomeProvider, Institution, LinkedAccount, RequiredDocument } from './index';

export const SANDBOX_INSTITUTIONS: readonly Institution[] = [
  { institutionId: 'sbx_ins_bank', name: 'Sandbox Bank', kind: 'BANK' },
  { institutionId: 'sbx_ins_payroll', name: 'Sandbox Payroll', kind: 'PAYROLL' },
];

export const SANDBOX_CREDENTIALS = {
  good: { username: 'user_good', password: 'pass_good' },
  mfa: { username: 'user_mfa', password: 'pass_good', code: '1234' },
  bad: { username: 'user_bad' },
} as const;

/** Routing number of the sandbox bank's linked accounts (valid ABA checksum). */
export const SANDBOX_LINKED_ROUTING_NUMBER = '021000021';

const MFA_PROMPT = 'Enter the 4-digit code sent to your phone';

/** Self-employed income: the two most recent federal tax returns. */
const SELF_EMPLOYED_DOCUMENTS: readonly RequiredDocument[] = [{ documentType: 'TAX_RETURN', count: 2 }];
const PAYSTUB_DOCUMENTS: readonly RequiredDocument[] = [{ documentType: 'USER_UPLOADED_PAYSTUB', count: 1 }];

/** Employment types with no employer to verify. */
const NO_EMPLOYER: readonly TEmploymentType[] = [
  'SELF_EMPLOYED',
  'RETIRED',
  'UNEMPLOYED',
  'SEPARATE_MAINTENANCE_PAYMENTS',
];

/** Content types a document reader accepts (the upload route sniffs content; this is the second line). */
const READABLE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'];

function personKey(applicant: ApplicantRef): string {
  return `${applicant.firstName.trim().toUpperCase()} ${applicant.lastName.trim().toUpperCase()}`;
}

function isSelfEmployed(applicant: ApplicantRef, employmentType: TEmploymentType): boolean {
  return employmentType === 'SELF_EMPLOYED' || scenarioForLastName(applicant.lastName) === 'SELFEMPLOYED';
}

function missing(
  required: readonly RequiredDocument[],
  documents: readonly { documentType: TDocumentType; contentType: string; sizeBytes: number }[],
): RequiredDocument[] {
  return required
    .map(({ documentType, count }) => ({
      documentType,
      count:
        count -
        documents.filter(
          (doc) =>
            doc.documentType === documentType &&
            doc.sizeBytes > 0 &&
            READABLE_TYPES.includes(doc.contentType),
        ).length,
    }))
    .filter((need) => need.count > 0);
}

export function createSandboxIncome(): IncomeProvider {
  return {
    async accountNumbers({ linkId, accountId }) {
      const suffix = accountId.startsWith(`${linkId}_`) ? accountId.slice(linkId.length + 1) : null;
      const mask = suffix === 'chk' ? '1111' : suffix === 'sav' ? '2222' : null;
      if (!linkId.startsWith('sbx_lnk_') || !mask) return { outcome: 'UNKNOWN_ACCOUNT' };
      return {
        outcome: 'FOUND',
        // A valid ABA number (checksum 0) and a stable account number ending in the account's mask.
        routingNumber: SANDBOX_LINKED_ROUTING_NUMBER,
        accountNumber: `${hashInt(10_000_000, 99_999_999, accountId)}${mask}`,
        mask,
        type: suffix === 'chk' ? 'CHECKING' : 'SAVINGS',
      };
    },

    async listInstitutions(kind) {
      return SANDBOX_INSTITUTIONS.filter((institution) => kind === undefined || institution.kind === kind);
    },

    async link(request) {
      const institution = SANDBOX_INSTITUTIONS.find((each) => each.institutionId === request.institutionId);
      if (!institution) return { outcome: 'UNKNOWN_INSTITUTION' };
      const { username, password } = request;
      const good =
        username === SANDBOX_CREDENTIALS.good.username && password === SANDBOX_CREDENTIALS.good.password;
      const mfa =
        username === SANDBOX_CREDENTIALS.mfa.username && password === SANDBOX_CREDENTIALS.mfa.password;
      if (!good && !mfa) return { outcome: 'INVALID_CREDENTIALS' };
      if (mfa) {
        const code = request.mfaCode?.trim();
        if (!code) return { outcome: 'MFA_REQUIRED', prompt: MFA_PROMPT };
        if (code !== SANDBOX_CREDENTIALS.mfa.code) return { outcome: 'MFA_INCORRECT', prompt: MFA_PROMPT };
      }
      const linkId = sandboxId('lnk', institution.institutionId, username, personKey(request.applicant));
      const assets = scenarioForLastName(request.applicant.lastName) === 'ASSETS';
      const accounts: LinkedAccount[] =
        institution.kind === 'BANK'
          ? [
              {
                accountId: `${linkId}_chk`,
                name: 'Sandbox Checking',
                mask: '1111',
                type: 'CHECKING',
                balanceCents: assets ? SANDBOX_VALUES.assetsBalanceCents : 1_250_000,
              },
              {
                accountId: `${linkId}_sav`,
                name: 'Sandbox Savings',
                mask: '2222',
                type: 'SAVINGS',
                balanceCents: 4_000_000,
              },
            ]
          : [
              {
                accountId: `${linkId}_pay`,
                name: 'Sandbox Payroll Account',
                mask: '3333',
                type: 'PAYROLL',
                balanceCents: 0,
              },
            ];
      return {
        outcome: 'LINKED',
        linkId,
        institutionId: institution.institutionId,
        institutionName: institution.name,
        kind: institution.kind,
        accounts,
      };
    },

    async verifyIncome(request) {
      if (!request.linkId.startsWith('sbx_lnk_')) throw new ProviderInputError('income', 'unknown link id');
      const reportId = sandboxId('inc', request.linkId, request.employmentType);
      if (isSelfEmployed(request.applicant, request.employmentType)) {
        return {
          outcome: 'DOCUMENTS_REQUIRED',
          reportId,
          reason: 'SELF_EMPLOYED',
          requiredDocuments: [...SELF_EMPLOYED_DOCUMENTS],
        };
      }
      switch (scenarioForLastName(request.applicant.lastName)) {
        case 'PAYSTUB':
          return {
            outcome: 'PARTIAL',
            reportId,
            verifiedAnnualIncomeCents: SANDBOX_VALUES.partialAnnualIncomeCents,
            manualPaystubUpload: { numDocsRequired: 1 },
          };
        case 'ASSETS':
          return {
            outcome: 'UNVERIFIED',
            reportId,
            reason: 'NO_RECURRING_INCOME',
            // Checking (the asset balance) plus the $40,000 savings account of the link.
            assetsBalanceCents: SANDBOX_VALUES.assetsBalanceCents + 4_000_000,
          };
        default:
          return {
            outcome: 'VERIFIED',
            reportId,
            annualIncomeCents: SANDBOX_VALUES.annualIncomeCents,
            sources: [
              {
                sourceName: 'Sandbox Employer Inc.',
                employmentType: request.employmentType,
                annualIncomeCents: SANDBOX_VALUES.annualIncomeCents,
              },
            ],
          };
      }
    },

    async verifyEmployment(request) {
      const verificationId = sandboxId(
        'voe',
        personKey(request.applicant),
        request.employerName.trim().toUpperCase(),
      );
      if (isSelfEmployed(request.applicant, request.employmentType)) {
        return { outcome: 'NOT_APPLICABLE', verificationId, reason: 'SELF_EMPLOYED' };
      }
      if (NO_EMPLOYER.includes(request.employmentType)) {
        return { outcome: 'NOT_APPLICABLE', verificationId, reason: request.employmentType };
      }
      if (request.employerName.trim() === '') return { outcome: 'UNABLE_TO_VERIFY', verificationId };
      return {
        outcome: 'VERIFIED',
        verificationId,
        employerName: request.employerName.trim(),
        employmentType: request.employmentType,
      };
    },

    async reviewDocuments(request) {
      const reviewId = sandboxId(
        'doc',
        personKey(request.applicant),
        ...request.documents.map((doc) => doc.documentUuid).sort(),
      );
      const required = isSelfEmployed(request.applicant, request.employmentType)
        ? SELF_EMPLOYED_DOCUMENTS
        : PAYSTUB_DOCUMENTS;
      const stillNeeded = missing(required, request.documents);
      if (stillNeeded.length > 0)
        return { outcome: 'MORE_DOCUMENTS_REQUIRED', reviewId, requiredDocuments: stillNeeded };
      return { outcome: 'VERIFIED', reviewId, annualIncomeCents: SANDBOX_VALUES.annualIncomeCents };
    },
  };
}
