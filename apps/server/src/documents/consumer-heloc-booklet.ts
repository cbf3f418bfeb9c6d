/**
 * The consumer HELOC booklet Regulation Z requires with a HELOC application (12 CFR 1026.40(e)): the
 * CFPB publication "What You Should Know About Home Equity Lines of Credit" or a suitable substitute.
 * This is the substitute: the booklet's points, in the organisation's document layout, with a pointer
 * to the CFPB's own copy.
 */
import type { TOrgData } from '@heloc/domain';
import { PdfLayout, type TPdfDocument } from './layout';
import { lenderName } from './loan-terms';

export interface TConsumerHelocBookletInput {
  org: TOrgData;
  /** yyyy-MM-dd */
  documentDate: string;
  applicationId: string;
}

export const CFPB_HELOC_BOOKLET_URL =
  'https://www.consumerfinance.gov/consumer-tools/mortgages/what-you-should-know-about-home-equity-lines-of-credit/';

export async function generateConsumerHelocBooklet(input: TConsumerHelocBookletInput): Promise<TPdfDocument> {
  const layout = await PdfLayout.create({
    title: 'What You Should Know About Home Equity Lines of Credit',
    subject: `Consumer HELOC booklet for application ${input.applicationId}`,
    org: input.org,
    date: input.documentDate,
    keywords: ['HELOC', 'CONSUMER_HELOC_BOOKLET', input.applicationId],
  });
  layout.text(
    `${lenderName(input.org)} gives you this booklet with your application, as federal law requires. The ` +
      `Consumer Financial Protection Bureau publishes the full booklet at ${CFPB_HELOC_BOOKLET_URL}.`,
  );
  layout.heading('What a home equity line of credit is');
  layout.paragraphs([
    'A home equity line of credit (HELOC) is a form of revolving credit in which your home serves as collateral. ' +
      'Because the home is likely to be your largest asset, you should use the line only for major items such as ' +
      'education, home improvements, or medical bills, and not for day-to-day expenses.',
    'If you cannot repay, the lender may force the sale of your home to satisfy the debt.',
  ]);
  layout.heading('Questions to ask before you sign');
  layout.bullets([
    'What is the credit limit, and how much can I draw at first and later?',
    'Which part of the balance has a fixed rate, and how is the variable rate of later draws set (index plus margin)?',
    'How often can the variable rate change, and what is the most it can ever be (the lifetime cap)?',
    'What are the minimum payments, and will they pay off the balance by the end of the term or leave a balloon payment?',
    'What fees are charged to open, keep and close the line (origination, valuation, notary, recording)?',
    'Can the lender freeze or reduce my line, or demand repayment, and when?',
  ]);
  layout.heading('Costs and payments');
  layout.paragraphs([
    'Compare the annual percentage rate (APR) and the fees of several plans. The APR of a HELOC does not include ' +
      'all costs: ask for every fee in writing.',
    'Your payments may rise when the variable rate rises. Consider whether you could make the payments if the rate ' +
      'went up to its cap.',
  ]);
  layout.heading('Your rights');
  layout.bullets([
    'You may cancel a HELOC on your principal dwelling within three business days after opening it (the right of ' +
      'rescission). You will receive a notice explaining how.',
    'If the lender does not give you the required disclosures, you may be entitled to a refund of fees you paid.',
    'Consult a tax advisor about whether the interest you pay is deductible.',
  ]);
  return layout.finish();
}
