/**
 * HELOC agreement and note: the credit agreement the borrowers sign at closing. It states the
 * borrower's numbers (line, initial draw, fixed rate, term, payment, APR, fee, draw period) and the
 * variable-rate terms of later draws (Prime of the prior calendar month plus the margin; spec 1 §1).
 */
import { type TAddressParts, type TOrgData } from '@heloc/domain';
import { type TPdfDocument } from './layout';
import {
  address,
  displayDate,
  exactMoney,
  joinNames,
  lenderAddress,
  lenderIdentity,
  lenderName,
  money,
  openLoanDocument,
  percent,
  variableRateRows,
  years,
  type TLoanTerms,
} from './loan-terms';

export interface THelocAgreementInput {
  org: TOrgData;
  /** Agreement (consummation) date, yyyy-MM-dd. */
  agreementDate: string;
  loanNumber: string;
  /** Every borrower who signs the note, primary first. */
  borrowers: readonly string[];
  propertyAddress: TAddressParts;
  terms: TLoanTerms;
  /** First monthly payment date, yyyy-MM-dd. */
  firstPaymentDate: string;
}

export async function generateHelocAgreement(input: THelocAgreementInput): Promise<TPdfDocument> {
  const { org, terms } = input;
  const { layout, figures } = await openLoanDocument({
    terms,
    signedBy: { borrowers: input.borrowers, documentName: 'A HELOC agreement' },
    title: 'Home Equity Line of Credit Agreement and Note',
    subject: `HELOC agreement and note, loan ${input.loanNumber}`,
    org,
    date: input.agreementDate,
    keywords: ['HELOC', 'HELOC_AGREEMENT', input.loanNumber],
  });
  const lender = lenderName(org);

  layout.keyValues([
    ['Loan number', input.loanNumber],
    ['Agreement date', displayDate(input.agreementDate)],
    ['Borrower(s)', input.borrowers.join(', ')],
    ['Lender', lenderIdentity(org)],
    ['Lender address', lenderAddress(org)],
    ['Property', address(input.propertyAddress)],
  ]);
  layout.text(
    `In this Agreement "you" and "your" mean ${joinNames(input.borrowers)}, each of whom is jointly and ` +
      `severally liable, and "we", "us" and "our" mean ${lender} and anyone to whom this Agreement is assigned.`,
  );

  layout.heading('1. Your line of credit');
  layout.keyValues([
    ['Credit limit', money(terms.lineAmountCents)],
    ['Initial draw at origination', money(terms.initialDrawCents)],
    ['Origination fee (prepaid finance charge)', exactMoney(terms.originationFeeCents)],
    ['Amount disbursed to you', exactMoney(figures.netProceedsCents)],
    ['Draw period', `${years(terms.drawPeriodYears)} from the agreement date`],
  ]);
  layout.text(
    'We open a revolving line of credit for you up to the credit limit. The initial draw is advanced in full ' +
      'at funding, less the origination fee, which is deducted from it. During the draw period you may request ' +
      'further advances up to the credit limit less the outstanding balance.',
  );

  layout.heading('2. Promise to pay: the initial draw (note)');
  layout.keyValues([
    ['Fixed interest rate', percent(terms.rateBps)],
    ['Repayment term', years(terms.termYears)],
    ['Number of monthly payments', String(terms.termYears * 12)],
    ['Monthly payment', exactMoney(figures.monthlyPaymentCents)],
    ['First payment date', displayDate(input.firstPaymentDate)],
    ['ANNUAL PERCENTAGE RATE', percent(figures.aprBps)],
  ]);
  layout.text(
    `For value received, you promise to pay us ${money(terms.initialDrawCents)} with interest on the unpaid ` +
      `principal at the fixed rate of ${percent(terms.rateBps)} per year, in ${terms.termYears * 12} equal ` +
      `monthly payments of ${exactMoney(figures.monthlyPaymentCents)} beginning on ` +
      `${displayDate(input.firstPaymentDate)} and on the same day of each month after that. The last payment ` +
      'may differ slightly to pay the balance in full. The annual percentage rate includes the origination fee.',
  );

  layout.heading('3. Later draws: variable-rate terms');
  layout.text(
    'Each later advance during the draw period bears interest at a rate equal to the Prime Rate published in ' +
      'The Wall Street Journal for the calendar month before the month of the advance (the "index"), plus a ' +
      `margin of ${percent(terms.variableRate.marginBps)}. The rate is set when the advance is taken and stays fixed ` +
      'for that advance, which is repaid in equal monthly payments over the repayment term you choose from ' +
      'those we then offer. Later advances may therefore carry a higher rate than the initial draw.',
  );
  layout.keyValues(
    variableRateRows(terms, {
      index: (month) => `Index (Prime Rate, ${month})`,
      rateNow: 'Rate of an advance taken now',
    }),
  );

  layout.heading('4. Payments, prepayment and late charges');
  layout.text(
    'Payments are applied first to interest due, then to principal. You may prepay all or part of the ' +
      'balance at any time without penalty. Paying down the balance during the draw period makes that amount ' +
      'available to draw again.',
  );

  layout.heading('5. Security');
  layout.text(
    `This Agreement is secured by a deed of trust or mortgage of the same date on ${address(input.propertyAddress)}. ` +
      'You could lose your home if you do not meet your obligations under this Agreement.',
  );

  layout.heading('6. Termination, suspension and reduction');
  layout.text(
    'We may terminate the line and require immediate payment of the entire balance only if you engage in ' +
      'fraud or material misrepresentation in connection with the line, fail to meet the repayment terms, or ' +
      'your action or inaction adversely affects the property or our security interest. We may suspend ' +
      'further advances or reduce the credit limit while the value of the property is significantly below ' +
      'its appraised value, we reasonably believe you cannot meet the repayment terms because of a material ' +
      'change in your financial circumstances, you are in default of a material obligation, or the maximum ' +
      'annual percentage rate is reached.',
  );

  layout.heading('7. Right to cancel');
  layout.text(
    'You have the right to cancel this Agreement within three business days as described in the separate ' +
      'Notice of Right to Cancel given to each owner of the property. No advance is funded before that period ends.',
  );

  layout.heading('Signatures');
  layout.text(
    'By signing below you agree to the terms of this Agreement and acknowledge receiving a copy of it.',
  );
  for (const borrower of input.borrowers) layout.signatureLine(borrower, 'Borrower');
  return layout.finish();
}
