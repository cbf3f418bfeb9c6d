/**
 * Where an application stands on the progress sidebar (spec 1 §4 "Step progress"): the server step
 * mapped to a progress code. The spec names the steps and codes but not the mapping, so it follows the
 * flow order of the state machine and the routing table of spec 1 §4:
 * basic info (profile, credit, property, liens, valuation) → offer → more info (profile, HMDA, hard
 * pull, summary) → income and bank accounts → identity → signing (closing disclosure, note, co-deed) →
 * notary → complete (insurance, rescission, recording, funding).
 * A declined or cancelled application is on no step (null): the list is shown with nothing current.
 */
import type { TApplicationStep, TProgressCode, TProgressStep } from './enums';

/** Both notary codes share one entry; which one applies depends on the application, not the step. */
type TStepProgress = Exclude<TProgressCode, 'ENOTARY' | 'MANUAL_NOTARY'> | 'NOTARY' | null;

const STEP_PROGRESS: Record<TApplicationStep, TStepProgress> = {
  IN_PROGRESS: 'INITIAL',
  CREDIT_ERROR: 'INITIAL',
  CREDIT_MINOR: 'INITIAL',
  CREDIT_NO_MATCH: 'INITIAL',
  CREDIT_NO_MATCH_SSN: 'INITIAL',
  CREDIT_LOCKED: 'INITIAL',
  CREDIT_FROZEN: 'INITIAL',
  CREDIT_FROZEN_PIN: 'INITIAL',
  FACTA_REVIEW: 'INITIAL',
  NO_PROPERTY: 'INITIAL',
  MULTIPLE_PROPERTIES: 'INITIAL',
  INCORRECT_OWNERSHIP: 'INITIAL',
  DELINQUENCY_REVIEW: 'INITIAL',
  LIEN_VERIFICATION: 'INITIAL',
  NO_AVM: 'INITIAL',
  ESTIMATE_VALUE: 'INITIAL',
  UNKNOWN: 'INITIAL',
  WAITING_FOR_CREDIT: 'INITIAL',
  WAITING_FOR_PROPERTY: 'INITIAL',
  WAITING_FOR_LIENS: 'INITIAL',
  WAITING_FOR_UNDERWRITING: 'INITIAL',

  OFFER_SELECTION: 'PRODUCT_SELECT',
  REVISED_OFFER_SELECTION: 'PRODUCT_SELECT',
  ASSETS_PREQUAL: 'PRODUCT_SELECT',
  CLTV_REQUALIFY: 'PRODUCT_SELECT',

  COLLECT_ADDITIONAL_INFO: 'MORE_INFO',
  HMDA: 'MORE_INFO',
  HARD_CREDIT_PULL: 'MORE_INFO',
  SUMMARY: 'MORE_INFO',
  APP_SUBMISSION: 'MORE_INFO',
  GEN_APP_SUMMARY: 'MORE_INFO',
  WAITING_FOR_APP_SUMMARY: 'MORE_INFO',

  INCOME_VERIFICATION: 'LINK_INCOME',
  EMPLOYMENT_VERIFICATION: 'LINK_INCOME',
  WAITING_FOR_INCOME: 'LINK_INCOME',
  DISBURSEMENT_ACCOUNT: 'LINK_INCOME',
  AUTOPAY_ACCOUNT: 'LINK_INCOME',

  IDENTITY_VERIFICATION: 'ID_UPLOAD',
  WAITING_FOR_IDENTITY: 'ID_UPLOAD',
  // A valuation order after the ID upload (Texas) holds the borrower before signing.
  BPO_ORDER: 'ID_UPLOAD',
  BPO_PROCESSING: 'ID_UPLOAD',
  TITLE_REVIEW: 'ID_UPLOAD',
  TITLE_FINAL_ORDERED: 'ID_UPLOAD',
  TITLE_FINAL_REVIEW: 'ID_UPLOAD',

  CLOSING_DISCLOSURE: 'SIGNING',
  GEN_CLOSING_DOCS: 'SIGNING',
  WAITING_FOR_CLOSING_DOCS: 'SIGNING',
  WAITING_FOR_FLOOD_CERT: 'SIGNING',
  FINAL_OFFER: 'SIGNING',
  NOTE_SIGNING: 'SIGNING',
  GEN_NOTE_SIGNING: 'SIGNING',
  CO_DEED: 'SIGNING',

  NOTARY_DISCLOSURE: 'NOTARY',
  ATTORNEY_REVIEW: 'NOTARY',
  NOTARY_WAITING_PERIOD: 'NOTARY',
  DEED_SIGNING: 'NOTARY',
  MANUAL_DEED_SIGNING: 'NOTARY',
  GEN_NOTARY_DOCS: 'NOTARY',
  WAITING_FOR_NOTARY_DOCS: 'NOTARY',
  WAITING_FOR_NOTARY: 'NOTARY',

  TRUST_AND_INSURANCE: 'COMPLETE',
  GEN_RESCISSION: 'COMPLETE',
  RESCISSION: 'COMPLETE',
  RECORDING: 'COMPLETE',
  PAYOFF_PENDING: 'COMPLETE',
  DEBT_PAYOFF: 'COMPLETE',
  FUNDABLE: 'COMPLETE',
  FUNDING_DECISION: 'COMPLETE',
  WAITING_FOR_FUNDING: 'COMPLETE',
  COMPLETE: 'COMPLETE',

  DECLINED: null,
  CANCELLED: null,
};

/** The progress code of a server step; the notary step is the manual one or the eNotary. */
export function progressCodeForStep(step: TApplicationStep, manualNotary: boolean): TProgressCode | null {
  const code = STEP_PROGRESS[step];
  if (code === 'NOTARY') return manualNotary ? 'MANUAL_NOTARY' : 'ENOTARY';
  return code;
}

export type TProgressItemState = 'done' | 'current' | 'upcoming';

export interface TProgressItem extends TProgressStep {
  state: TProgressItemState;
}

/**
 * The sidebar list with each step's state: steps before the current one are done, COMPLETE marks
 * every step done, null (declined, cancelled) leaves them all upcoming.
 */
export function progressItems(
  steps: readonly TProgressStep[],
  current: TProgressCode | null,
): TProgressItem[] {
  if (current === 'COMPLETE') return steps.map((step) => ({ ...step, state: 'done' }));
  const index = current === null ? -1 : steps.findIndex((step) => step.code === current);
  return steps.map((step, position) => ({
    ...step,
    state:
      index === -1 ? 'upcoming' : position < index ? 'done' : position === index ? 'current' : 'upcoming',
  }));
}
