/**
 * What the chatbot may say about the signed-in borrower's own application: the current step (as
 * the progress sidebar names it), what is needed next, and the selected offer. Only for the
 * identity the chat nonce belongs to; a foreign application id is ignored, never read.
 */
import { and, desc, eq } from 'drizzle-orm';
import {
  PROGRESS_STEP_LABELS,
  applicationStepLabel,
  ZApplicationStep,
  formatCurrency,
  formatPercentFromBps,
  progressCodeForStep,
  type TProgressCode,
} from '@heloc/domain';
import { schema, type Executor } from '../../../db';

export type ApplicationFacts = {
  applicationUuid: string;
  loanNumber: string;
  isCrypto: boolean;
  step: string;
  termYears: number;
  rateBps: number;
  amountCents: number;
};

export async function loadApplicationFacts(
  db: Executor,
  identityUuid: string,
  applicationUuid: string | null | undefined,
): Promise<ApplicationFacts | null> {
  const owned = eq(schema.helocApplications.identityUuid, identityUuid);
  const find = (onlyThis: string | null | undefined) =>
    db
      .select()
      .from(schema.helocApplications)
      .where(onlyThis ? and(owned, eq(schema.helocApplications.uuid, onlyThis)) : owned)
      .orderBy(desc(schema.helocApplications.createdAt))
      .limit(1);
  // The named application when it is the borrower's; else (none named, or someone else's) their latest.
  const [named] = applicationUuid ? await find(applicationUuid) : [];
  const [row] = named ? [named] : await find(null);
  return row ? toFacts(row) : null;
}

function toFacts(row: typeof schema.helocApplications.$inferSelect): ApplicationFacts {
  return {
    applicationUuid: row.uuid,
    loanNumber: row.loanNumber,
    isCrypto: row.isCrypto,
    step: row.step,
    termYears: row.termYears,
    rateBps: row.rateBps,
    amountCents: row.amountCents,
  };
}

const NEXT_NEED: Record<TProgressCode, string> = {
  INITIAL:
    'finish your basic information: your profile, consent to the soft credit check, and confirm your property and its existing liens.',
  PRODUCT_SELECT: 'choose one of your offers (term, rate and initial draw).',
  MORE_INFO: 'provide a few more details and review your application summary before it is submitted.',
  LINK_INCOME: 'link your income sources and the bank accounts for your funds and payments.',
  ID_UPLOAD: 'verify your identity with a photo ID.',
  SIGNING: 'review and sign your loan documents.',
  MANUAL_NOTARY: 'schedule your notary session.',
  ENOTARY: 'meet the online notary to sign your deed.',
  COMPLETE:
    'nothing more for now: your application is in its final steps (insurance, rescission, recording and funding).',
};

function progressOf(facts: ApplicationFacts): TProgressCode | null {
  const step = ZApplicationStep.safeParse(facts.step);
  if (!step.success) return null;
  return progressCodeForStep(step.data, false);
}

function stepLabel(code: TProgressCode): string {
  return code === 'COMPLETE' ? 'Complete' : PROGRESS_STEP_LABELS[code];
}

export function answerStatus(facts: ApplicationFacts): string {
  if (facts.step === 'DECLINED')
    return `Application ${facts.loanNumber} was declined. The notice we sent explains the reasons.`;
  if (facts.step === 'CANCELLED') return `Application ${facts.loanNumber} was cancelled.`;
  if (facts.step === 'COMPLETE')
    return `Application ${facts.loanNumber} is complete: your line of credit is funded.`;
  const code = progressOf(facts);
  if (!code) return `Application ${facts.loanNumber} is being processed.`;
  // After signing the sidebar's last item reads "Complete" for several steps (insurance, rescission,
  // recording, funding): the borrower is told which one, never "Complete" before the line is funded.
  if (code === 'COMPLETE') return afterSigningStatus(facts);
  const waiting = facts.step.startsWith('WAITING_FOR_') || facts.step.startsWith('GEN_');
  return `Application ${facts.loanNumber} is at the step "${stepLabel(code)}".${waiting ? ' We are working on it right now; the page updates by itself.' : ''}`;
}

function afterSigningStatus(facts: ApplicationFacts): string {
  const step = ZApplicationStep.parse(facts.step);
  const now = `Application ${facts.loanNumber} is signed and in its final steps: ${applicationStepLabel(step).toLowerCase()}.`;
  if (step === 'RESCISSION' || step === 'GEN_RESCISSION')
    return `${now} You may still cancel during your right-to-cancel period; funding follows when it ends.`;
  return `${now} We will let you know when your line is funded.`;
}

export function answerNext(facts: ApplicationFacts): string {
  if (facts.step === 'DECLINED' || facts.step === 'CANCELLED') return answerStatus(facts);
  const code = progressOf(facts);
  if (facts.step.startsWith('WAITING_FOR_') || facts.step.startsWith('GEN_')) {
    return 'Nothing is needed from you right now: we are processing your application and the page moves on by itself.';
  }
  return code ? `Next, ${NEXT_NEED[code]}` : 'Open your application to see the next step.';
}

export function answerOffer(facts: ApplicationFacts): string {
  if (facts.termYears > 0 && facts.rateBps > 0 && facts.amountCents > 0) {
    return `Your selected offer: an initial draw of ${formatCurrency(facts.amountCents)} at ${formatPercentFromBps(facts.rateBps, { decimals: 2 })} fixed for ${facts.termYears} years. The offer box beside your application shows the APR and monthly payment.`;
  }
  const code = progressOf(facts);
  if (code === 'PRODUCT_SELECT')
    return 'Your offers are ready: open your application to compare them and choose one.';
  return 'You have not selected an offer yet. Offers appear after your basic information, credit and property are checked.';
}
