/**
 * The conversion funnel the report counts (npm run report:funnel; event names in ./telemetry-events.ts).
 * A funnel step is reached by a session that recorded its event (and,
 * for application steps, that step in eventProperties.step).
 */
import type { TApplicationStep } from './enums';
import { TELEMETRY_EVENTS, type TTelemetryEventName } from './telemetry-events';

/** Application steps in the order a borrower meets them (DESIGN.md §6), the funnel's later steps. */
export const FUNNEL_APPLICATION_STEPS = [
  'LIEN_VERIFICATION',
  'OFFER_SELECTION',
  'COLLECT_ADDITIONAL_INFO',
  'HARD_CREDIT_PULL',
  'APP_SUBMISSION',
  'INCOME_VERIFICATION',
  'FINAL_OFFER',
  'DISBURSEMENT_ACCOUNT',
  'IDENTITY_VERIFICATION',
  'NOTE_SIGNING',
  'RESCISSION',
  'FUNDABLE',
  'COMPLETE',
] as const satisfies readonly TApplicationStep[];

export interface TFunnelStep {
  key: string;
  label: string;
  event: TTelemetryEventName;
  /** For application steps: the eventProperties.step value. */
  step?: TApplicationStep;
}

export const FUNNEL_STEPS: readonly TFunnelStep[] = [
  { key: 'visit', label: 'Visited', event: TELEMETRY_EVENTS.pageView },
  { key: 'registration', label: 'Registration started', event: TELEMETRY_EVENTS.registrationStarted },
  { key: 'account', label: 'Account created', event: TELEMETRY_EVENTS.accountCreated },
  { key: 'application', label: 'Application viewed', event: TELEMETRY_EVENTS.applicationViewed },
  ...FUNNEL_APPLICATION_STEPS.map((step): TFunnelStep => ({
    key: step,
    label: step,
    event: TELEMETRY_EVENTS.stepReached,
    step,
  })),
];

/** Conversion of a step: its sessions over the previous step's (the first step converts from itself). */
export function conversionPercent(reached: number, previous: number): number | null {
  if (previous <= 0) return null;
  return Math.round((reached / previous) * 1000) / 10;
}
