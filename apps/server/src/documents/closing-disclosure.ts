/**
 * HELOC closing disclosure: the account-opening terms (Regulation Z 1026.6) with the borrower's
 * numbers and every fee of closing: the origination fee, recording fees and taxes as the ranges of
 * spec 1 §9 (the county sets the exact amounts at recording), the valuation fee when no automated
 * value was available, and the manual notary fee when an in-person notary was chosen.
 */
import {
  MANUAL_NOTARY_FEE_CENTS,
  RECORDING_FEE_MAX_CENTS,
  RECORDING_FEE_MIN_CENTS,
  RECORDING_TAX_BASIS_CENTS,
  RECORDING_TAX_MAX_CENTS_PER_100K,
  RECORDING_TAX_MIN_CENTS_PER_100K,
  VALUATION_FEE_CENTS,
  type TAddressParts,
  type TOrgData,
} from '@heloc/domain';
import { type TKeyValueRow, type TPdfDocument } from './layout';
import {
  address,
  displayDate,
  exactMoney,
  laterDrawRateBps,
  lenderIdentity,
  money,
  monthName,
  openLoanDocument,
  percent,
  years,
  type TLoanTerms,
} from './loan-terms';

export interface TClosingDisclosureInput {
  org: TOrgData;
  /** yyyy-MM-dd */
  documentDate: string;
  loanNumber: string;
  borrowers: readonly string[];
  propertyAddress: TAddressParts;
  terms: TLoanTerms;
  /** No automated valuation was available, so a valuation was ordered. */
  valuationFeeApplies: boolean;
  /** The borrower chose an in-person (manual) notary. */
  manualNotaryApplies: boolean;
}

export interface TClosingCosts {
  /** Fees known at closing: origination, plus valuation and manual notary when they apply. */
  knownCents: number;
  recordingTaxMinCents: number;
  recordingTaxMaxCents: number;
  /** Lowest and highest possible total, with recording fees and taxes at their range ends. */
  totalMinCents: number;
  totalMaxCents: number;
}

/** Recording taxes scale with the amount borrowed: per $100,000 of the credit limit, rounded to the cent. */
export function closingCosts(
  input: Pick<TClosingDisclosureInput, 'terms' | 'valuationFeeApplies' | 'manualNotaryApplies'>,
): TClosingCosts {
  const { terms } = input;
  const knownCents =
    terms.originationFeeCents +
    (input.valuationFeeApplies ? VALUATION_FEE_CENTS : 0) +
    (input.manualNotaryApplies ? MANUAL_NOTARY_FEE_CENTS : 0);
  const perBasis = (rate: number) => Math.round((rate * terms.lineAmountCents) / RECORDING_TAX_BASIS_CENTS);
  const recordingTaxMinCents = perBasis(RECORDING_TAX_MIN_CENTS_PER_100K);
  const recordingTaxMaxCents = perBasis(RECORDING_TAX_MAX_CENTS_PER_100K);
  return {
    knownCents,
    recordingTaxMinCents,
    recordingTaxMaxCents,
    totalMinCents: knownCents + RECORDING_FEE_MIN_CENTS + recordingTaxMinCents,
    totalMaxCents: knownCents + RECORDING_FEE_MAX_CENTS + recordingTaxMaxCents,
  };
}

export async function generateClosingDisclosure(input: TClosingDisclosureInput): Promise<TPdfDocument> {
  const { org, terms } = input;
  const { layout, figures } = await openLoanDocument({
    terms,
    signedBy: { borrowers: input.borrowers, documentName: 'A closing disclosure' },
    title: 'HELOC Closing Disclosure',
    subject: `HELOC closing disclosure, loan ${input.loanNumber}`,
    org,
    date: input.documentDate,
    keywords: ['HELOC', 'CLOSING_DISCLOSURE', input.loanNumber],
  });
  const costs = closingCosts(input);
  const variable = terms.variableRate;

  layout.keyValues([
    ['Loan number', input.loanNumber],
    ['Date', displayDate(input.documentDate)],
    ['Borrower(s)', input.borrowers.join(', ')],
    ['Lender', lenderIdentity(org)],
    ['Property', address(input.propertyAddress)],
  ]);

  layout.heading('Loan terms');
  layout.keyValues([
    ['Credit limit', money(terms.lineAmountCents)],
    ['Initial draw', money(terms.initialDrawCents)],
    ['Fixed rate of the initial draw', percent(terms.rateBps)],
    ['Term', years(terms.termYears)],
    ['Monthly payment', exactMoney(figures.monthlyPaymentCents)],
    ['ANNUAL PERCENTAGE RATE', percent(figures.aprBps)],
    ['Draw period', years(terms.drawPeriodYears)],
    [
      'Rate of later draws',
      `Prime Rate of the prior calendar month plus ${percent(variable.marginBps)} ` +
        `(${percent(laterDrawRateBps(variable))} with the ${monthName(variable.primeRateMonth)} ` +
        `Prime Rate of ${percent(variable.primeRateBps)}); maximum ${percent(variable.maxRateBps)}`,
    ],
  ]);

  layout.heading('Closing costs');
  const rows: TKeyValueRow[] = [['Origination fee', exactMoney(terms.originationFeeCents)]];
  if (input.valuationFeeApplies) rows.push(['Valuation fee', exactMoney(VALUATION_FEE_CENTS)]);
  if (input.manualNotaryApplies) rows.push(['Manual notarization fee', exactMoney(MANUAL_NOTARY_FEE_CENTS)]);
  rows.push(
    [
      'Recording fees (estimated range)',
      `${exactMoney(RECORDING_FEE_MIN_CENTS)} to ${exactMoney(RECORDING_FEE_MAX_CENTS)}`,
    ],
    [
      'Recording taxes (estimated range)',
      `${exactMoney(costs.recordingTaxMinCents)} to ${exactMoney(costs.recordingTaxMaxCents)} ` +
        `(up to ${money(RECORDING_TAX_MAX_CENTS_PER_100K)} per $100,000 borrowed)`,
    ],
    ['Total fees known today', exactMoney(costs.knownCents)],
    [
      'Total closing costs (estimated range)',
      `${exactMoney(costs.totalMinCents)} to ${exactMoney(costs.totalMaxCents)}`,
    ],
  );
  layout.keyValues(rows);
  layout.text(
    'Recording fees and taxes are set by the county where the property is located and are charged at the ' +
      'amount the county assesses, within the ranges shown.',
  );

  layout.heading('Funds at closing');
  layout.keyValues([
    ['Initial draw', exactMoney(terms.initialDrawCents)],
    ['Less origination fee', exactMoney(terms.originationFeeCents)],
    ['Amount disbursed to you (before recording costs)', exactMoney(figures.netProceedsCents)],
  ]);

  layout.heading('Important');
  layout.bullets([
    'Your home secures this line of credit. You could lose your home if you do not meet your obligations.',
    'You have the right to cancel within three business days; see your Notice of Right to Cancel.',
    'Property insurance is required, and flood insurance may be required.',
    'Consult a tax advisor regarding the deductibility of interest.',
  ]);
  for (const borrower of input.borrowers) layout.signatureLine(borrower, 'Borrower');
  return layout.finish();
}
