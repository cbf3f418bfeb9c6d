/**
 * The app's side of the early requests (app/early-requests.ts), and the book both sides share: the
 * HTTP client takes an answer the page's own early script already asked for, when the call is the
 * same (method, URL, body) with the same token and organisation, each at most once; the book closes
 * once the page's first navigation has loaded (its loaders made these reads), so no later read gets
 * an old answer.
 */
import type { DataRouter } from 'react-router';
import type { EarlyCall } from '@heloc/api-client';
import { ORG_CODE_HEADER } from '@heloc/domain';

/** One of the page's first reads: a GET, or the feature flags' POST query. */
export type EarlyRead = { method: 'GET' | 'POST'; path: string; body: string | null };

export type EarlyRequest = EarlyRead & {
  /** The `Authorization` header it was sent with (the token then stored). */
  authorization: string;
  /** The organisation header it was sent with. */
  orgCode: string | null;
  response: Promise<Response>;
};

export type EarlyRequests = {
  /**
   * Set when the app asked before the early script ran (it then sends nothing), or once the first
   * navigation has loaded: nothing is taken after.
   */
  closed: boolean;
  /** By `METHOD path`. */
  byCall: Map<string, EarlyRequest>;
};

declare global {
  interface Window {
    helocEarlyRequests?: EarlyRequests;
  }
}

/** The page's book of early requests; asking first (the early script not run yet) closes it. */
function book() {
  window.helocEarlyRequests ??= { closed: true, byCall: new Map() };
  return window.helocEarlyRequests;
}

export function takeEarlyResponse(call: EarlyCall): Promise<Response> | null {
  const early = book();
  const key = `${call.method} ${call.url}`;
  const request = early.closed ? undefined : early.byCall.get(key);
  if (!request) return null;
  early.byCall.delete(key);
  const same =
    request.body === call.body &&
    request.authorization === call.headers.get('Authorization') &&
    request.orgCode === call.headers.get(ORG_CODE_HEADER);
  return same ? request.response : null;
}

/** No early answer is taken after this; the ones not taken are dropped. */
export function closeEarlyRequests(): void {
  const early = book();
  early.closed = true;
  early.byCall.clear();
}

/**
 * The page's early requests (app/early-requests.ts) are the reads of its first navigation's loaders
 * (the application frame's and the step screen's, which run side by side): once that navigation has
 * loaded, the book closes, so no later read gets an answer sent when the page opened.
 */
export function closeEarlyRequestsOnceLoaded(router: Pick<DataRouter, 'state' | 'subscribe'>): void {
  if (router.state.initialized) {
    closeEarlyRequests();
    return;
  }
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return;
    unsubscribe();
    closeEarlyRequests();
  });
}
