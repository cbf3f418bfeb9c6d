/**
 * Bodies of the telemetry, error-report, optimisation and optimisation-profile calls (spec 2 §7). Kept
 * apart from ./telemetry.ts, which the first screen needs (the maintenance flag): only the lazily
 * loaded telemetry client and the server use these.
 */
import { z } from 'zod';
import { ZProductType } from '../enums';
import { ZUuid } from './common';
import { ZTelemetrySessionKey } from './telemetry';

// ---------------------------------------------------------------------------------------------
// Telemetry calls (spec 2 §7 "Telemetry and features"): {base}/ft/{context}/session and /event
// ---------------------------------------------------------------------------------------------

const ZPixels = z.number().int().min(0).max(100_000);
/** The page's query string as an object; a repeated parameter becomes a list. */
export const ZQueryParams = z
  .record(z.string().max(128), z.union([z.string().max(2048), z.array(z.string().max(2048)).max(20)]))
  .refine((record) => Object.keys(record).length <= 50, 'At most 50 query parameters');
export type TQueryParams = z.infer<typeof ZQueryParams>;

/** POST {base}/ft/{context}/session. A `sessionKey` the browser already holds asks to resume it. */
export const ZTelemetrySessionRequest = z.object({
  platform: z.string().trim().min(1).max(32),
  libVersion: z.string().trim().min(1).max(32),
  referrer: z.string().max(2048).nullish(),
  queryParams: ZQueryParams.default({}),
  screenWidth: ZPixels.nullish(),
  screenHeight: ZPixels.nullish(),
  windowWidth: ZPixels.nullish(),
  windowHeight: ZPixels.nullish(),
  sessionKey: ZTelemetrySessionKey.nullish(),
  appVersion: z.string().trim().max(64).nullish(),
});
export type TTelemetrySessionRequest = z.input<typeof ZTelemetrySessionRequest>;

export const ZTelemetrySessionResponse = z.object({ sessionKey: ZTelemetrySessionKey });
export type TTelemetrySessionResponse = z.infer<typeof ZTelemetrySessionResponse>;

/** PAGE_VIEW for page views, TRACK for actions, ERROR for the error fallback. */
export const TELEMETRY_EVENT_TYPES = ['PAGE_VIEW', 'TRACK', 'ERROR'] as const;
export const ZTelemetryEventType = z.enum(TELEMETRY_EVENT_TYPES);
export type TTelemetryEventType = z.infer<typeof ZTelemetryEventType>;

/** Largest serialised eventProperties (characters): events are small facts, not documents. */
export const TELEMETRY_EVENT_PROPERTIES_MAX_CHARS = 4096;

/**
 * POST {base}/ft/{context}/event. Within a session an event is recorded once per value of its
 * `dedupeProperty` (a key of `eventProperties`, or of the event itself such as `pagePath`); without a
 * dedupeProperty once per event name; `dontDedupe` records every one.
 */
export const ZTelemetryEvent = z.object({
  domain: z.string().trim().max(255).default(''),
  queryParams: ZQueryParams.default({}),
  pagePath: z.string().max(2048),
  event: z.string().trim().min(1).max(128),
  sessionKey: ZTelemetrySessionKey,
  identityId: ZUuid.nullish(),
  applicationUuid: ZUuid.nullish(),
  eventType: ZTelemetryEventType.default('TRACK'),
  productType: ZProductType.nullish(),
  eventProperties: z
    .record(z.string().max(128), z.unknown())
    .default({})
    .refine(
      (properties) => JSON.stringify(properties).length <= TELEMETRY_EVENT_PROPERTIES_MAX_CHARS,
      `eventProperties must stay under ${TELEMETRY_EVENT_PROPERTIES_MAX_CHARS} characters`,
    ),
  dontDedupe: z.boolean().default(false),
  dedupeProperty: z.string().trim().min(1).max(128).nullish(),
});
export type TTelemetryEvent = z.input<typeof ZTelemetryEvent>;
export type TTelemetryEventParsed = z.output<typeof ZTelemetryEvent>;

/**
 * A client error report (error reporting of spec 2 §8, §9: network-type errors are never sent, the
 * sample rate defaults to 100 %). Route and release say where and in which build it happened.
 */
export const ZClientErrorReport = z.object({
  name: z.string().trim().max(200).default('Error'),
  message: z.string().trim().min(1).max(2000),
  stack: z.string().max(16_000).nullish(),
  /** The route pattern or path the page was on. */
  route: z.string().max(2048),
  /** The web build (app version). */
  release: z.string().trim().min(1).max(64),
  /** What caught it: the error boundary, window.onerror, an unhandled rejection. */
  source: z.enum(['boundary', 'window', 'unhandledrejection', 'manual']).default('manual'),
  sessionKey: ZTelemetrySessionKey.nullish(),
  applicationUuid: ZUuid.nullish(),
});
export type TClientErrorReport = z.input<typeof ZClientErrorReport>;

/** The optimisation user of the service-optimize calls: organisation, identity, application, tracker. */
export const ZOptimizeUser = z.looseObject({
  organization: z.string().trim().max(64).nullish(),
  identity: z.unknown().optional(),
  application: z.unknown().optional(),
  trackerId: z.string().trim().max(64).nullish(),
});
export type TOptimizeUser = z.infer<typeof ZOptimizeUser>;

/** GET/PATCH /service-application/api/v3/application/heloc/optermizerly-profile. */
export const ZOptimizelyProfile = z.object({
  identityUuid: ZUuid,
  optimizelyProfileUuid: ZUuid,
  updatedAt: z.string(),
});
export type TOptimizelyProfile = z.infer<typeof ZOptimizelyProfile>;
