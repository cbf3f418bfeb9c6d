/**
 * Income and employment verification (spec 1 §4 "Link Income Sources"): the borrower links a bank
 * or payroll account, the provider reports verified income; partial income asks for paystubs
 * (manual paystub upload condition, numDocsRequired 1), self-employed income goes the document
 * upload path, and no verifiable income with assets leads to asset depletion (UNVERIFIED_DTI_LIMITED).
 *
 * Production: bank-link through an aggregator (Plaid Link + Income/Assets, Finicity/Mastercard Open
 * Banking VOIE), payroll-link through a payroll connector (Argyle, Pinwheel, Truv) and employment
 * through The Work Number (Equifax) VOE; the aggregator's hosted widget collects credentials, so in
 * production the server only exchanges a public token for a link id. Uploaded documents are read by
 * an OCR/classification service (e.g. Ocrolus) or staff.
 */
import type { TDocumentType, TEmploymentType } from '@heloc/domain';
import type { ApplicantRef, ProviderCallOptions } from '../shared';

export type IncomeLinkKind = 'BANK' | 'PAYROLL';

export interface Institution {
  institutionId: string;
  name: string;
  kind: IncomeLinkKind;
}

export interface LinkRequest {
  applicant: ApplicantRef;
  institutionId: string;
  username: string;
  password: string;
  /** The answer to an MFA challenge, on the second call. */
  mfaCode?: string | null;
}

export interface LinkedAccount {
  accountId: string;
  name: string;
  /** Last 4 of the account number; the number itself never leaves the provider. */
  mask: string;
  type: 'CHECKING' | 'SAVINGS' | 'PAYROLL';
  balanceCents: number;
}

export type LinkResult =
  | {
      outcome: 'LINKED';
      linkId: string;
      institutionId: string;
      institutionName: string;
      kind: IncomeLinkKind;
      accounts: LinkedAccount[];
    }
  | { outcome: 'INVALID_CREDENTIALS' }
  | { outcome: 'MFA_REQUIRED'; prompt: string }
  | { outcome: 'MFA_INCORRECT'; prompt: string }
  | { outcome: 'UNKNOWN_INSTITUTION' };

export interface IncomeVerificationRequest {
  applicant: ApplicantRef;
  linkId: string;
  employmentType: TEmploymentType;
  statedAnnualIncomeCents?: number | null;
}

export interface IncomeSource {
  sourceName: string;
  employmentType: TEmploymentType;
  annualIncomeCents: number;
}

export interface RequiredDocument {
  documentType: TDocumentType;
  count: number;
}

export type IncomeVerificationResult =
  | { outcome: 'VERIFIED'; reportId: string; annualIncomeCents: number; sources: IncomeSource[] }
  /** Some income verified; paystubs complete it (manual paystub upload condition). */
  | {
      outcome: 'PARTIAL';
      reportId: string;
      verifiedAnnualIncomeCents: number;
      manualPaystubUpload: { numDocsRequired: number };
    }
  /** No recurring income found; the balances allow an asset-depletion offer instead. */
  | { outcome: 'UNVERIFIED'; reportId: string; reason: 'NO_RECURRING_INCOME'; assetsBalanceCents: number }
  /** Self-employed income is verified from documents, not from a link. */
  | {
      outcome: 'DOCUMENTS_REQUIRED';
      reportId: string;
      reason: 'SELF_EMPLOYED';
      requiredDocuments: RequiredDocument[];
    };

export interface EmploymentVerificationRequest {
  applicant: ApplicantRef;
  employerName: string;
  employmentType: TEmploymentType;
}

export type EmploymentVerificationResult =
  | { outcome: 'VERIFIED'; verificationId: string; employerName: string; employmentType: TEmploymentType }
  /** No employer to call (self-employed, retired, …): income documents stand in. */
  | { outcome: 'NOT_APPLICABLE'; verificationId: string; reason: TEmploymentType }
  | { outcome: 'UNABLE_TO_VERIFY'; verificationId: string };

export interface IncomeDocument {
  documentUuid: string;
  documentType: TDocumentType;
  contentType: string;
  sizeBytes: number;
}

export interface IncomeDocumentReviewRequest {
  applicant: ApplicantRef;
  employmentType: TEmploymentType;
  documents: IncomeDocument[];
}

export type IncomeDocumentReviewResult =
  | { outcome: 'VERIFIED'; reviewId: string; annualIncomeCents: number }
  | { outcome: 'MORE_DOCUMENTS_REQUIRED'; reviewId: string; requiredDocuments: RequiredDocument[] };

/** Routing and account number of a linked account (the aggregator's "auth" product). */
export type LinkedAccountNumbers =
  | {
      outcome: 'FOUND';
      routingNumber: string;
      accountNumber: string;
      mask: string;
      type: LinkedAccount['type'];
    }
  | { outcome: 'UNKNOWN_ACCOUNT' };

export interface IncomeProvider {
  /** Numbers of one account of a link, for disbursement or autopay; never logged or returned to a browser. */
  accountNumbers(
    request: { linkId: string; accountId: string },
    options?: ProviderCallOptions,
  ): Promise<LinkedAccountNumbers>;
  listInstitutions(kind?: IncomeLinkKind): Promise<Institution[]>;
  link(request: LinkRequest, options?: ProviderCallOptions): Promise<LinkResult>;
  verifyIncome(
    request: IncomeVerificationRequest,
    options?: ProviderCallOptions,
  ): Promise<IncomeVerificationResult>;
  verifyEmployment(
    request: EmploymentVerificationRequest,
    options?: ProviderCallOptions,
  ): Promise<EmploymentVerificationResult>;
  /** The document upload path: paystubs (Paystub) and self-employed documents (Selfemployed). */
  reviewDocuments(
    request: IncomeDocumentReviewRequest,
    options?: ProviderCallOptions,
  ): Promise<IncomeDocumentReviewResult>;
}
