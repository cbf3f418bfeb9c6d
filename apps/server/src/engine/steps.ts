/**
 * The server step table of the first engine slice (DESIGN.md §6): from the borrower's profile to the
 * priced offers and the offer choice. Transitions are data (a StepTable for applyTransition); every
 * `to` is a status name of the domain (APPLICATION_STEPS), so the polled status routes the browser
 * through the domain's routing table or, where the table has no row, the client machine (a test
 * checks every target).
 *
 * Choices the spec leaves open, and why:
 * - Waiting statuses (WAITING_FOR_*) while a provider job runs: the browser keeps polling them.
 * - Pinfrozen: a freeze the borrower lifts with the bureau PIN answers CREDIT_FROZEN_PIN with
 *   `creditFrozenWithPin` — not the routing table's "locked or frozen" row (credit/error), so the
 *   client machine's incorrect-PIN state routes it to review-app/incorrect-pin; a wrong PIN lands
 *   there again. A freeze without a PIN is CREDIT_FROZEN (credit/error: lift it, then retry).
 * - Datatree no match: no routing row answers review-app/datatree; only the client machine does
 *   (flag `datatreeNoMatch`, from any state). IN_PROGRESS is the one pre-offer status with no
 *   routing row, and it is also where the borrower can correct the property and submit the profile
 *   again, so PROPERTY_NO_DATA goes back to IN_PROGRESS with the flag set.
 * - Ownership mismatch (Notowner): INCORRECT_OWNERSHIP (review-app/incorrect-ownership, a routing row
 *   the domain adds for the spec's screen), reason OWNERSHIP_MISMATCH in the audit trail.
 * - Mortgage delinquency comes from the credit report but is about the property's mortgage, so it
 *   is decided when the property is found (PROPERTY_DELINQUENT → DELINQUENCY_REVIEW).
 * - Declines (score, DTI, condition, bureau indicators, no equity) all go to DECLINED with
 *   `uwDecision: DECLINE` and the flags `creditScoreDecline` / `dtiDecline` / `condition`. The routing
 *   table's "declined" row answers error/decline whatever the flags say.
 * - A provider job that dies: credit → CREDIT_ERROR (error/timeout, the Timeout scenario); property
 *   or underwriting → UNKNOWN (also error/timeout), the status polling itself ends on.
 */
import type { TApplicationStep } from '@heloc/domain';
import {
  stepsAllowing as stepsAllowingIn,
  type StepTable,
  type StepTransition,
} from '../workflow/step-machine';
import { SUBMISSION_TRANSITIONS, type SubmissionAction } from './submission/steps';
import { CLOSING_TRANSITIONS, type ClosingAction } from './closing/steps';
import { STAFF_TRANSITIONS, type StaffAction } from './staff-transitions';

export const ENGINE_ACTIONS = [
  'SUBMIT_PROFILE',
  'CREDIT_MATCHED',
  'CREDIT_NO_MATCH',
  'CREDIT_FROZEN',
  'CREDIT_FROZEN_PIN',
  'CREDIT_NO_SCORE',
  'CREDIT_TIMEOUT',
  'SUBMIT_SSN',
  'SUBMIT_PIN',
  'RETRY_CREDIT',
  'PROPERTY_FOUND',
  'PROPERTY_NOT_FOUND',
  'PROPERTY_MULTIPLE',
  'PROPERTY_NOT_OWNER',
  'PROPERTY_NO_DATA',
  'PROPERTY_DELINQUENT',
  'PROPERTY_TIMEOUT',
  'CHOOSE_PROPERTY',
  'CONFIRM_LIENS',
  'OFFERS_READY',
  'DECLINE',
  'NO_AVM',
  'UNDERWRITING_TIMEOUT',
  'SELECT_OFFER',
  'CANCEL',
  'STAFF_DECLINE',
  'STAFF_COUNTER_OFFER',
] as const;
/** The engine's actions and those of its segments (engine/submission, engine/closing). */
export type EngineAction = (typeof ENGINE_ACTIONS)[number] | SubmissionAction | ClosingAction | StaffAction;

type Transition = StepTransition & {
  action: EngineAction;
  from: readonly TApplicationStep[] | '*';
  to: TApplicationStep;
};

const t = (
  action: EngineAction,
  from: readonly TApplicationStep[] | '*',
  to: TApplicationStep,
): Transition => ({
  action,
  from,
  to,
});

export const ENGINE_TRANSITIONS: readonly Transition[] = [
  // Borrower: name, birth date, property and the soft-credit consent (also after a datatree miss).
  t('SUBMIT_PROFILE', ['IN_PROGRESS'], 'WAITING_FOR_CREDIT'),

  // Credit bureau (soft pull).
  t('CREDIT_MATCHED', ['WAITING_FOR_CREDIT'], 'WAITING_FOR_PROPERTY'),
  t('CREDIT_NO_MATCH', ['WAITING_FOR_CREDIT'], 'CREDIT_NO_MATCH'),
  t('CREDIT_FROZEN', ['WAITING_FOR_CREDIT'], 'CREDIT_FROZEN'),
  t('CREDIT_FROZEN_PIN', ['WAITING_FOR_CREDIT'], 'CREDIT_FROZEN_PIN'),
  t('CREDIT_NO_SCORE', ['WAITING_FOR_CREDIT'], 'CREDIT_NO_MATCH_SSN'),
  t('CREDIT_TIMEOUT', ['WAITING_FOR_CREDIT'], 'CREDIT_ERROR'),

  // Borrower answers to the bureau: SSN after no match, PIN or a retry after a freeze.
  t('SUBMIT_SSN', ['CREDIT_NO_MATCH'], 'WAITING_FOR_CREDIT'),
  t('SUBMIT_PIN', ['CREDIT_FROZEN_PIN'], 'WAITING_FOR_CREDIT'),
  t('RETRY_CREDIT', ['CREDIT_FROZEN', 'CREDIT_FROZEN_PIN'], 'WAITING_FOR_CREDIT'),

  // Property data.
  t('PROPERTY_FOUND', ['WAITING_FOR_PROPERTY'], 'LIEN_VERIFICATION'),
  t('PROPERTY_NOT_FOUND', ['WAITING_FOR_PROPERTY'], 'NO_PROPERTY'),
  t('PROPERTY_NOT_OWNER', ['WAITING_FOR_PROPERTY'], 'INCORRECT_OWNERSHIP'),
  t('PROPERTY_MULTIPLE', ['WAITING_FOR_PROPERTY'], 'MULTIPLE_PROPERTIES'),
  t('PROPERTY_NO_DATA', ['WAITING_FOR_PROPERTY'], 'IN_PROGRESS'),
  t('PROPERTY_DELINQUENT', ['WAITING_FOR_PROPERTY'], 'DELINQUENCY_REVIEW'),
  t('PROPERTY_TIMEOUT', ['WAITING_FOR_PROPERTY'], 'UNKNOWN'),
  t('CHOOSE_PROPERTY', ['MULTIPLE_PROPERTIES'], 'WAITING_FOR_PROPERTY'),

  // Liens confirmed → underwriting and pricing.
  t('CONFIRM_LIENS', ['LIEN_VERIFICATION'], 'WAITING_FOR_UNDERWRITING'),
  t('OFFERS_READY', ['WAITING_FOR_UNDERWRITING'], 'OFFER_SELECTION'),
  t('DECLINE', ['WAITING_FOR_UNDERWRITING'], 'DECLINED'),
  t('NO_AVM', ['WAITING_FOR_UNDERWRITING'], 'NO_AVM'),
  t('UNDERWRITING_TIMEOUT', ['WAITING_FOR_UNDERWRITING'], 'UNKNOWN'),

  // The borrower picks an offer and an amount; "Provide More Info" follows.
  t('SELECT_OFFER', ['OFFER_SELECTION'], 'COLLECT_ADDITIONAL_INFO'),

  // Asset depletion, more info, HMDA, summary and submission (engine/submission/steps.ts).
  ...SUBMISSION_TRANSITIONS,

  // The borrower may withdraw at any non-final step (and staff cancel with the CANCEL decision).
  t('CANCEL', '*', 'CANCELLED'),
  // An underwriter's decline in the lender console (Regulation B reasons in the entry's data), from
  // any non-final step; its adverse action notice follows like any decline's (moveApplication).
  t('STAFF_DECLINE', '*', 'DECLINED'),
  // An approved counter-offer (a lower maximum line) while the borrower chooses: they stay choosing.
  t('STAFF_COUNTER_OFFER', ['OFFER_SELECTION'], 'OFFER_SELECTION'),
];

export const ENGINE_STEP_TABLE: StepTable = {
  transitions: [...ENGINE_TRANSITIONS, ...CLOSING_TRANSITIONS, ...STAFF_TRANSITIONS],
  final: ['COMPLETE', 'CANCELLED', 'DECLINED'],
};

/**
 * The steps the engine's `actions` may run from (step-machine's stepsAllowing over the whole table):
 * what a borrower endpoint accepts, read from the table instead of written beside it.
 */
export const stepsAllowing = (...actions: readonly EngineAction[]): readonly TApplicationStep[] =>
  stepsAllowingIn(ENGINE_STEP_TABLE, ...actions) as readonly TApplicationStep[];
