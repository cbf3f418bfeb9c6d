/**
 * Early HELOC disclosure (Regulation Z 12 CFR 1026.40(d), given with the application): the plan's
 * terms with the borrower's numbers, the security interest, the variable-rate features of later draws
 * and the possible costs of spec 1 §1.
 */
import {
  MANUAL_NOTARY_FEE_CENTS,
  mergePricing,
  RECORDING_FEE_MAX_CENTS,
  RECORDING_FEE_MIN_CENTS,
  RECORDING_TAX_MAX_CENTS_PER_100K,
  VALUATION_FEE_CENTS,
  type TAddressParts,
  type TOrgData,
} from '@heloc/domain';
import { type TPdfDocument } from './layout';
import {
  address,
  displayDate,
  exactMoney,
  lenderName,
  money,
  openLoanDocument,
  percent,
  variableRateRows,
  years,
  type TLoanTerms,
} from './loan-terms';

export interface TEarlyHelocDisclosureInput {
  org: TOrgData;
  /** yyyy-MM-dd */
  documentDate: string;
  /** The application's loanNumber (shown as Application ID). */
  applicationId: string;
  applicantName: string;
  propertyAddress: TAddressParts;
  terms: TLoanTerms;
}

export async function generateEarlyHelocDisclosure(input: TEarlyHelocDisclosureInput): Promise<TPdfDocument> {
  const { org, terms } = input;
  const { layout, figures } = await openLoanDocument({
    terms,
    title: 'Early Home Equity Line of Credit Disclosure',
    subject: `Early HELOC disclosure for application ${input.applicationId}`,
    org,
    date: input.documentDate,
    keywords: ['HELOC', 'EARLY_HELOC_DISCLOSURE', input.applicationId],
  });
  const lender = lenderName(org);
  const variable = terms.variableRate;
  // The organisation's own pricing (its entries merged over the platform defaults), as its offers use.
  const { originationFeeMaxBps } = mergePricing(org.orgPricingData);

  layout.keyValues([
    ['Applicant', input.applicantName],
    ['Application ID', input.applicationId],
    ['Property', address(input.propertyAddress)],
    ['Date', displayDate(input.documentDate)],
  ]);
  layout.text(
    'This disclosure contains important information about our home equity line of credit. You should read ' +
      'it carefully and keep a copy for your records.',
    { bold: true },
  );

  layout.heading('Your terms');
  layout.keyValues([
    ['Credit limit', money(terms.lineAmountCents)],
    ['Initial draw at origination', money(terms.initialDrawCents)],
    ['Fixed rate of the initial draw', percent(terms.rateBps)],
    ['Repayment term of the initial draw', years(terms.termYears)],
    ['Monthly payment of the initial draw', exactMoney(figures.monthlyPaymentCents)],
    ['ANNUAL PERCENTAGE RATE (initial draw)', percent(figures.aprBps)],
    ['Origination fee', exactMoney(terms.originationFeeCents)],
    ['Amount you receive at funding', exactMoney(figures.netProceedsCents)],
    ['Draw period', years(terms.drawPeriodYears)],
  ]);

  layout.heading('Security interest');
  layout.text(
    `We will acquire a security interest in your home at ${address(input.propertyAddress)}. You could lose ` +
      'your home if you do not meet the obligations in your agreement with us.',
  );

  layout.heading('Possible actions');
  layout.text(
    'We can terminate your plan and require you to pay the entire outstanding balance in one payment if you ' +
      'engage in fraud or material misrepresentation in connection with the plan, do not meet the repayment ' +
      'terms, or your action or inaction adversely affects the collateral or our rights in it. We can refuse ' +
      'to make additional extensions of credit or reduce your credit limit if the value of the dwelling ' +
      'declines significantly below its appraised value, we reasonably believe you will be unable to meet ' +
      'the repayment terms because of a material change in your financial circumstances, you are in default ' +
      'of a material obligation, or the maximum annual percentage rate is reached.',
  );

  layout.heading('How the line works');
  layout.bullets([
    'This is an open-end line of credit secured by your home. It is drawn 100% at origination, minus the ' +
      'origination fee, and the initial amount is at a fixed rate.',
    `The initial draw is repaid in equal monthly payments of ${exactMoney(figures.monthlyPaymentCents)} ` +
      `over ${years(terms.termYears)}, which repays it in full; no balloon payment results from the initial draw.`,
    `During the draw period of ${years(terms.drawPeriodYears)} you may draw again up to your credit limit as ` +
      'you repay. Each later draw is priced when it is taken and then fixed for its repayment term.',
  ]);

  layout.heading('Variable-rate features of later draws');
  layout.text(
    'The rate of each later draw is the Prime Rate published in The Wall Street Journal for the calendar ' +
      `month before the draw (the index), plus a margin of ${percent(variable.marginBps)}. Later draws may ` +
      'therefore cost more than the initial draw. Ask us for the current index value, margin and rate.',
  );
  layout.keyValues(
    variableRateRows(terms, {
      index: (month) => `Prime Rate (${month})`,
      rateNow: 'Rate of a draw taken now',
    }),
  );
  layout.text(
    'The annual percentage rate includes only interest and no other costs. The rate of a draw does not ' +
      'change once the draw is taken, and there is no limit on how much the index may change from one ' +
      `draw to the next other than the maximum of ${percent(variable.maxRateBps)}.`,
  );

  layout.heading('Fees and charges');
  layout.text('To open and maintain the plan you must pay the following fees to us or to third parties:');
  layout.keyValues([
    [
      'Origination fee',
      `${exactMoney(terms.originationFeeCents)} (up to ${percent(originationFeeMaxBps)} of the initial draw)`,
    ],
    ['Valuation', `${money(VALUATION_FEE_CENTS)} if no automated valuation is available`],
    ['Manual notarization', `${money(MANUAL_NOTARY_FEE_CENTS)} if you choose an in-person notary`],
    ['Recording fees', `${money(RECORDING_FEE_MIN_CENTS)} to ${money(RECORDING_FEE_MAX_CENTS)}`],
    ['Recording taxes', `$0 to ${money(RECORDING_TAX_MAX_CENTS_PER_100K)} per $100,000 borrowed`],
  ]);
  layout.text(
    'Property insurance is required, and flood insurance may be required if the property is in a special ' +
      'flood hazard area.',
  );

  layout.heading('Other important information');
  layout.bullets([
    'If any term of this disclosure changes before the plan is opened (other than a change in the index ' +
      'value), you may decide not to open the plan and receive a refund of all fees you paid.',
    'You should consult a tax advisor regarding the deductibility of interest and charges for the plan.',
    'Approval depends on verified income and employment and a property condition report of at least ' +
      'average condition.',
    `Questions: contact ${lender} at ${org.orgMetaData.companyInfo.phoneFormatted} or ` +
      `${org.orgMetaData.companyInfo.email}.`,
  ]);
  return layout.finish();
}
