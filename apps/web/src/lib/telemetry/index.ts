/**
 * Telemetry and error reporting for the whole page (spec 2 §7, §8, §9), as a tiny facade: calls are
 * queued here and the client (lib/telemetry/client.ts) is loaded in its own chunk when the browser is
 * idle, so nothing of it weighs on the first screen or delays it. Nothing happens until `startTelemetry`
 * (main.tsx) runs: component tests render pages without sending anything.
 *
 * - `trackPageView` on every route change (productType HELOC), `track` for key actions;
 * - `reportError` for errors the boundaries and window handlers catch, except network-type errors
 *   (spec 2 §8), sampled at MONITORING_SAMPLE_RATE (100 %).
 */
import { ApiError } from '../api-client';
import type { TelemetryClient, TrackOptions, ErrorSource } from './client';

export type { TrackOptions, ErrorSource } from './client';

type Call = (client: TelemetryClient) => void;

const state: {
  started: boolean;
  client: TelemetryClient | null;
  loading: Promise<void> | null;
  pending: Call[];
  identityId: string | null;
} = { started: false, client: null, loading: null, pending: [], identityId: null };

/** Calls waiting for the client; more are dropped (a page that never idles must not grow memory). */
const MAX_PENDING = 200;

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 2000 });
  else setTimeout(run, 1);
}

function load(): void {
  if (state.loading) return;
  state.loading = new Promise<void>((resolve) => whenIdle(resolve))
    .then(() => import('./client'))
    .then(({ createTelemetryClient }) => {
      const client = createTelemetryClient();
      client.setIdentity(state.identityId);
      state.client = client;
      const calls = state.pending.splice(0);
      for (const call of calls) call(client);
    })
    .catch(() => {
      // The chunk did not load (offline, a new deployment): telemetry is skipped, the page is not.
      state.pending = [];
    });
}

function withClient(call: Call): void {
  if (!state.started) return;
  if (state.client) return call(state.client);
  if (state.pending.length < MAX_PENDING) state.pending.push(call);
  load();
}

/** Turns telemetry on for this page (main.tsx). */
export function startTelemetry(): void {
  if (state.started) return;
  state.started = true;
  window.addEventListener('error', (event) => reportError(event.error ?? event.message, 'window'));
  window.addEventListener('unhandledrejection', (event) => reportError(event.reason, 'unhandledrejection'));
  load();
}

/** Records one event (a funnel step, an action). */
export function track(event: string, options: TrackOptions = {}): void {
  withClient((client) => client.track(event, options));
}

/** Records a page view of the current location (productType HELOC). */
export function trackPageView(): void {
  const pagePath = window.location.pathname;
  withClient((client) => client.pageView(pagePath));
}

/** The signed-in identity, sent as identityId with later events (null when signed out). */
export function setTelemetryIdentity(identityId: string | null): void {
  state.identityId = identityId;
  state.client?.setIdentity(identityId);
}

/**
 * Who experiments are decided for (TelemetryClient.experimentTrackerId): the signed-in borrower's
 * optimisation profile, else this browser's tracker; null while telemetry is off (component tests) or
 * when its session cannot be established.
 */
export function experimentTrackerId(): Promise<string | null> {
  if (!state.started) return Promise.resolve(null);
  return new Promise((resolve) => {
    withClient((client) => void client.experimentTrackerId().then(resolve, () => resolve(null)));
    // The client chunk may never load (offline): loading failures empty the queue without calling.
    void state.loading?.then(() => {
      if (!state.client) resolve(null);
    });
  });
}

/** Ties this browser's tracker (and any session-replay link) to an application the borrower opened. */
export function linkApplication(applicationUuid: string): void {
  withClient((client) => client.linkApplication(applicationUuid));
}

const NETWORK_MESSAGE =
  /failed to fetch|networkerror|network error|load failed|network request failed|dynamically imported module|importing a module script failed|error loading dynamically imported/i;

/**
 * Network-type errors (spec 2 §8: error reporting ignores them): no HTTP answer (ApiError status 0),
 * fetch's TypeErrors, aborted requests, chunks that did not load.
 */
export function isNetworkTypeError(error: unknown): boolean {
  if (error instanceof ApiError) return error.isNetworkError;
  if (typeof error === 'string') return NETWORK_MESSAGE.test(error);
  if (typeof error !== 'object' || error === null) return false;
  // DOMException is not an Error everywhere: read name and message structurally.
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'AbortError' || name === 'ChunkLoadError') return true;
  return typeof message === 'string' && NETWORK_MESSAGE.test(message);
}

/** Sends an error to the server unless it is network-type. Never throws. */
export function reportError(error: unknown, source: ErrorSource = 'manual'): void {
  if (error === undefined || error === null || isNetworkTypeError(error)) return;
  const route = window.location.pathname;
  withClient((client) => client.reportError(error, source, route));
}
