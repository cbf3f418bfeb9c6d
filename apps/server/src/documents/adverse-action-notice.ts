/**
 * Adverse action notice for a declined application, combining:
 * - ECOA / Regulation B (12 CFR 1002.9(a)(2), (b)): the action taken, the creditor's name and address,
 *   the anti-discrimination notice of 1002.9(b)(1) naming the federal agency that administers
 *   compliance for this creditor (appendix A: NCUA for a federal credit union, CFPB for the other
 *   creditors we serve), and the statement of specific principal reasons.
 * - FCRA (15 U.S.C. 1681m(a), 1681g(f)): the credit score used with its range, the date it was
 *   created and up to four key factors; the consumer reporting agency's name, address and toll-free
 *   phone; that the agency did not make the decision; the right to a free report within 60 days and to
 *   dispute its accuracy.
 */
import { type DeclineReason, type TAddressParts, type TOrgData } from '@heloc/domain';
import { PdfLayout, type TPdfDocument } from './layout';
import { address, displayDate, lenderAddress, lenderName } from './loan-terms';

/** Specific reasons in the style of Regulation B's sample form C-1 (never just "credit score"). */
export const DECLINE_REASON_TEXT: Record<DeclineReason, string> = {
  NO_CREDIT_SCORE: 'Insufficient credit file: no credit score could be obtained',
  CREDIT_SCORE_BELOW_FLOOR: 'Credit score below our minimum requirement (see the key factors below)',
  DTI_ABOVE_CAP: 'Excessive obligations in relation to income',
  CLTV_ABOVE_CAP: 'Insufficient equity in the property: combined loan-to-value above our maximum',
  PROPERTY_CONDITION: 'Value or type of collateral not sufficient: property condition below our requirement',
  STATE_NOT_LICENSED: 'We do not grant credit for property in the state where the property is located',
  LINE_BELOW_MINIMUM: 'The credit amount available is below our minimum line amount',
  LINE_ABOVE_MAXIMUM: 'The credit amount requested is above our maximum line amount',
};

export interface TFederalAgency {
  name: string;
  address: string;
}

const NCUA: TFederalAgency = {
  name: 'National Credit Union Administration, Office of Consumer Financial Protection',
  address: '1775 Duke Street, Alexandria, VA 22314',
};
const CFPB: TFederalAgency = {
  name: 'Consumer Financial Protection Bureau',
  address: '1700 G Street NW, Washington, DC 20552',
};

/**
 * The agency named in the ECOA notice, from the organisation kind. Credit unions are NCUA's; the main
 * lender and the mortgage companies are non-bank mortgage lenders the CFPB supervises.
 */
export function federalAgencyFor(org: TOrgData): TFederalAgency {
  return org.orgMetaData.kind === 'CREDIT_UNION' ? NCUA : CFPB;
}

export interface TCreditBureau {
  name: string;
  address: TAddressParts;
  /** Toll-free number as displayed. */
  phone: string;
  website: string | null;
}

export interface TCreditScoreDisclosure {
  /** null when the bureau returned no score (thin file); the report was still used. */
  score: number | null;
  rangeMin: number;
  rangeMax: number;
  /** Date the score was created, yyyy-MM-dd. */
  scoreDate: string;
  /** Key factors that adversely affected the score, most important first; at most four are printed. */
  keyFactors: readonly string[];
  modelName: string;
}

export interface TAdverseActionNoticeInput {
  org: TOrgData;
  /** Date of the notice, yyyy-MM-dd. */
  noticeDate: string;
  /** Date the application was received, yyyy-MM-dd. */
  applicationDate: string;
  applicationId: string;
  applicantName: string;
  applicantAddress: TAddressParts;
  /** The principal reasons, most important first (from assessEligibility). */
  reasons: readonly DeclineReason[];
  /**
   * Specific reasons outside the underwriting rules, already worded (e.g. "Bankruptcy" from the
   * bureau file), printed after `reasons`.
   */
  additionalReasons?: readonly string[];
  creditScore: TCreditScoreDisclosure;
  bureau: TCreditBureau;
}

/** FCRA 1681g(f)(1)(C): up to four key factors (a fifth only for inquiries, which we do not score). */
export const MAX_KEY_FACTORS = 4;

export async function generateAdverseActionNotice(input: TAdverseActionNoticeInput): Promise<TPdfDocument> {
  const { org, creditScore, bureau } = input;
  const reasons = [
    ...new Set([
      ...input.reasons.map((reason) => DECLINE_REASON_TEXT[reason]),
      ...(input.additionalReasons ?? []),
    ]),
  ];
  if (reasons.length === 0) throw new RangeError('An adverse action notice needs at least one reason');
  const lender = lenderName(org);
  const agency = federalAgencyFor(org);
  const layout = await PdfLayout.create({
    title: 'Notice of Action Taken and Statement of Reasons',
    subject: `Adverse action notice for application ${input.applicationId}`,
    org,
    date: input.noticeDate,
    keywords: ['HELOC', 'ADVERSE_ACTION_NOTICE', input.applicationId],
  });

  layout.keyValues([
    ['Date', displayDate(input.noticeDate)],
    ['Applicant', input.applicantName],
    ['Address', address(input.applicantAddress)],
    ['Application ID', input.applicationId],
    ['Application received', displayDate(input.applicationDate)],
    ['Credit requested', 'Home equity line of credit'],
    ['Creditor', `${lender}, ${lenderAddress(org)}`],
  ]);

  layout.heading('Action taken');
  layout.text(
    `Thank you for your application. After careful review we are unable to approve your request for a home ` +
      'equity line of credit. Your application has been declined.',
  );

  layout.heading('Principal reasons for our decision');
  layout.bullets(reasons);

  layout.heading('Your credit score');
  layout.text(
    `Our decision was based in whole or in part on information obtained in a report from the consumer ` +
      `reporting agency listed below. We also obtained your credit score from this agency and used it in ` +
      'making our decision.',
  );
  const factors = creditScore.keyFactors.slice(0, MAX_KEY_FACTORS);
  layout.keyValues([
    [
      'Your credit score',
      creditScore.score === null
        ? 'Not available: the agency could not produce a score'
        : String(creditScore.score),
    ],
    ['Scoring model', creditScore.modelName],
    ['Range of possible scores', `${creditScore.rangeMin} to ${creditScore.rangeMax}`],
    ['Date of score', displayDate(creditScore.scoreDate)],
  ]);
  if (factors.length > 0) {
    layout.text('Key factors that adversely affected your credit score:', { bold: true });
    layout.bullets(factors);
  }

  layout.heading('Consumer reporting agency');
  layout.keyValues([
    ['Name', bureau.name],
    ['Address', address(bureau.address)],
    ['Toll-free phone', bureau.phone],
    ...(bureau.website ? [['Website', bureau.website] as const] : []),
  ]);
  layout.text(
    'The consumer reporting agency played no part in our decision and is unable to supply specific reasons ' +
      'why we have denied credit to you. You have a right under the Fair Credit Reporting Act to know the ' +
      'information contained in your credit file at the consumer reporting agency. You have a right to a free ' +
      'copy of your report from the agency if you request it no later than 60 days after you receive this ' +
      'notice. In addition, if you find that any information in the report is inaccurate or incomplete, you ' +
      'have the right to dispute the matter with the reporting agency.',
  );

  layout.heading('Notice: Equal Credit Opportunity Act');
  layout.text(
    'The federal Equal Credit Opportunity Act prohibits creditors from discriminating against credit ' +
      'applicants on the basis of race, color, religion, national origin, sex, marital status, age (provided ' +
      'the applicant has the capacity to enter into a binding contract); because all or part of the ' +
      "applicant's income derives from any public assistance program; or because the applicant has in good " +
      'faith exercised any right under the Consumer Credit Protection Act. The federal agency that administers ' +
      `compliance with this law concerning this creditor is the ${agency.name}, ${agency.address}.`,
  );

  layout.heading('Questions');
  layout.text(
    `If you have questions about this notice, contact ${lender} at ${org.orgMetaData.companyInfo.phoneFormatted} ` +
      `or ${org.orgMetaData.companyInfo.email}, or write to us at ${lenderAddress(org)}.`,
  );
  return layout.finish();
}
