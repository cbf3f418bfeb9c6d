/** @jsxRuntime automatic @jsxImportSource react */
// The pragma: `node --import tsx` (the browser tests, `npm run dev`) reads no per-workspace tsconfig.
/**
 * The borrower's e-mails (issue 19): one template per kind, each a subject, a heading, a few
 * sentences and one button to the exact screen, inside the organisation's branded frame. HTML and
 * plain text both come from the same element (react-email's render; the text through its
 * html-to-text), so they never say different things.
 */
import { render } from '@react-email/components';
import {
  applicationStepLabel,
  formatCurrency,
  formatDisplayDate,
  type TApplicationStep,
  type TBorrowerMailKind,
  type TOrgData,
} from '@heloc/domain';
import { MailFrame } from './layout';

/** What a template is told: who, where the button goes, and the event's facts. */
export type BorrowerMailInput = {
  org: TOrgData;
  firstName: string | null;
  /** Absolute link to the screen (organisation's site + step path). */
  link: string;
  /** Reminders only. */
  unsubscribeLink?: string;
  /** The logo's address (brand-logo.ts brandLogoUrl): absolute on the organisation's site in e-mails. */
  logoLink: string;
  facts: {
    /** RIGHT_TO_CANCEL: the last day to cancel (yyyy-MM-dd). */
    rescissionDeadline?: string;
    /** NOTARY_APPOINTMENT: the appointment's start (ISO). */
    appointmentStartsAt?: string;
    /** NOTARY_APPOINTMENT, reminders: the borrower's time zone. */
    timeZone?: string;
    /** FUNDED: the line amount. */
    amountCents?: number;
    /** REMINDER: the step waiting for the borrower, and which reminder of three. */
    step?: string;
    reminderNumber?: number;
    /**
     * DOCUMENTS_READY: the first day a Texas borrower may sign (yyyy-MM-dd) when it is still ahead;
     * REMINDER: the day signing opened, for the reminder that waited for it.
     */
    signingNotBefore?: string;
    signingOpenedOn?: string;
    /** A co-owner's copy (an owner on title who accepted the invitation), not the borrower's. */
    coOwner?: boolean;
  };
};

type TemplateText = {
  subject: string;
  heading: string;
  paragraphs: string[];
  cta: string;
};

const appointmentTime = (input: BorrowerMailInput): string => {
  const at = input.facts.appointmentStartsAt;
  if (!at) return 'the time you chose';
  const timeZone = input.facts.timeZone ?? 'America/Los_Angeles';
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(at));
  return `${formatDisplayDate(new Date(at), { timeZone })} at ${time}`;
};

/** Every template's words. Keys are the mail kinds: a kind without a template does not compile. */
export const BORROWER_TEMPLATES: Record<TBorrowerMailKind, (input: BorrowerMailInput) => TemplateText> = {
  WELCOME: ({ org }) => ({
    subject: `Welcome to ${org.orgBrand.name}`,
    heading: 'Your account is ready',
    paragraphs: [
      `Thank you for choosing ${org.orgBrand.name} for your home equity line of credit.`,
      'Next: tell us about yourself and your home. It takes about ten minutes, and checking your rate does not affect your credit score.',
    ],
    cta: 'Continue my application',
  }),
  OFFER_READY: ({ org }) => ({
    subject: `Your ${org.orgBrand.name} HELOC offer is ready`,
    heading: 'Your offer is ready',
    paragraphs: [
      'Good news: we priced your home equity line of credit.',
      'Choose the line amount and the offer that suit you; you can see the payment for each before you decide.',
    ],
    cta: 'See my offer',
  }),
  APPLICATION_SUBMITTED: () => ({
    subject: 'We received your application',
    heading: 'Your application is submitted',
    paragraphs: [
      'Thank you: your application and the credit check are complete.',
      'Next we verify your income. Link your bank or upload your income documents to keep things moving.',
    ],
    cta: 'Verify my income',
  }),
  CONDITION_RAISED: () => ({
    subject: 'We need something from you',
    heading: 'We need something from you',
    paragraphs: [
      'To keep your application moving, we need one more item from you.',
      'The conditions page says what we need and lets you send it.',
    ],
    cta: 'See what we need',
  }),
  VALUATION_DONE: () => ({
    subject: 'Your home valuation is complete',
    heading: 'Your home valuation is complete',
    paragraphs: [
      'The valuation of your home came back and we updated your application.',
      'Sign in to see what comes next.',
    ],
    cta: 'Continue my application',
  }),
  DOCUMENTS_READY: (input) => ({
    subject: 'Your documents are ready to sign',
    heading: 'Your closing documents are ready',
    paragraphs: [
      'Your line of credit documents are ready for your electronic signature.',
      input.facts.signingNotBefore
        ? `You can review them now. Texas law lets you sign on or after ${formatDisplayDate(input.facts.signingNotBefore)}, 12 days after the notice given with your application; we will remind you that day.`
        : 'Review each document, then sign; it takes a few minutes.',
    ],
    cta: input.facts.signingNotBefore ? 'Review my documents' : 'Review and sign',
  }),
  NOTARY_APPOINTMENT: (input) => ({
    subject: 'Your notary appointment is booked',
    heading: 'Your notary appointment is booked',
    paragraphs: [
      `A notary will meet you on ${appointmentTime(input)} at your home to sign the deed.`,
      'Please have a government-issued photo ID ready. Every owner on title must be present.',
    ],
    cta: 'See my appointment',
  }),
  RIGHT_TO_CANCEL: (input) => ({
    subject: 'Your right to cancel',
    heading: 'Your right to cancel has started',
    paragraphs: [
      input.facts.rescissionDeadline
        ? `You may cancel your line of credit until midnight on ${formatDisplayDate(input.facts.rescissionDeadline)}. Your notice of right to cancel explains how.`
        : 'You may cancel your line of credit during the next three business days. Your notice of right to cancel explains how.',
      'If you do nothing, we record your line and fund it after this period.',
    ],
    cta: 'See my notice',
  }),
  FUNDED: (input) => ({
    subject: 'Your line of credit is funded',
    heading: 'Your line of credit is open',
    paragraphs: [
      input.facts.coOwner
        ? 'The home equity line of credit secured by your home is funded.'
        : input.facts.amountCents
          ? `Your home equity line of credit of ${formatCurrency(input.facts.amountCents)} is funded.`
          : 'Your home equity line of credit is funded.',
      `Thank you for choosing ${input.org.orgBrand.name}.`,
    ],
    cta: 'Go to my account',
  }),
  DECLINED: ({ org }) => ({
    subject: `About your ${org.orgBrand.name} HELOC application`,
    heading: 'About your application',
    paragraphs: [
      'Thank you for applying. We are unable to offer you a home equity line of credit at this time.',
      'The attached adverse action notice gives the reasons and your rights, including how to get a free copy of your credit report.',
    ],
    cta: 'See my notice',
  }),
  CANCELLED: () => ({
    subject: 'Your line of credit is cancelled',
    heading: 'Your line of credit is cancelled',
    paragraphs: [
      'Your home equity line of credit application was cancelled. Nothing will be recorded against your home and no funds will be sent.',
      'If you did not expect this, please contact us.',
    ],
    cta: 'See my account',
  }),
  REMINDER: (input) =>
    input.facts.signingOpenedOn
      ? {
          // The reminder that waited for the Texas 12-day date: signing is now possible.
          subject: 'You can now sign your documents',
          heading: 'You can now sign your documents',
          paragraphs: [
            `The 12-day waiting period for a Texas home equity loan ended on ${formatDisplayDate(input.facts.signingOpenedOn)}.`,
            'Your closing documents are ready for your electronic signature; it takes a few minutes.',
          ],
          cta: 'Review and sign',
        }
      : reminderWords(input),
};

function reminderWords(input: BorrowerMailInput): TemplateText {
  return {
    subject: 'Your application is waiting for you',
    heading: 'Pick up where you left off',
    paragraphs: [
      input.facts.step
        ? `Your ${input.org.orgBrand.name} application is saved at "${applicationStepLabel(input.facts.step as TApplicationStep)}".`
        : `Your ${input.org.orgBrand.name} application is saved.`,
      'Continue where you left off: everything you entered is kept.',
    ],
    cta: 'Continue my application',
  };
}

export type RenderedMail = { subject: string; html: string; text: string };

/** Renders one e-mail: subject, HTML and its plain text. */
export async function renderBorrowerMail(
  kind: TBorrowerMailKind,
  input: BorrowerMailInput,
): Promise<RenderedMail> {
  const words = BORROWER_TEMPLATES[kind](input);
  const greeting = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const element = (
    <MailFrame
      org={input.org}
      preview={words.heading}
      heading={words.heading}
      paragraphs={[greeting, ...words.paragraphs]}
      cta={{ label: words.cta, href: input.link }}
      logoHref={input.logoLink}
      {...(input.unsubscribeLink !== undefined && { unsubscribeHref: input.unsubscribeLink })}
    />
  );
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: words.subject, html, text };
}
