/**
 * The chatbot's knowledge base: one entry per topic, each with sample questions and keywords the
 * retrieval index searches, and an answer written from the organisation's own data (pricing,
 * licensed states, hours, contacts), so a credit union's borrowers get that credit union's numbers.
 * Topics starting with `my-` answer about the signed-in borrower's own application.
 */
import {
  DEFAULT_SUPPORT_PHONE,
  MANUAL_NOTARY_FEE_CENTS,
  RECORDING_FEE_MAX_CENTS,
  RECORDING_TAX_MAX_CENTS_PER_100K,
  VALUATION_FEE_CENTS,
  formatCurrency,
  formatHoursLine,
  formatPercentFromBps,
  mergePricing,
  originationFeeDisclosure,
  type TOperatingHoursEntry,
  type TOrgData,
} from '@heloc/domain';

export type KnowledgeContext = {
  org: TOrgData | null;
  chatHours: TOperatingHoursEntry[];
  phoneHours: TOperatingHoursEntry[];
};

export type KnowledgeEntry = {
  topic: string;
  title: string;
  /** Phrasings borrowers use; searched with the title and keywords. */
  questions: string[];
  keywords: string;
  /** Null for the `my-` topics, which the bot answers from the application. */
  answer: ((context: KnowledgeContext) => string) | null;
};

const pct = (bps: number) => formatPercentFromBps(bps, { decimals: 2 });
const usd = (cents: number) => formatCurrency(cents);

function pricing(context: KnowledgeContext) {
  return mergePricing(context.org?.orgPricingData ?? []);
}

function companyName(context: KnowledgeContext): string {
  return context.org?.orgMetaData.companyInfo.companyName ?? 'Our lending team';
}

export function contactLine(context: KnowledgeContext): string {
  const info = context.org?.orgMetaData.companyInfo;
  const phone = info?.phoneFormatted ?? DEFAULT_SUPPORT_PHONE;
  const email = info?.email;
  return email ? `call us at ${phone} or e-mail ${email}` : `call us at ${phone}`;
}

export const KNOWLEDGE: KnowledgeEntry[] = [
  {
    topic: 'rates',
    title: 'Interest rate and APR',
    questions: [
      'What is the interest rate?',
      'What APR will I get?',
      'Is the rate fixed or variable?',
      'How is my rate decided?',
    ],
    keywords: 'rate rates apr interest annual percentage fixed variable prime margin pricing cost',
    answer: (c) => {
      const p = pricing(c);
      return `APRs range from ${pct(p.aprMinBps)} to ${pct(p.aprMaxBps)}, depending on your credit, your combined loan-to-value and the term you choose. The initial draw has a fixed rate. Later draws during the draw period are priced from the Prime Rate of the prior calendar month plus a fixed margin, so they may cost more.`;
    },
  },
  {
    topic: 'fees',
    title: 'Fees and closing costs',
    questions: [
      'What fees do you charge?',
      'Is there an origination fee?',
      'What are the closing costs?',
      'How much does an appraisal cost?',
    ],
    keywords:
      'fee fees origination closing costs cost charge charges upfront pay appraisal valuation recording taxes expensive',
    answer: (c) => {
      const p = pricing(c);
      return `${originationFeeDisclosure(p)} Other possible costs: a valuation of ${usd(VALUATION_FEE_CENTS)} if no automated valuation is available, manual notarization ${usd(MANUAL_NOTARY_FEE_CENTS)}, recording fees of ${usd(0)} to ${usd(RECORDING_FEE_MAX_CENTS)}, and recording taxes of ${usd(0)} to ${usd(RECORDING_TAX_MAX_CENTS_PER_100K)} per $100,000 borrowed, depending on your county.`;
    },
  },
  {
    topic: 'limits',
    title: 'How much can I borrow',
    questions: [
      'How much can I borrow?',
      'What is the minimum loan amount?',
      'What is the maximum line of credit?',
      'How is my credit limit calculated?',
    ],
    keywords: 'borrow amount minimum maximum limit line size equity loan-to-value cltv how much',
    answer: (c) => {
      const p = pricing(c);
      return `Lines run from ${usd(p.minLineCents)} to ${usd(p.maxLineCents)}. Your maximum line depends on your home's value, your existing mortgage balances (up to ${pct(p.cltvCapBps)} combined loan-to-value, ${pct(p.texasCltvCapBps)} in Texas), your income and your credit.`;
    },
  },
  {
    topic: 'timeline',
    title: 'How long it takes',
    questions: [
      'How long does it take to get approved?',
      'When will I get my money?',
      'How fast is funding?',
      'How many days until closing?',
    ],
    keywords:
      'how long time timeline fast quickly days approval approved funding funded money when closing speed',
    answer: () =>
      'Approval can come in about five minutes, but it depends on verified income, employment and a property condition report showing at least average condition. Funding takes five business days with remote online notary. It may take longer where e-signatures cannot be recorded, or where an in-person closing or a waiting period applies.',
  },
  {
    topic: 'notary',
    title: 'Notary and closing',
    questions: [
      'Do I need a notary?',
      'How does the online notary work?',
      'Can I close in person?',
      'Do I have to sign in front of a notary?',
    ],
    keywords:
      'notary notarization notarize enotary online remote sign signing in-person closing session video',
    answer: () =>
      `Your deed of trust is signed with a notary. In most states this is a short remote online notary session by video, scheduled from your application. Where remote notarization is not available, a notary meets you in person; manual notarization costs ${usd(MANUAL_NOTARY_FEE_CENTS)}.`,
  },
  {
    topic: 'insurance',
    title: 'Homeowners and flood insurance',
    questions: [
      'Do I need home insurance?',
      'Is flood insurance required?',
      'What insurance do you need?',
      'Do you need proof of hazard insurance?',
    ],
    keywords: 'insurance insured homeowners hazard flood policy coverage proof declaration',
    answer: () =>
      'Property insurance is required for the life of the line, and you upload proof of it before closing. Flood insurance may be required when your home is in a flood zone; we check the flood certificate for you.',
  },
  {
    topic: 'rescission',
    title: 'Right to cancel (rescission)',
    questions: [
      'Can I cancel after signing?',
      'What is the right of rescission?',
      'Why is there a waiting period before funding?',
      'How do I cancel my loan?',
    ],
    keywords: 'cancel cancellation rescind rescission right back out undo waiting period three 3 change mind',
    answer: () =>
      'After you sign, you have a right to cancel (rescission) for three business days; Sundays and federal holidays do not count. Your notice of right to cancel explains how. Funds are sent after the rescission period ends.',
  },
  {
    topic: 'documents',
    title: 'Documents needed',
    questions: [
      'What documents do I need?',
      'Do I need to upload paystubs?',
      'What ID do you accept?',
      'Do you need bank statements?',
    ],
    keywords:
      'documents document paperwork upload paystub paystubs w2 tax returns id license passport bank statement proof need',
    answer: () =>
      "Usually very little: we verify income, employment and your bank account electronically. You upload a photo ID (US driver's license, US passport, US state ID card or permanent resident card). If we cannot verify income electronically we ask for recent paystubs, and sometimes a bank statement, proof of insurance or trust documents. Open conditions show on your application.",
  },
  {
    topic: 'states',
    title: 'Licensed states',
    questions: [
      'Which states do you lend in?',
      'Are you available in my state?',
      'Do you offer HELOCs in Texas?',
      'Can I apply if I live in New York?',
    ],
    keywords:
      'state states licensed available where location live texas california new york florida offer region',
    answer: (c) => {
      const states = c.org?.orgMetaData.products.heloc.licensedStates ?? [];
      if (states.length === 0) return 'Please check the licensed states listed in the footer of this page.';
      return `${companyName(c)} offers HELOCs in ${states.length} state${states.length === 1 ? '' : 's'}: ${states.join(', ')}. The list is also in the footer of this page.`;
    },
  },
  {
    topic: 'hours',
    title: 'Hours and contact',
    questions: [
      'What are your hours?',
      'When can I talk to someone?',
      'How do I contact support?',
      'What is your phone number?',
    ],
    keywords:
      'hours open opening closed contact phone call email support customer service talk human person agent representative',
    answer: (c) =>
      `Chat with an agent: ${formatHoursLine(c.chatHours)}. Phone: ${formatHoursLine(c.phoneHours)}. You can also ${contactLine(c)}.`,
  },
  {
    topic: 'credit',
    title: 'Credit checks and requirements',
    questions: [
      'Will this affect my credit score?',
      'Do you do a hard pull?',
      'What credit score do I need?',
      'Is there a soft credit check?',
    ],
    keywords: 'credit score fico soft hard pull inquiry check bureau report affect hurt minimum',
    answer: (c) =>
      `Checking your rate uses a soft credit pull, which does not affect your score. A hard pull is made when you submit your application. The minimum credit score is ${pricing(c).creditScoreFloor}.`,
  },
  {
    topic: 'eligibility',
    title: 'Eligibility and property',
    questions: [
      'Am I eligible?',
      'What properties qualify?',
      'Can I get a HELOC on a rental property?',
      'What are the requirements?',
    ],
    keywords:
      'eligible eligibility qualify requirements property home condition condo rental investment owner occupied income debt dti',
    answer: (c) => {
      const p = pricing(c);
      return `You need equity in a home you own, verified income and employment, a debt-to-income ratio up to ${pct(p.dtiCapBps)}, a credit score of at least ${p.creditScoreFloor}, and a property condition report showing at least average condition. The HELOC is secured by your home.`;
    },
  },
  {
    topic: 'draws',
    title: 'Drawing from the line',
    questions: [
      'How do I draw more money later?',
      'How do draws work?',
      'Can I take more money out after closing?',
      'What is the initial draw?',
    ],
    keywords: 'draw draws withdraw later additional more money period initial access funds line',
    answer: () =>
      'The full loan amount minus the origination fee is drawn at origination at a fixed rate. During the draw period you can draw again as you repay; later draws are priced from the Prime Rate of the prior calendar month plus a fixed margin, so they may cost more.',
  },
  {
    topic: 'payments',
    title: 'Payments and autopay',
    questions: ['How do I make payments?', 'Can I set up autopay?', 'Can I pay it off early?'],
    keywords: 'payment payments monthly pay autopay automatic repay repayment payoff prepay early penalty',
    answer: () =>
      'Your monthly payment repays the fixed-rate draw over the term you choose (shown with each offer). You can pay automatically (autopay) from a linked bank account or manually, and you can pay early.',
  },
  {
    topic: 'tax',
    title: 'Tax deductibility',
    questions: ['Is the interest tax deductible?', 'Can I deduct HELOC interest on my taxes?'],
    keywords: 'tax taxes deductible deduction deduct irs',
    answer: () => 'Please consult a tax advisor about the deductibility of interest.',
  },
  {
    topic: 'greeting',
    title: 'Hello',
    questions: ['Hi', 'Hello there', 'Good morning', 'Thanks for your help', 'Thank you'],
    keywords: 'hi hello hey thanks thank morning afternoon evening',
    answer: () =>
      'Hello! I can answer questions about rates, fees, how much you can borrow, timing, notary, insurance, documents, licensed states and hours, and about your own application when you are signed in.',
  },
  {
    topic: 'live-agent',
    title: 'Talk to a live agent',
    questions: ['Can I talk to a real person?', 'I want to speak to an agent', 'Connect me with a human'],
    keywords: 'agent human person representative real live speak talk someone operator',
    answer: null,
  },
  {
    topic: 'my-status',
    title: 'My application status',
    questions: [
      'What is the status of my application?',
      'Where is my application?',
      'What step am I on?',
      'How far along is my application?',
    ],
    keywords: 'my status application progress step stage where am i update',
    answer: null,
  },
  {
    topic: 'my-next',
    title: 'What I need to do next',
    questions: [
      'What do I need to do next?',
      'What is needed from me?',
      'What are you waiting for?',
      'Is anything missing from my application?',
      'What should I do now?',
    ],
    keywords: 'next need needed todo missing waiting outstanding action required still now',
    answer: null,
  },
  {
    topic: 'my-offer',
    title: 'My offer',
    questions: [
      'What is my offer?',
      'What rate did I get?',
      'How much was I approved for?',
      'What is my monthly payment?',
    ],
    keywords: 'my offer approved approval rate amount draw term payment selected got',
    answer: null,
  },
];
