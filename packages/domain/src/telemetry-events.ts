/**
 * Telemetry event names. The spec names "HELOC: Error Fallback" and says page views carry productType
 * HELOC; the other names are ours, in the same "HELOC: …" style. Apart from the funnel (./funnel.ts) so
 * pages that send events do not carry the funnel's tables.
 */
import { ERROR_FALLBACK_EVENT } from './constants';

export const TELEMETRY_EVENTS = {
  pageView: 'HELOC: Page View',
  errorFallback: ERROR_FALLBACK_EVENT,
  registrationStarted: 'HELOC: Registration Started',
  accountCreated: 'HELOC: Account Created',
  signedIn: 'HELOC: Signed In',
  applicationViewed: 'HELOC: Application Viewed',
  /** The application's server step as the frame saw it (eventProperties.step). */
  stepReached: 'HELOC: Step Reached',
  ceoFeedbackSent: 'HELOC: CEO Feedback Sent',
  /**
   * An experiment's variation was shown (eventProperties experimentKey, variationKey); recorded once
   * per session and experiment (dedupeProperty experimentKey), by the screen that renders it.
   */
  experimentExposure: 'HELOC: Experiment Exposure',
} as const;
export type TTelemetryEventName = (typeof TELEMETRY_EVENTS)[keyof typeof TELEMETRY_EVENTS];
