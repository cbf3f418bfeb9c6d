/** The server's application steps (spec 1 §4): waiting and final steps, the post-signing checklist. */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Server-side application steps (spec 1 §4)
// ---------------------------------------------------------------------------------------------

/**
 * The server's current step of an application. First the spec's list, then the statuses its routing
 * table names, then the GEN_* (a job generates documents) and WAITING_FOR_* (a provider is working)
 * steps the browser polls on.
 */
export const APPLICATION_STEPS = [
  // Named in spec 1 §4 / spec 2 §4.
  'APP_SUBMISSION',
  'ASSETS_PREQUAL',
  'ATTORNEY_REVIEW',
  'AUTOPAY_ACCOUNT',
  'CANCELLED',
  'COLLECT_ADDITIONAL_INFO',
  'COMPLETE',
  'CREDIT_ERROR',
  'CREDIT_MINOR',
  'CREDIT_NO_MATCH',
  'DECLINED',
  'DEED_SIGNING',
  'DISBURSEMENT_ACCOUNT',
  'EMPLOYMENT_VERIFICATION',
  'FINAL_OFFER',
  'FUNDABLE',
  'FUNDING_DECISION',
  'HARD_CREDIT_PULL',
  'IDENTITY_VERIFICATION',
  'INCOME_VERIFICATION',
  'IN_PROGRESS',
  'LIEN_VERIFICATION',
  'NOTE_SIGNING',
  'NOTARY_WAITING_PERIOD',
  'OFFER_SELECTION',
  'RECORDING',
  'RESCISSION',
  'TRUST_AND_INSURANCE',
  // "and others": the statuses of the routing table of spec 1 §4.
  'CREDIT_NO_MATCH_SSN',
  'CREDIT_LOCKED',
  'CREDIT_FROZEN',
  // A freeze the borrower lifts with the bureau PIN: not the "locked or frozen" row, so the client
  // machine's incorrect-PIN state routes it (review-app/incorrect-pin, DESIGN.md §7 Pinfrozen).
  'CREDIT_FROZEN_PIN',
  'NO_PROPERTY',
  'MULTIPLE_PROPERTIES',
  // The property's owner of record is not the applicant (DESIGN.md §7 Notowner): one of the spec's
  // decline variants, review-app/incorrect-ownership.
  'INCORRECT_OWNERSHIP',
  'HMDA',
  'DELINQUENCY_REVIEW',
  'CLOSING_DISCLOSURE',
  'REVISED_OFFER_SELECTION',
  'SUMMARY',
  'CLTV_REQUALIFY',
  'NO_AVM',
  'ESTIMATE_VALUE',
  'PAYOFF_PENDING',
  'BPO_ORDER',
  'BPO_PROCESSING',
  'TITLE_REVIEW',
  // Final title work (routing table: "final title statuses" hold the borrower on bpo/hold).
  'TITLE_FINAL_ORDERED',
  'TITLE_FINAL_REVIEW',
  'DEBT_PAYOFF',
  'FACTA_REVIEW',
  'CO_DEED',
  'NOTARY_DISCLOSURE',
  'MANUAL_DEED_SIGNING',
  'UNKNOWN',
  // Document generation (a job renders PDFs).
  'GEN_APP_SUMMARY',
  'GEN_CLOSING_DOCS',
  'GEN_NOTE_SIGNING',
  'GEN_NOTARY_DOCS',
  'GEN_RESCISSION',
  // Waiting on a provider or a job.
  'WAITING_FOR_CREDIT',
  'WAITING_FOR_PROPERTY',
  'WAITING_FOR_LIENS',
  'WAITING_FOR_UNDERWRITING',
  'WAITING_FOR_APP_SUMMARY',
  'WAITING_FOR_INCOME',
  'WAITING_FOR_IDENTITY',
  'WAITING_FOR_FLOOD_CERT',
  'WAITING_FOR_CLOSING_DOCS',
  'WAITING_FOR_NOTARY_DOCS',
  'WAITING_FOR_NOTARY',
  'WAITING_FOR_FUNDING',
] as const;
export const ZApplicationStep = z.enum(APPLICATION_STEPS);
export type TApplicationStep = z.infer<typeof ZApplicationStep>;

/** Steps during which work is in progress server-side: the browser keeps polling (14 attempts). */
/** Waits with a screen of their own (not polled behind the processing modal). */
export const SCREEN_ROUTED_WAITS: readonly string[] = ['WAITING_FOR_FLOOD_CERT'];

export const WAITING_APPLICATION_STEPS: readonly TApplicationStep[] = APPLICATION_STEPS.filter(
  (step) =>
    (step.startsWith('WAITING_FOR_') || step.startsWith('GEN_')) &&
    // A flood certificate under research takes hours: the routing table gives it its own page
    // (error/flood-cert, which keeps reading the status), not a spinner that ends on the timeout page.
    !SCREEN_ROUTED_WAITS.includes(step),
);
export function isWaitingApplicationStep(step: TApplicationStep): boolean {
  return WAITING_APPLICATION_STEPS.includes(step);
}

/** Terminal steps: nothing more happens, polling stops at once. */
export const FINAL_APPLICATION_STEPS: readonly TApplicationStep[] = ['COMPLETE', 'CANCELLED', 'DECLINED'];
export function isFinalApplicationStep(step: TApplicationStep): boolean {
  return FINAL_APPLICATION_STEPS.includes(step);
}

/** Post-signing checklist of the status object. */
export const CHECKLIST_STATUSES = ['GEN_RESCISSION', 'RESCISSION', 'RECORDING', 'FUNDABLE'] as const;
export const ZChecklistStatus = z.enum(CHECKLIST_STATUSES);
export type TChecklistStatus = z.infer<typeof ZChecklistStatus>;
