/**
 * Application summary: what the borrower told us and the offer they chose, for them to review and
 * sign before the hard credit pull. Identifiers are masked (account last 4 only, no SSN: DESIGN §9).
 */
import {
  accountMask,
  EMPLOYMENT_TYPE_LABELS,
  type TAddressParts,
  type TEmploymentType,
  type TOrgData,
} from '@heloc/domain';
import { type TPdfDocument } from './layout';
import {
  address,
  displayDate,
  exactMoney,
  money,
  openLoanDocument,
  percent,
  years,
  type TLoanTerms,
} from './loan-terms';

export interface TApplicantSummary {
  fullName: string;
  /** yyyy-MM-dd */
  dateOfBirth: string;
  email: string;
  /** As displayed, e.g. "(555) 010-0199". */
  phone: string;
  mailingAddress: TAddressParts;
}

export interface TIncomeSummary {
  employmentType: TEmploymentType;
  employerName: string | null;
  annualIncomeCents: number;
}

export interface TApplicationSummaryInput {
  org: TOrgData;
  /** yyyy-MM-dd */
  documentDate: string;
  applicationId: string;
  applicant: TApplicantSummary;
  /** Additional signers (co-deeders) by name. */
  additionalSigners: readonly string[];
  propertyAddress: TAddressParts;
  estimatedValueCents: number;
  existingLiensCents: number;
  incomeSources: readonly TIncomeSummary[];
  terms: TLoanTerms;
  /** Disbursement account number (only its last 4 are printed), or null before it is linked. */
  disbursementAccountNumber: string | null;
}

export async function generateApplicationSummary(input: TApplicationSummaryInput): Promise<TPdfDocument> {
  const { org, terms, applicant } = input;
  const { layout, figures } = await openLoanDocument({
    terms,
    title: 'HELOC Application Summary',
    subject: `Application summary for application ${input.applicationId}`,
    org,
    date: input.documentDate,
    keywords: ['HELOC', 'APPLICATION_SUMMARY', input.applicationId],
  });

  layout.keyValues([
    ['Application ID', input.applicationId],
    ['Date', displayDate(input.documentDate)],
  ]);

  layout.heading('Applicant');
  layout.keyValues([
    ['Name', applicant.fullName],
    ['Date of birth', displayDate(applicant.dateOfBirth)],
    ['Email', applicant.email],
    ['Phone', applicant.phone],
    ['Mailing address', address(applicant.mailingAddress)],
    ['Additional signers', input.additionalSigners.length ? input.additionalSigners.join(', ') : 'None'],
  ]);

  layout.heading('Property');
  layout.keyValues([
    ['Address', address(input.propertyAddress)],
    ['Estimated value', money(input.estimatedValueCents)],
    ['Existing liens', money(input.existingLiensCents)],
  ]);

  layout.heading('Income');
  if (input.incomeSources.length === 0) layout.text('No income sources were given.');
  for (const source of input.incomeSources) {
    layout.keyValues([
      ['Employment type', EMPLOYMENT_TYPE_LABELS[source.employmentType]],
      ['Employer', source.employerName ?? 'Not applicable'],
      ['Annual income', money(source.annualIncomeCents)],
    ]);
  }

  layout.heading('Selected offer');
  const mask = accountMask(input.disbursementAccountNumber);
  layout.keyValues([
    ['Credit limit', money(terms.lineAmountCents)],
    ['Initial draw', money(terms.initialDrawCents)],
    ['Fixed rate', percent(terms.rateBps)],
    ['Term', years(terms.termYears)],
    ['Monthly payment', exactMoney(figures.monthlyPaymentCents)],
    ['ANNUAL PERCENTAGE RATE', percent(figures.aprBps)],
    ['Origination fee', exactMoney(terms.originationFeeCents)],
    ['Amount you receive at funding', exactMoney(figures.netProceedsCents)],
    ['Disbursement account', mask ? `Account ending in ${mask}` : 'Not yet linked'],
  ]);

  layout.heading('Certification');
  layout.text(
    'I certify that the information in this application is true and complete, and I authorize the lender to ' +
      'verify it, including by obtaining a consumer credit report, and to verify my income, employment and ' +
      'the value and condition of the property.',
  );
  layout.signatureLine(applicant.fullName, 'Applicant');
  return layout.finish();
}
