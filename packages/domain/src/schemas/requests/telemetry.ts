/** Request bodies of the telemetry writes: session, events, error reports, the application's tracker and replay link. */
import { z } from 'zod';
import { ZUuid } from '../common';
import { ZClientErrorReport, ZTelemetryEvent, ZTelemetrySessionRequest } from '../telemetry-calls';

/** Start or resume a session; the browser may only know its tracker (a new tab of a known browser). */
export const ZTelemetrySessionStartRequest = ZTelemetrySessionRequest.extend({
  sessionKey: ZTelemetrySessionRequest.shape.sessionKey.unwrap().unwrap().partial().nullish(),
});

/** Tie the browser's telemetry tracker to the application. */
export const ZTrackerUuidRequest = z.object({ trackerUuid: ZUuid });

/** The session-replay link of the borrower's session. */
export const ZFullStoryLinkRequest = z.object({
  link: z.url({ protocol: /^https$/, error: 'Must be an https URL' }).max(2048),
});

export const TELEMETRY_WRITES = {
  'POST /ft/:context/session': ZTelemetrySessionStartRequest,
  'POST /ft/:context/event': ZTelemetryEvent,
  'POST /ft/:context/error-report': ZClientErrorReport,
  'PUT /service-application/api/v1/application/heloc/:uuid/tracker-uuid': ZTrackerUuidRequest,
  'PUT /service-application/api/v1/application/heloc/:uuid/full-story-link': ZFullStoryLinkRequest,
} as const satisfies Record<string, z.ZodType>;
