/**
 * The telemetry client (spec 2 §4 "Telemetry session", §7 "Telemetry and features", §8, §9), loaded
 * lazily by ./index.ts:
 *
 * - the session: `POST {base}/ft/{context}/session` with platform, libVersion 2.2.23, referrer, query
 *   parameters, screen and window sizes, the held session key and the app version; up to 3 attempts
 *   (the domain retry helper, 1000 ms doubling), then it fails with status 500, "Could not establish
 *   session." (its cause: "An error occurred while establishing a session, retries failed.") and the
 *   page's telemetry stays off. The tracker is kept as `telemetry_trackerUuid` in local storage, the
 *   session key in session storage (one session per tab);
 * - events: `POST {base}/ft/{context}/event` with every field of spec 2 §7, queued and sent one by one
 *   when the browser is idle, with `keepalive` so the last ones survive leaving the page;
 * - the tracker-uuid update, the session-replay link and the optimisation profile once an application
 *   is opened;
 * - error reports with route and release.
 * Telemetry never throws into the page and never sends the sign-in redirect.
 */
import {
  ERROR_TEXTS,
  isUuid,
  MONITORING_SAMPLE_RATE,
  PRODUCT_TYPES,
  retry,
  uuidFromPath,
  TELEMETRY_EVENTS,
  TELEMETRY_LIB_VERSION,
  TELEMETRY_SESSION_RETRIES,
  TELEMETRY_TRACKER_UUID_STORAGE_KEY,
  ZOptimizelyProfile,
  ZTelemetrySessionKey,
  ZTelemetrySessionResponse,
  type TClientErrorReport,
  type TQueryParams,
  type TTelemetryEvent,
  type TTelemetryEventType,
  type TTelemetrySessionKey,
  type TTelemetrySessionRequest,
} from '@heloc/domain';
import { api, ApiError, getSessionReplayLink } from '../api-client';
import { apiWrite } from '../api-writes';

/** The product context of the telemetry paths; the base is this site. */
export const TELEMETRY_CONTEXT = 'heloc';
export const TELEMETRY_BASE = '';
export const TELEMETRY_PATHS = {
  session: `${TELEMETRY_BASE}/ft/${TELEMETRY_CONTEXT}/session`,
  event: `${TELEMETRY_BASE}/ft/${TELEMETRY_CONTEXT}/event`,
  errorReport: `${TELEMETRY_BASE}/ft/${TELEMETRY_CONTEXT}/error-report`,
  optimizelyProfile: '/service-application/api/v3/application/heloc/optermizerly-profile',
  application: (uuid: string) => `/service-application/api/v1/application/heloc/${uuid}`,
} as const;
/** Session storage key of the tab's session key (ours; the spec names only the tracker key). */
export const TELEMETRY_SESSION_STORAGE_KEY = 'telemetry_sessionKey';
/** Events waiting to be sent at most; older ones go first when more arrive. */
export const TELEMETRY_QUEUE_LIMIT = 100;
/** Error reports per page at most (a render loop must not flood the server). */
export const ERROR_REPORTS_PER_PAGE = 10;

export type ErrorSource = 'boundary' | 'window' | 'unhandledrejection' | 'manual';

export interface TrackOptions {
  eventType?: TTelemetryEventType;
  eventProperties?: Record<string, unknown>;
  dedupeProperty?: string;
  dontDedupe?: boolean;
}

/** The session could not be established: status 500 with the spec's two messages (spec 2 §4, §8). */
export class TelemetrySessionError extends ApiError {
  constructor(url: string, cause: unknown) {
    super({
      status: 500,
      message: ERROR_TEXTS.telemetrySessionFailed,
      url,
      cause: new Error(ERROR_TEXTS.telemetrySessionRetriesFailed, { cause }),
    });
  }
}

export interface TelemetryDeps {
  /** Waits between session attempts (tests pass one that does not wait). */
  sleep?: (ms: number) => Promise<void>;
  /** 0 ≤ x < 1, for error sampling. */
  random?: () => number;
  /** Percent of errors reported. */
  sampleRate?: number;
  release?: string;
  /** Runs the queue later; default when the browser is idle. */
  schedule?: (run: () => void) => void;
}

function readStorage(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(storage: () => Storage, key: string, value: string): void {
  try {
    storage().setItem(key, value);
  } catch {
    // Private modes: the next page simply starts a new session (and tracker).
  }
}

/** The current query string as an object; a repeated parameter becomes a list. */
export function currentQueryParams(search = window.location.search): TQueryParams {
  const params: TQueryParams = {};
  for (const [key, value] of new URLSearchParams(search)) {
    const held = params[key];
    params[key] = held === undefined ? value : Array.isArray(held) ? [...held, value] : [held, value];
  }
  return params;
}

function defaultSchedule(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 1);
}

const quiet = { external: true, skipAuthRedirect: true } as const;

type QueuedEvent = Omit<TTelemetryEvent, 'sessionKey'>;

/** One event, with keepalive so it survives the page being left. */
function send(event: QueuedEvent, sessionKey: TTelemetrySessionKey): Promise<void> {
  return apiWrite(
    'POST /ft/:context/event',
    { ...event, sessionKey },
    { ...quiet, keepalive: true, params: { context: TELEMETRY_CONTEXT } },
  ).then(
    () => undefined,
    () => {
      // A lost event is not worth the borrower's time: no retry.
    },
  );
}

export class TelemetryClient {
  private sessionPromise: Promise<TTelemetrySessionKey> | null = null;
  /** The session once established: leaving the page sends with it without waiting. */
  private sessionKey: TTelemetrySessionKey | null = null;
  private failed = false;
  /** Events without their session key, which is added when they are sent. */
  private readonly queue: QueuedEvent[] = [];
  private sending = false;
  private scheduled = false;
  private identityId: string | null = null;
  private readonly linked = new Set<string>();
  private profilePromise: Promise<string | null> | null = null;
  private readonly reportedErrors = new Set<string>();
  private readonly deps: Required<TelemetryDeps>;

  constructor(deps: TelemetryDeps = {}) {
    this.deps = {
      sleep: deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
      random: deps.random ?? Math.random,
      sampleRate: deps.sampleRate ?? MONITORING_SAMPLE_RATE,
      release: deps.release ?? __APP_RELEASE__,
      schedule: deps.schedule ?? defaultSchedule,
    };
  }

  setIdentity(identityId: string | null): void {
    this.identityId = identityId;
  }

  /** The tab's session, established once (3 attempts); rejects with TelemetrySessionError. */
  session(): Promise<TTelemetrySessionKey> {
    this.sessionPromise ??= this.establish().then(
      (sessionKey) => (this.sessionKey = sessionKey),
      (error: unknown) => {
        this.failed = true;
        throw error;
      },
    );
    return this.sessionPromise;
  }

  private heldSessionKey(): Partial<TTelemetrySessionKey> | null {
    const raw = readStorage(() => sessionStorage, TELEMETRY_SESSION_STORAGE_KEY);
    if (raw) {
      try {
        const parsed = ZTelemetrySessionKey.safeParse(JSON.parse(raw));
        if (parsed.success) return parsed.data;
      } catch {
        // A corrupt copy: start afresh below.
      }
    }
    const trackerUuid = readStorage(() => localStorage, TELEMETRY_TRACKER_UUID_STORAGE_KEY);
    return trackerUuid && isUuid(trackerUuid) ? { trackerUuid } : null;
  }

  private async establish(): Promise<TTelemetrySessionKey> {
    const body: TTelemetrySessionRequest = {
      platform: 'web',
      libVersion: TELEMETRY_LIB_VERSION,
      referrer: document.referrer || null,
      queryParams: currentQueryParams(),
      screenWidth: Math.round(window.screen?.width ?? 0),
      screenHeight: Math.round(window.screen?.height ?? 0),
      windowWidth: Math.round(window.innerWidth),
      windowHeight: Math.round(window.innerHeight),
      sessionKey: this.heldSessionKey() as TTelemetrySessionKey | null,
      appVersion: this.deps.release,
    };
    try {
      const { sessionKey } = await retry(
        () =>
          apiWrite('POST /ft/:context/session', body, {
            ...quiet,
            schema: ZTelemetrySessionResponse,
            params: { context: TELEMETRY_CONTEXT },
          }),
        { attempts: TELEMETRY_SESSION_RETRIES, sleep: this.deps.sleep },
      );
      writeStorage(() => localStorage, TELEMETRY_TRACKER_UUID_STORAGE_KEY, sessionKey.trackerUuid);
      writeStorage(() => sessionStorage, TELEMETRY_SESSION_STORAGE_KEY, JSON.stringify(sessionKey));
      return sessionKey;
    } catch (error) {
      throw new TelemetrySessionError(TELEMETRY_PATHS.session, error);
    }
  }

  /** Queues an event of the current page; sent when the browser is idle. */
  track(event: string, options: TrackOptions = {}, pagePath = window.location.pathname): void {
    if (this.failed) return;
    if (this.queue.length >= TELEMETRY_QUEUE_LIMIT) this.queue.shift();
    this.queue.push({
      domain: window.location.hostname,
      queryParams: currentQueryParams(),
      pagePath,
      event,
      identityId: this.identityId,
      applicationUuid: uuidFromPath(pagePath),
      eventType: options.eventType ?? 'TRACK',
      productType: PRODUCT_TYPES[0],
      eventProperties: options.eventProperties ?? {},
      dontDedupe: options.dontDedupe ?? false,
      ...(options.dedupeProperty ? { dedupeProperty: options.dedupeProperty } : {}),
    });
    this.scheduleFlush();
  }

  /** A page view (spec 2 §7: productType HELOC); every view counts. */
  pageView(pagePath: string): void {
    this.track(TELEMETRY_EVENTS.pageView, { eventType: 'PAGE_VIEW', dontDedupe: true }, pagePath);
  }

  private scheduleFlush(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.deps.schedule(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  /** Sends what is queued, in order. Resolves when the queue is empty (or telemetry is off). */
  async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      const sessionKey = await this.session().catch(() => null);
      if (!sessionKey) {
        this.queue.length = 0;
        return;
      }
      for (let event = this.queue.shift(); event; event = this.queue.shift()) {
        await send(event, sessionKey);
      }
    } finally {
      this.sending = false;
    }
  }

  /**
   * The page is being hidden or left: every queued event goes out at once, each its own keepalive
   * request. `flush` sends one after the other, and a page that is gone never sees the answer the
   * next event would wait for.
   */
  leave(): void {
    const sessionKey = this.sessionKey;
    if (!sessionKey) {
      void this.flush();
      return;
    }
    for (let event = this.queue.shift(); event; event = this.queue.shift()) void send(event, sessionKey);
  }

  /**
   * Once per application and page: the tracker-uuid update, the session-replay link when there is
   * one, and (signed in) the optimisation profile. Failures are ignored.
   */
  async linkApplication(applicationUuid: string): Promise<void> {
    if (this.linked.has(applicationUuid) || this.failed) return;
    this.linked.add(applicationUuid);
    const sessionKey = await this.session().catch(() => null);
    if (!sessionKey) return;
    const own = { skipAuthRedirect: true } as const;
    const calls: Promise<unknown>[] = [
      apiWrite(
        'PUT /service-application/api/v1/application/heloc/:uuid/tracker-uuid',
        { trackerUuid: sessionKey.trackerUuid },
        { ...own, params: { uuid: applicationUuid } },
      ),
    ];
    const replay = getSessionReplayLink();
    if (replay)
      calls.push(
        apiWrite(
          'PUT /service-application/api/v1/application/heloc/:uuid/full-story-link',
          { link: replay },
          { ...own, params: { uuid: applicationUuid } },
        ),
      );
    if (this.identityId) calls.push(this.optimizationProfile());
    await Promise.allSettled(calls);
  }

  /**
   * The signed-in borrower's optimisation profile uuid, read once per page: GET answers it, or 404 when
   * the borrower has none yet, which this browser's tracker then becomes (the PATCH creates it; a GET
   * never writes). Null when signed out or when the calls fail.
   */
  optimizationProfile(): Promise<string | null> {
    const identityUuid = this.identityId;
    if (!identityUuid) return Promise.resolve(null);
    this.profilePromise ??= (async () => {
      const sessionKey = await this.session().catch(() => null);
      if (!sessionKey) return null;
      const own = { skipAuthRedirect: true, schema: ZOptimizelyProfile } as const;
      try {
        const profile = await api.get(TELEMETRY_PATHS.optimizelyProfile, {
          ...own,
          query: { trackerUuid: sessionKey.trackerUuid },
        });
        return profile.optimizelyProfileUuid;
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 404) return null;
      }
      const created = await apiWrite(
        'PATCH /service-application/api/v3/application/heloc/optermizerly-profile',
        { optimizelyProfileUuid: sessionKey.trackerUuid },
        { ...own, query: { identityUuid } },
      ).catch(() => null);
      return created?.optimizelyProfileUuid ?? null;
    })();
    return this.profilePromise;
  }

  /**
   * Who experiments are decided for (the `trackerId` of `v2/decision`): the borrower's optimisation
   * profile when signed in, so a borrower sees the same variation in every browser; else this
   * browser's tracker. Null when telemetry is off.
   */
  async experimentTrackerId(): Promise<string | null> {
    const sessionKey = await this.session().catch(() => null);
    if (!sessionKey) return null;
    return (await this.optimizationProfile()) ?? sessionKey.trackerUuid;
  }

  /** Reports an error with route and release (sampled, at most ERROR_REPORTS_PER_PAGE, each once). */
  async reportError(error: unknown, source: ErrorSource, route: string): Promise<void> {
    if (this.reportedErrors.size >= ERROR_REPORTS_PER_PAGE) return;
    if (this.deps.random() * 100 >= this.deps.sampleRate) return;
    const asError =
      error instanceof Error ? error : new Error(typeof error === 'string' ? error : String(error));
    const fingerprint = `${asError.name}:${asError.message}:${asError.stack ?? ''}`;
    if (this.reportedErrors.has(fingerprint)) return;
    this.reportedErrors.add(fingerprint);
    const held = this.heldSessionKey();
    const report: TClientErrorReport = {
      name: asError.name.slice(0, 200) || 'Error',
      message: (asError.message || 'Unknown error').slice(0, 2000),
      stack: asError.stack?.slice(0, 16_000) ?? null,
      route: route.slice(0, 2048),
      release: this.deps.release,
      source,
      sessionKey: ZTelemetrySessionKey.safeParse(held).data ?? null,
      applicationUuid: uuidFromPath(route),
    };
    await apiWrite('POST /ft/:context/error-report', report, {
      ...quiet,
      keepalive: true,
      params: { context: TELEMETRY_CONTEXT },
    }).catch(() => {});
  }
}

let pageHideListener: (() => void) | null = null;

/** The page's client; queued events go out (with keepalive) when the page is hidden or left. */
export function createTelemetryClient(deps?: TelemetryDeps): TelemetryClient {
  const client = new TelemetryClient(deps);
  if (pageHideListener) window.removeEventListener('pagehide', pageHideListener);
  pageHideListener = () => client.leave();
  window.addEventListener('pagehide', pageHideListener);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') client.leave();
  });
  return client;
}
