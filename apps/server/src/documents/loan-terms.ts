/**
 * The borrower's numbers shared by the disclosure, agreement and closing documents, and the figures
 * derived from them with the domain's own arithmetic (monthlyPaymentCents, aprBps) so a document can
 * never disagree with the offer box. Money is integer cents, rates basis points.
 */
import {
  aprBps,
  formatAddress,
  formatCurrency,
  formatDisplayDate,
  formatPercentFromBps,
  monthlyPaymentCents,
  type TAddressParts,
  type TOrgData,
} from '@heloc/domain';
import { PdfLayout, type TDocumentSetup, type TKeyValueRow } from './layout';

/**
 * Variable-rate terms of later draws (spec 1 §1: the Prime Rate of the prior calendar month plus a
 * fixed margin). primeRateBps is the value for the month the document is dated in, for illustration.
 */
export interface TVariableRateTerms {
  marginBps: number;
  primeRateBps: number;
  /** The month whose Prime Rate is shown, yyyy-MM (the calendar month before the document date). */
  primeRateMonth: string;
  /** Lifetime maximum annual percentage rate (Regulation Z requires a cap on a dwelling-secured plan). */
  maxRateBps: number;
}

export interface TLoanTerms {
  /** Credit limit of the line. */
  lineAmountCents: number;
  /** Drawn at origination (the spec's line is drawn 100% at origination). */
  initialDrawCents: number;
  /** Fixed annual rate of the initial draw, bps. */
  rateBps: number;
  /** Repayment term of the fixed-rate initial draw, years. */
  termYears: number;
  originationFeeCents: number;
  /** Years during which further draws may be taken. */
  drawPeriodYears: number;
  variableRate: TVariableRateTerms;
}

export interface TLoanFigures {
  monthlyPaymentCents: number;
  aprBps: number;
  /** The initial draw less the origination fee: what the borrower receives at funding. */
  netProceedsCents: number;
}

/** The rate of a later draw taken now: the Prime Rate shown plus the margin. */
export function laterDrawRateBps(variable: TVariableRateTerms): number {
  return variable.primeRateBps + variable.marginBps;
}

export function loanFigures(terms: TLoanTerms): TLoanFigures {
  return {
    monthlyPaymentCents: monthlyPaymentCents(terms.initialDrawCents, terms.rateBps, terms.termYears),
    aprBps: aprBps({
      amountCents: terms.initialDrawCents,
      feeCents: terms.originationFeeCents,
      rateBps: terms.rateBps,
      termYears: terms.termYears,
    }),
    netProceedsCents: terms.initialDrawCents - terms.originationFeeCents,
  };
}

/** Whole dollars for limits and large amounts (spec: 0 decimals by default). */
export const money = (cents: number): string => formatCurrency(cents);
/** Cents shown for payments and fees, where a rounded figure would misstate the amount. */
export const exactMoney = (cents: number): string => formatCurrency(cents, { decimals: 2 });
/** Rates in documents use 2 decimals ("7.60%"), as the spec's APR range is written. */
export const percent = (bps: number): string => formatPercentFromBps(bps, { decimals: 2 });
export const displayDate = (isoDate: string): string => formatDisplayDate(isoDate);
export const address = (parts: TAddressParts): string => formatAddress(parts);

export function years(count: number): string {
  return `${count} year${count === 1 ? '' : 's'}`;
}

/** "January 2027" from "2027-01": the Prime Rate's month, written out so it cannot be misread. */
export function monthName(yearMonth: string): string {
  const match = /^(\d{4})-(\d{2})$/.exec(yearMonth);
  const month = Number(match?.[2]);
  if (!match || month < 1 || month > 12) throw new RangeError(`Invalid month: ${JSON.stringify(yearMonth)}`);
  const names = [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ];
  return `${names[month - 1]} ${match[1]}`;
}

export function lenderName(org: TOrgData): string {
  return org.orgMetaData.companyInfo.companyName;
}

/** "Harborline Home Lending, Inc., a Delaware corporation, NMLS #1893412" */
export function lenderIdentity(org: TOrgData): string {
  const info = org.orgMetaData.companyInfo;
  return `${info.companyName}, ${info.organization}, NMLS #${info.companyNMLS}`;
}

export function lenderAddress(org: TOrgData): string {
  return formatAddress(org.orgMetaData.companyInfo.companyAddress);
}

export function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Invalid ${name}: ${value}`);
}

/** Rejects terms a document must not be printed with (programming errors upstream, not borrower input). */
export function assertLoanTerms(terms: TLoanTerms): void {
  assertCents(terms.lineAmountCents, 'line amount');
  assertCents(terms.initialDrawCents, 'initial draw');
  assertCents(terms.originationFeeCents, 'origination fee');
  if (terms.initialDrawCents > terms.lineAmountCents) throw new RangeError('Initial draw exceeds the line');
  if (!Number.isSafeInteger(terms.drawPeriodYears) || terms.drawPeriodYears <= 0) {
    throw new RangeError(`Invalid draw period: ${terms.drawPeriodYears}`);
  }
  monthName(terms.variableRate.primeRateMonth);
}

/** Names joined for prose: "A", "A and B", "A, B and C". */
export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}

export interface TLoanDocumentSetup extends TDocumentSetup {
  terms: TLoanTerms;
  /** A document every borrower signs: its borrowers, and its name for the error when there are none. */
  signedBy?: { borrowers: readonly string[]; documentName: string };
}

/**
 * The start of every document printed with the borrower's numbers: the terms (and the signers) are
 * checked before anything is drawn, and the figures come from the domain's arithmetic.
 */
export async function openLoanDocument({
  terms,
  signedBy,
  ...setup
}: TLoanDocumentSetup): Promise<{ layout: PdfLayout; figures: TLoanFigures }> {
  assertLoanTerms(terms);
  if (signedBy?.borrowers.length === 0) {
    throw new RangeError(`${signedBy.documentName} needs at least one borrower`);
  }
  const figures = loanFigures(terms);
  return { layout: await PdfLayout.create(setup), figures };
}

/**
 * The variable-rate table of later draws: the index, the margin, the rate of a draw taken now and the
 * cap. Each document names the index and current-rate rows in its own words (the agreement speaks of
 * advances, the disclosure of draws).
 */
export function variableRateRows(
  terms: TLoanTerms,
  labels: { index: (month: string) => string; rateNow: string },
): TKeyValueRow[] {
  const variable = terms.variableRate;
  return [
    [labels.index(monthName(variable.primeRateMonth)), percent(variable.primeRateBps)],
    ['Margin', percent(variable.marginBps)],
    [labels.rateNow, percent(laterDrawRateBps(variable))],
    ['Maximum ANNUAL PERCENTAGE RATE', percent(variable.maxRateBps)],
  ];
}
