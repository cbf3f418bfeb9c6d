/**
 * The submission segment's server steps (DESIGN.md §6), as data: asset depletion and the CLTV
 * requalification around the offer, "Provide More Info", HMDA, the generated application summary, the
 * hard credit pull on submission, and the hand-over to income verification (where engine/closing
 * takes over). Every `to` is a status the domain routes (a test checks each target):
 *
 *   WAITING_FOR_UNDERWRITING ─ASSETS_NEEDED→ ASSETS_PREQUAL (product/assets) ─SUBMIT_ASSETS→ OFFER_SELECTION
 *   COLLECT_ADDITIONAL_INFO (start/contact) ─SUBMIT_ADDITIONAL_PROFILE→ HMDA (start/hmda)
 *   HMDA ─SUBMIT_HMDA→ GEN_APP_SUMMARY (job) ─SUMMARY_READY→ SUMMARY (start/app-summary)
 *   SUMMARY ─SUBMIT_APPLICATION→ HARD_CREDIT_PULL (job) ─HARD_PULL_PASSED→ APP_SUBMISSION (job)
 *   APP_SUBMISSION ─APPLICATION_SUBMITTED→ INCOME_VERIFICATION
 *   HARD_CREDIT_PULL ─HARD_PULL_CLTV_LIMITED→ CLTV_REQUALIFY (product/prequal-winback) ─ACCEPT_REQUALIFY→ APP_SUBMISSION
 *
 * Choices the spec leaves open, and why:
 * - Asset depletion is offered only when DTI on the stated income is the one failed rule and within
 *   ASSET_DEPLETION_DTI_CEILING_BPS (the domain's qualifiesForAssetDepletion); further out, the DTI
 *   decline stands (Highdebt, 62%).
 * - The hard-credit consent is given on the additional-profile screen, as the client machine's
 *   moreProfile → hmda guard requires, and confirmed again on the summary screen at submission.
 * - HARD_CREDIT_PULL and APP_SUBMISSION have no routing row: the client machine keeps the borrower on
 *   start/app-summary (the summary is not "complete" until the hard pull passed).
 * - The CLTV requalification happens when the hard pull shows more debt secured by the home than the
 *   liens the borrower confirmed: the line shrinks to what the CLTV cap leaves.
 * - A hard pull that finds no file, a frozen file or no score cannot be answered from this screen;
 *   it ends on CREDIT_ERROR (error/timeout) with the reason in the audit trail, like a bureau timeout.
 */
import type { TApplicationStep } from '@heloc/domain';
import type { StepTransition } from '../../workflow/step-machine';

export const SUBMISSION_ACTIONS = [
  'ASSETS_NEEDED',
  'SUBMIT_ASSETS',
  'ASSETS_INSUFFICIENT',
  'SAVE_CONTACT',
  'SUBMIT_ADDITIONAL_PROFILE',
  'SUBMIT_HMDA',
  'SUMMARY_READY',
  'SUMMARY_FAILED',
  'SUBMIT_APPLICATION',
  'HARD_PULL_PASSED',
  'HARD_PULL_DECLINED',
  'HARD_PULL_CLTV_LIMITED',
  'HARD_PULL_UNANSWERED',
  'HARD_PULL_TIMEOUT',
  'ACCEPT_REQUALIFY',
  'APPLICATION_SUBMITTED',
  'SUBMISSION_TIMEOUT',
] as const;
export type SubmissionAction = (typeof SUBMISSION_ACTIONS)[number];

type Transition = StepTransition & {
  action: SubmissionAction;
  from: readonly TApplicationStep[];
  to: TApplicationStep;
};

const t = (
  action: SubmissionAction,
  from: readonly TApplicationStep[],
  to: TApplicationStep,
): Transition => ({
  action,
  from,
  to,
});

export const SUBMISSION_TRANSITIONS: readonly Transition[] = [
  // Underwriting: DTI-limited on stated income → the borrower declares liquid assets.
  t('ASSETS_NEEDED', ['WAITING_FOR_UNDERWRITING'], 'ASSETS_PREQUAL'),
  t('SUBMIT_ASSETS', ['ASSETS_PREQUAL'], 'OFFER_SELECTION'),
  t('ASSETS_INSUFFICIENT', ['ASSETS_PREQUAL'], 'DECLINED'),

  // Provide More Info: the additional profile (ownership, SSN, hard-credit consent) moves on to HMDA.
  t('SUBMIT_ADDITIONAL_PROFILE', ['COLLECT_ADDITIONAL_INFO'], 'HMDA'),
  t('SUBMIT_HMDA', ['HMDA'], 'GEN_APP_SUMMARY'),

  // The summary package is generated in a job.
  t('SUMMARY_READY', ['GEN_APP_SUMMARY'], 'SUMMARY'),
  t('SUMMARY_FAILED', ['GEN_APP_SUMMARY'], 'UNKNOWN'),

  // Submission: hard pull, then the hand-over to income verification.
  t('SUBMIT_APPLICATION', ['SUMMARY'], 'HARD_CREDIT_PULL'),
  t('HARD_PULL_PASSED', ['HARD_CREDIT_PULL'], 'APP_SUBMISSION'),
  t('HARD_PULL_DECLINED', ['HARD_CREDIT_PULL'], 'DECLINED'),
  t('HARD_PULL_CLTV_LIMITED', ['HARD_CREDIT_PULL'], 'CLTV_REQUALIFY'),
  t('HARD_PULL_UNANSWERED', ['HARD_CREDIT_PULL'], 'CREDIT_ERROR'),
  t('HARD_PULL_TIMEOUT', ['HARD_CREDIT_PULL'], 'CREDIT_ERROR'),
  t('ACCEPT_REQUALIFY', ['CLTV_REQUALIFY'], 'APP_SUBMISSION'),
  t('APPLICATION_SUBMITTED', ['APP_SUBMISSION'], 'INCOME_VERIFICATION'),
  t('SUBMISSION_TIMEOUT', ['APP_SUBMISSION'], 'UNKNOWN'),
];

/** Borrower actions recorded without a step change (kind ACTION in the audit trail). */
export const SUBMISSION_RECORDED_ACTIONS = ['SAVE_CONTACT'] as const;
