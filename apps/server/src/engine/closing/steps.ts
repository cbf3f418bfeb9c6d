/**
 * The closing step table: from the submitted application (INCOME_VERIFICATION) to funding (COMPLETE),
 * as data. It joins the engine's table (engine/steps.ts), so one guarded `applyTransition` and one
 * audit trail cover the whole application. Every `to` is a status name the domain's routing table (or
 * its client-machine fallback) routes; a test checks each target's screen.
 *
 * The path, and why it is cut this way:
 * - Income: a bank or payroll link, or documents (INCOME_VERIFICATION → WAITING_FOR_INCOME). Verified
 *   income of an employee asks for the employer (EMPLOYMENT_VERIFICATION, income/employer-verification);
 *   partial income (Paystub) and self-employed income (Selfemployed) go back to INCOME_VERIFICATION
 *   with a condition that says which documents to upload and how many (xtraData.numDocsRequired).
 * - Accounts: DISBURSEMENT_ACCOUNT → AUTOPAY_ACCOUNT (AUTOPAY with an account, or MANUAL pay). The
 *   account check (GIACT) runs in a job beside the flow: PENDING_REVIEW raises a condition that holds
 *   funding, not the borrower.
 * - Identity: IDENTITY_VERIFICATION → WAITING_FOR_IDENTITY; a failed check comes back with the ID
 *   verification condition. A Texas property then needs its valuation order (BPO_ORDER, bpo/condition).
 * - Closing documents: GEN_CLOSING_DOCS runs the flood determination first (a certificate under
 *   research waits in WAITING_FOR_FLOOD_CERT, error/flood-cert), then renders the package
 *   (NOTE_SIGNING, signing/intro). The borrower e-signs each document; the last signature completes the
 *   envelope (GEN_NOTARY_DOCS) and opens the notary step (NOTARY_DISCLOSURE, notary/intro) — through
 *   CO_DEED (signing/additional) first when other owners on title must sign (modules/co-deed).
 * - Notary: eNotary (DEED_SIGNING → session → WAITING_FOR_NOTARY) or manual (MANUAL_DEED_SIGNING,
 *   notary/reserve-manual → NOTARY_WAITING_PERIOD until the appointment is over).
 * - TRUST_AND_INSURANCE (insurance/upload through the client machine) → GEN_RESCISSION (the notices of
 *   right to cancel dated with the last signature) → RESCISSION → RECORDING → FUNDING_DECISION →
 *   FUNDABLE → COMPLETE, each waiting step ended by a job due when its period ends on the clock.
 * - Valuation order (Noavm before offers, Texas after identity): NO_AVM → BPO_ORDER → BPO_PROCESSING;
 *   the report sends Noavm back to underwriting (and its offers). At closing (Texas) the report's value
 *   and condition are underwritten again against the chosen line, with the liens the hard pull counted
 *   and the state's CLTV cap (80% in Texas) — the domain's assessChosenLine, the check the hard pull
 *   also makes:
 *
 *     BPO_PROCESSING ─BPO_COMPLETED→ GEN_CLOSING_DOCS                  (the chosen amount still fits)
 *     BPO_PROCESSING ─BPO_CLTV_LIMITED→ CLTV_REQUALIFY (product/prequal-winback)
 *                      ─ACCEPT_REQUALIFY_CLOSING→ GEN_CLOSING_DOCS     (a lower amount ≤ the new maximum)
 *     BPO_PROCESSING ─BPO_DECLINED→ DECLINED (error/decline)           (condition below AVERAGE, or the
 *                                                                      new maximum under the minimum line)
 *
 *   CLTV_REQUALIFY is the submission segment's step and screen; the event that led there records its
 *   phase (SUBMISSION or CLOSING), and the requalify route accepts with the action of that phase, so
 *   a closing requalification never restarts the submission. Every BPO outcome records the appraised
 *   value (adjustedHomeAmount) and the new maximum line (uwCalculatedDrawAmount).
 * - Texas: the closing signature waits for the 12th day after the notice given with the application
 *   (texas.ts, a guard on CLOSING_SIGNED; the signing endpoint refuses the first signature early).
 * - A provider job whose attempts run out moves the application to UNKNOWN (error/timeout).
 */
import type { TApplicationStep } from '@heloc/domain';
import type { StepGuard, StepTransition } from '../../workflow/step-machine';
import { texasTwelveDayGuard } from './texas';

export const CLOSING_ACTIONS = [
  // Income and employment.
  'LINK_INCOME',
  'SUBMIT_INCOME_DOCUMENTS',
  'INCOME_VERIFIED',
  'INCOME_VERIFIED_NO_EMPLOYER',
  'INCOME_PARTIAL',
  'INCOME_DOCUMENTS_REQUIRED',
  'INCOME_UNVERIFIED',
  'INCOME_DTI_DECLINED',
  'INCOME_TIMEOUT',
  'SUBMIT_EMPLOYER',
  'EMPLOYMENT_VERIFIED',
  'EMPLOYMENT_UNVERIFIED',
  // Accounts.
  'SET_DISBURSEMENT_ACCOUNT',
  'SET_AUTOPAY',
  'SET_MANUAL_PAY',
  // Identity.
  'SUBMIT_ID',
  'ID_VERIFIED',
  'ID_VERIFIED_VALUATION_REQUIRED',
  'ID_FAILED',
  'ID_TIMEOUT',
  // Valuation order (BPO).
  'ESTIMATE_VALUE',
  'ORDER_BPO',
  'BPO_COMPLETED_PREQUAL',
  'BPO_COMPLETED',
  'BPO_CLTV_LIMITED',
  'BPO_DECLINED',
  'ACCEPT_REQUALIFY_CLOSING',
  'BPO_TIMEOUT',
  // Junior lien payoff, flood and closing documents.
  'PAYOFF_REQUIRED',
  'PAYOFF_STATEMENT_RECEIVED',
  'FLOOD_CERT_PENDING',
  'FLOOD_DETERMINED',
  'CLOSING_DOCS_READY',
  'CLOSING_DOCS_TIMEOUT',
  'FLOOD_TIMEOUT',
  // Signing.
  'CLOSING_SIGNED',
  'NOTARY_PACKAGE_READY',
  'ESIGN_TIMEOUT',
  // Additional signers (co-deeders).
  'CO_DEED_REQUIRED',
  'CO_DEED_COMPLETE',
  // Notary.
  'CHOOSE_ENOTARY',
  'CHOOSE_MANUAL_NOTARY',
  'RESERVE_NOTARY',
  'MANUAL_DEED_SIGNED',
  'NOTARY_SIGN',
  'ENOTARY_COMPLETED',
  'NOTARY_SESSION_EXPIRED',
  'NOTARY_TIMEOUT',
  // Insurance, rescission, recording, funding.
  'INSURANCE_COMPLETE',
  'RESCISSION_STARTED',
  'RESCISSION_TIMEOUT',
  'RESCISSION_ENDED',
  'RESCINDED',
  'RECORDED',
  'RECORDING_TIMEOUT',
  'FUNDING_APPROVED',
  'FUNDED',
  'FUNDING_TIMEOUT',
] as const;
export type ClosingAction = (typeof CLOSING_ACTIONS)[number];

type Transition = StepTransition & {
  action: ClosingAction;
  from: readonly TApplicationStep[];
  to: TApplicationStep;
};

const t = (
  action: ClosingAction,
  from: readonly TApplicationStep[],
  to: TApplicationStep,
  guard?: StepGuard,
): Transition => ({
  action,
  from,
  to,
  ...(guard && { guard }),
});

/** After the deed is signed and until the rescission period ends (the job moves on at its end). */
export const RESCINDABLE_STEPS: readonly TApplicationStep[] = [
  'TRUST_AND_INSURANCE',
  'GEN_RESCISSION',
  'RESCISSION',
];
/** Steps where the borrower still chooses how the deed is notarised. */
const NOTARY_CHOICE: readonly TApplicationStep[] = [
  'NOTARY_DISCLOSURE',
  'DEED_SIGNING',
  'MANUAL_DEED_SIGNING',
];

export const CLOSING_TRANSITIONS: readonly Transition[] = [
  // Income: a link (bank or payroll) or the document upload path, then the provider's answer.
  t('LINK_INCOME', ['INCOME_VERIFICATION'], 'WAITING_FOR_INCOME'),
  t('SUBMIT_INCOME_DOCUMENTS', ['INCOME_VERIFICATION'], 'WAITING_FOR_INCOME'),
  t('INCOME_VERIFIED', ['WAITING_FOR_INCOME'], 'EMPLOYMENT_VERIFICATION'),
  t('INCOME_VERIFIED_NO_EMPLOYER', ['WAITING_FOR_INCOME'], 'DISBURSEMENT_ACCOUNT'),
  t('INCOME_PARTIAL', ['WAITING_FOR_INCOME'], 'INCOME_VERIFICATION'),
  t('INCOME_DOCUMENTS_REQUIRED', ['WAITING_FOR_INCOME'], 'INCOME_VERIFICATION'),
  // No recurring income: the asset-depletion offer (product/assets) decides instead.
  t('INCOME_UNVERIFIED', ['WAITING_FOR_INCOME'], 'ASSETS_PREQUAL'),
  // Verified income puts DTI over the cap: declined (error/income), with an adverse action notice.
  t('INCOME_DTI_DECLINED', ['WAITING_FOR_INCOME'], 'DECLINED'),
  t('INCOME_TIMEOUT', ['WAITING_FOR_INCOME'], 'UNKNOWN'),
  t('SUBMIT_EMPLOYER', ['EMPLOYMENT_VERIFICATION'], 'WAITING_FOR_INCOME'),
  t('EMPLOYMENT_VERIFIED', ['WAITING_FOR_INCOME'], 'DISBURSEMENT_ACCOUNT'),
  t('EMPLOYMENT_UNVERIFIED', ['WAITING_FOR_INCOME'], 'EMPLOYMENT_VERIFICATION'),
  // Accounts.
  t('SET_DISBURSEMENT_ACCOUNT', ['DISBURSEMENT_ACCOUNT'], 'AUTOPAY_ACCOUNT'),
  t('SET_AUTOPAY', ['AUTOPAY_ACCOUNT'], 'IDENTITY_VERIFICATION'),
  t('SET_MANUAL_PAY', ['AUTOPAY_ACCOUNT'], 'IDENTITY_VERIFICATION'),
  // Identity document.
  t('SUBMIT_ID', ['IDENTITY_VERIFICATION'], 'WAITING_FOR_IDENTITY'),
  t('ID_VERIFIED', ['WAITING_FOR_IDENTITY'], 'GEN_CLOSING_DOCS'),
  t('ID_VERIFIED_VALUATION_REQUIRED', ['WAITING_FOR_IDENTITY'], 'BPO_ORDER'),
  t('ID_FAILED', ['WAITING_FOR_IDENTITY'], 'IDENTITY_VERIFICATION'),
  t('ID_TIMEOUT', ['WAITING_FOR_IDENTITY'], 'UNKNOWN'),
  // Valuation order: the borrower's estimate (Noavm), the $180 consent, the report.
  t('ESTIMATE_VALUE', ['NO_AVM'], 'BPO_ORDER'),
  t('ORDER_BPO', ['BPO_ORDER'], 'BPO_PROCESSING'),
  t('BPO_COMPLETED_PREQUAL', ['BPO_PROCESSING'], 'WAITING_FOR_UNDERWRITING'),
  // At closing (Texas) the report is underwritten again against the chosen line (assessChosenLine):
  // it still fits → the closing documents; a lower maximum → the borrower requalifies at a lower
  // amount on the submission segment's screen (product/prequal-winback), and accepting goes on with
  // the closing; a condition below AVERAGE or too little equity → declined (adverse action notice).
  t('BPO_COMPLETED', ['BPO_PROCESSING'], 'GEN_CLOSING_DOCS'),
  t('BPO_CLTV_LIMITED', ['BPO_PROCESSING'], 'CLTV_REQUALIFY'),
  t('ACCEPT_REQUALIFY_CLOSING', ['CLTV_REQUALIFY'], 'GEN_CLOSING_DOCS'),
  t('BPO_DECLINED', ['BPO_PROCESSING'], 'DECLINED'),
  t('BPO_TIMEOUT', ['BPO_PROCESSING'], 'UNKNOWN'),
  // Flood determination, then the closing package.
  // A junior lien (second position or lower) is paid off from the line at closing: the closing
  // documents wait for its payoff statement, which staff enter (console work item PAYOFF_STATEMENT).
  t('PAYOFF_REQUIRED', ['GEN_CLOSING_DOCS'], 'PAYOFF_PENDING'),
  t('PAYOFF_STATEMENT_RECEIVED', ['PAYOFF_PENDING'], 'GEN_CLOSING_DOCS'),
  t('FLOOD_CERT_PENDING', ['GEN_CLOSING_DOCS'], 'WAITING_FOR_FLOOD_CERT'),
  t('FLOOD_DETERMINED', ['WAITING_FOR_FLOOD_CERT'], 'GEN_CLOSING_DOCS'),
  t('FLOOD_TIMEOUT', ['WAITING_FOR_FLOOD_CERT'], 'UNKNOWN'),
  t('CLOSING_DOCS_READY', ['GEN_CLOSING_DOCS'], 'NOTE_SIGNING'),
  t('CLOSING_DOCS_TIMEOUT', ['GEN_CLOSING_DOCS'], 'UNKNOWN'),
  // E-signing: the last document signed completes the envelope and readies the notary package.
  // Texas: not before the 12th day after the notice (texas.ts).
  t('CLOSING_SIGNED', ['NOTE_SIGNING'], 'GEN_NOTARY_DOCS', texasTwelveDayGuard),
  t('NOTARY_PACKAGE_READY', ['GEN_NOTARY_DOCS'], 'NOTARY_DISCLOSURE'),
  t('ESIGN_TIMEOUT', ['GEN_NOTARY_DOCS'], 'UNKNOWN'),
  // Other owners on title (joint ownership): the primary waits at signing/additional until every invited
  // signer has e-signed and had the deed notarised (modules/co-deed), then goes on to the notary.
  t('CO_DEED_REQUIRED', ['GEN_NOTARY_DOCS'], 'CO_DEED'),
  t('CO_DEED_COMPLETE', ['CO_DEED'], 'NOTARY_DISCLOSURE'),
  // Notary: eNotary session or a manual appointment (the borrower may switch until one is under way).
  t('CHOOSE_ENOTARY', NOTARY_CHOICE, 'DEED_SIGNING'),
  t('CHOOSE_MANUAL_NOTARY', NOTARY_CHOICE, 'MANUAL_DEED_SIGNING'),
  t('RESERVE_NOTARY', ['MANUAL_DEED_SIGNING'], 'NOTARY_WAITING_PERIOD'),
  t('MANUAL_DEED_SIGNED', ['NOTARY_WAITING_PERIOD'], 'TRUST_AND_INSURANCE'),
  t('NOTARY_SIGN', ['DEED_SIGNING'], 'WAITING_FOR_NOTARY'),
  t('ENOTARY_COMPLETED', ['WAITING_FOR_NOTARY'], 'TRUST_AND_INSURANCE'),
  t('NOTARY_SESSION_EXPIRED', ['WAITING_FOR_NOTARY'], 'DEED_SIGNING'),
  t('NOTARY_TIMEOUT', ['WAITING_FOR_NOTARY', 'NOTARY_WAITING_PERIOD'], 'UNKNOWN'),
  // Insurance (and trust) done → rescission → recording → funding.
  t('INSURANCE_COMPLETE', ['TRUST_AND_INSURANCE'], 'GEN_RESCISSION'),
  t('RESCISSION_STARTED', ['GEN_RESCISSION'], 'RESCISSION'),
  t('RESCISSION_TIMEOUT', ['GEN_RESCISSION', 'RESCISSION'], 'UNKNOWN'),
  t('RESCISSION_ENDED', ['RESCISSION'], 'RECORDING'),
  // An owner exercises the right to cancel (Regulation Z §1026.15) any time after the deed is signed
  // until the period ends: the line is cancelled and nothing is recorded or funded.
  t('RESCINDED', RESCINDABLE_STEPS, 'CANCELLED'),
  t('RECORDED', ['RECORDING'], 'FUNDING_DECISION'),
  t('RECORDING_TIMEOUT', ['RECORDING'], 'UNKNOWN'),
  t('FUNDING_APPROVED', ['FUNDING_DECISION'], 'FUNDABLE'),
  t('FUNDED', ['FUNDABLE'], 'COMPLETE'),
  t('FUNDING_TIMEOUT', ['FUNDING_DECISION', 'FUNDABLE'], 'UNKNOWN'),
];
