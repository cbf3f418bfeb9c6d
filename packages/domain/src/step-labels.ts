/**
 * A borrower's label for the server's application step (the dashboard's "current step", the chatbot's
 * status answer). The spec's named steps have their own wording; the GEN_* and WAITING_FOR_* steps
 * and the rest read from their names. Staff read `stepInWords` (schemas/console.ts) instead.
 */
import type { TApplicationStep } from './enums';

const STEP_LABELS: Partial<Record<TApplicationStep, string>> = {
  IN_PROGRESS: 'Basic info',
  APP_SUBMISSION: 'Application submission',
  ASSETS_PREQUAL: 'Asset review',
  ATTORNEY_REVIEW: 'Attorney review',
  AUTOPAY_ACCOUNT: 'Autopay account',
  CANCELLED: 'Cancelled',
  COLLECT_ADDITIONAL_INFO: 'Additional information',
  COMPLETE: 'Complete',
  CREDIT_ERROR: 'Credit check problem',
  CREDIT_MINOR: 'Credit review',
  CREDIT_NO_MATCH: 'Credit check: confirm your details',
  CREDIT_NO_MATCH_SSN: 'Credit check: confirm your details',
  CREDIT_LOCKED: 'Credit report locked',
  CREDIT_FROZEN: 'Credit report frozen',
  DECLINED: 'Declined',
  DEED_SIGNING: 'Deed signing',
  DISBURSEMENT_ACCOUNT: 'Disbursement account',
  EMPLOYMENT_VERIFICATION: 'Employment verification',
  FINAL_OFFER: 'Final offer',
  FUNDABLE: 'Ready to fund',
  FUNDING_DECISION: 'Funding decision',
  HARD_CREDIT_PULL: 'Credit check',
  HMDA: 'Government monitoring information',
  IDENTITY_VERIFICATION: 'Identity verification',
  INCOME_VERIFICATION: 'Income verification',
  LIEN_VERIFICATION: 'Lien verification',
  NOTE_SIGNING: 'Document signing',
  NOTARY_WAITING_PERIOD: 'Notary waiting period',
  OFFER_SELECTION: 'Offer selection',
  REVISED_OFFER_SELECTION: 'Offer selection',
  RECORDING: 'Recording',
  RESCISSION: 'Right of rescission',
  TRUST_AND_INSURANCE: 'Trust and insurance',
  SUMMARY: 'Application summary',
  CLTV_REQUALIFY: 'Offer review',
  NO_AVM: 'Home value estimate',
  ESTIMATE_VALUE: 'Home value estimate',
  BPO_ORDER: 'Home valuation',
  BPO_PROCESSING: 'Home valuation',
  CO_DEED: 'Additional signers',
  MANUAL_DEED_SIGNING: 'Notary appointment',
  UNKNOWN: 'In review',
};

/** "WAITING_FOR_FLOOD_CERT" → "Waiting for flood cert". */
function fromName(step: string): string {
  const words = step.toLowerCase().split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function applicationStepLabel(step: TApplicationStep): string {
  const label = STEP_LABELS[step];
  if (label) return label;
  if (step.startsWith('GEN_')) return 'Preparing your documents';
  return fromName(step);
}
