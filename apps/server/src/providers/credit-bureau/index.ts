/**
 * Credit bureau: soft pull (prequalification, no score impact) and hard pull (after the hard-credit
 * consent), with the outcomes the borrower flow routes on (spec 1 §4): no match → SSN retry, frozen,
 * frozen with a PIN, no score, and a report.
 *
 * Production: a tri-merge or single-bureau API (e.g. Experian Connect / Equifax InterConnect / a
 * reseller such as MeridianLink) over mutual-TLS; soft pulls use the prequalification product code,
 * hard pulls the full-file product code with the consent timestamp; freezes come back as bureau
 * status codes and the PIN is passed through the bureau's lift-freeze field. Full SSNs are sent over
 * the wire only and never returned: results carry the last 4 digits.
 */
import type { ApplicantRef, PropertyAddress, ProviderCallOptions } from '../shared';

export type CreditPullKind = 'SOFT' | 'HARD';

export interface CreditPullRequest {
  kind: CreditPullKind;
  applicant: ApplicantRef;
  address: PropertyAddress;
  /** Full SSN (9 digits, dashes allowed); absent on the first soft pull, present on the SSN retry. */
  ssn?: string | null;
  /** Freeze PIN, when the borrower was asked for one. */
  freezePin?: string | null;
  /** When the borrower consented (the bureau records it with the inquiry). */
  consentedAt: Date;
}

export type TradelineType = 'MORTGAGE' | 'HELOC' | 'AUTO' | 'STUDENT' | 'REVOLVING' | 'INSTALLMENT';

export interface Tradeline {
  tradelineId: string;
  type: TradelineType;
  creditorName: string;
  balanceCents: number;
  monthlyPaymentCents: number;
  /** Worst delinquency in the last 12 months, days past due (0 = current). */
  worstDaysPastDue12m: number;
}

/** Reasons the bureau file alone makes the application ineligible (the generic decline). */
export type CreditDeclineIndicator = 'BANKRUPTCY' | 'FORECLOSURE' | 'OFAC_MATCH';

export interface CreditReport {
  outcome: 'REPORT';
  pullId: string;
  kind: CreditPullKind;
  score: number;
  scoreModel: 'FICO_8';
  ssnLast4: string | null;
  tradelines: Tradeline[];
  /** Sum of the tradelines' monthly payments: the debt side of DTI. */
  monthlyDebtCents: number;
  /** A mortgage 60+ days late in the last 12 months (→ delinquency review). */
  mortgageDelinquency: boolean;
  declineIndicators: CreditDeclineIndicator[];
  /**
   * The bureau's income estimate from the file (an income-estimation model such as Experian Income
   * Insight), or null when it has none. Underwriting does not qualify on more than this before income
   * is verified.
   */
  estimatedAnnualIncomeCents: number | null;
  /** The score's key factors (reason codes as text), most important first (FCRA 1681g(f)). */
  scoreFactors: string[];
  pulledAt: Date;
}

export type CreditPullResult =
  | CreditReport
  /** No file found on name/address: ask for the SSN and pull again (credit/social). */
  | { outcome: 'NO_MATCH'; pullId: string; kind: CreditPullKind }
  /** A file exists but carries no score (thin file; Nomatch with SSN …0000): review-app/no-credit. */
  | { outcome: 'NO_SCORE'; pullId: string; kind: CreditPullKind; ssnLast4: string | null }
  /** Frozen without a PIN path: the borrower must lift it at the bureau (credit/error). */
  | { outcome: 'FROZEN'; pullId: string; kind: CreditPullKind }
  /** Frozen; a PIN lifts it for this pull. `pinRejected` when a PIN was given and was wrong. */
  | { outcome: 'FROZEN_PIN_REQUIRED'; pullId: string; kind: CreditPullKind; pinRejected: boolean };

export type CreditPullOutcome = CreditPullResult['outcome'];

/** The consumer reporting agency as an adverse action notice must name it (FCRA 1681m(a)). */
export interface CreditReportingAgency {
  name: string;
  address: { street1: string; street2?: string | null; city: string; state: string; zip: string };
  /** Toll-free number as displayed. */
  phone: string;
  website: string | null;
  /** Range of the score model it reports. */
  scoreModelName: string;
  scoreRangeMin: number;
  scoreRangeMax: number;
}

export interface CreditBureauProvider {
  /** Who the bureau is (named on adverse action notices). */
  readonly agency: CreditReportingAgency;
  /**
   * Pulls a file. Resolves with one of the outcomes; rejects with ProviderTimeoutError when the
   * bureau does not answer (the job retries, then dead-letters → error/timeout), and with
   * ProviderInputError on a malformed SSN.
   */
  pull(request: CreditPullRequest, options?: ProviderCallOptions): Promise<CreditPullResult>;
}
