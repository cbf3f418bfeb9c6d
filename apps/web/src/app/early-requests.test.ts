/**
 * The early requests (early-requests.ts) and their uptake by the app's HTTP client
 * (lib/early-responses.ts): the same reads the application loader makes, sent with the headers the
 * client sends, each answer taken once, only with the same token and organisation, never after the
 * book is closed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { RouteObject, RouterState } from 'react-router';
import { z } from 'zod';
import { ORG_CODE_HEADER, ORIGIN_HEADER } from '@heloc/domain';
import { api, setApiOrgCode, storeToken } from '@/lib/api-client';
import { closeEarlyRequests, closeEarlyRequestsOnceLoaded } from '@/lib/early-responses';
import { routerContextWith } from '@/lib/route-data';
import { featureFlagsQueryOptions, FEATURES_PATH, flagUserOf } from '@/lib/feature-flags';
import { PROFILE_PATH } from '@/lib/session/get-profile';
import { statusPath } from '@/platform/application-flow/api/get-status';
import { ORG_DATA_ELEMENT_ID } from '@/platform/org';
import { applicationPath } from '@/platform/application-frame/api/get-application';
import { earlyReads, startEarlyRequests } from './early-requests';
import { closingRoutes } from './routes/app/steps/closing-routes';
import { postOfferRoutes } from './routes/app/steps/post-offer-routes';
import { preOfferRoutes } from './routes/app/steps/pre-offer-routes';

const UUID = '3f2b8c1e-7d4a-4b6e-9c0d-1a2b3c4d5e6f';
const STATUS = { status: 'IN_PROGRESS' };

const fetchMock = vi.fn<typeof fetch>();
// Test files share the jsdom window (isolate: false): the page's address is put back after each test.
let address = '';

beforeEach(() => {
  address = window.location.href;
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockImplementation(
    async (url) => new Response(JSON.stringify(String(url) === FEATURES_PATH ? { features: {} } : STATUS)),
  );
  window.history.replaceState(null, '', `/account/heloc/${UUID}/start/profile`);
  const orgData = document.createElement('script');
  orgData.id = ORG_DATA_ELEMENT_ID;
  orgData.type = 'application/json';
  orgData.textContent = JSON.stringify({ orgCode: 'MAIN' });
  document.head.append(orgData);
  setApiOrgCode('MAIN');
});

afterEach(() => {
  window.history.replaceState(null, '', address);
  delete window.helocEarlyRequests;
  document.getElementById(ORG_DATA_ELEMENT_ID)?.remove();
  setApiOrgCode(null);
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const fetchedUrls = () => fetchMock.mock.calls.map(([url]) => String(url));

// A token whose payload names the identity the flags are decided for.
const SUBJECT = '9d5c8a7e-1b2c-4d3e-8f4a-5b6c7d8e9f0a';
const TOKEN = `h.${btoa(JSON.stringify({ sub: SUBJECT })).replace(/=+$/, '')}.s`;

const FRAME_READS = [applicationPath(UUID), PROFILE_PATH, statusPath(UUID), FEATURES_PATH];

/**
 * The URLs a step route's loader asks for beyond the frame's reads, run as the router runs it (signed
 * in, the page's query client). A status-routed step's loader reads what the frame's loader reads (the
 * guard's rule, status-redirect.ts): on the page both share one client, so those go out once.
 */
async function loaderReads(route: RouteObject): Promise<string[]> {
  fetchMock.mockClear();
  const loader = route.loader;
  if (typeof loader !== 'function') return [];
  await loader({
    params: { applicationUuid: UUID },
    context: routerContextWith(new QueryClient({ defaultOptions: { queries: { retry: false } } }))(),
    request: new Request(`http://localhost/account/heloc/${UUID}/${route.path}`),
  } as never);
  return fetchedUrls().filter((url) => !FRAME_READS.includes(url));
}

describe('earlyReads', () => {
  it('are the application loader’s first reads on an application page', () => {
    for (const page of ['', '/', '/start/profile', '/credit/social']) {
      expect(earlyReads(`/account/heloc/${UUID}${page}`, 'MAIN', SUBJECT).map((read) => read.path)).toEqual(
        FRAME_READS,
      );
    }
    // Without the organisation, no flags query (the loader makes none either).
    expect(earlyReads(`/account/heloc/${UUID}`, null, SUBJECT)).toHaveLength(3);
  });

  it('then the step screen’s own read: the one its route loader makes, for every step route', async () => {
    storeToken(TOKEN);
    const withData: string[] = [];
    for (const route of [...preOfferRoutes, ...postOfferRoutes, ...closingRoutes]) {
      const step = earlyReads(`/account/heloc/${UUID}/${route.path}`, 'MAIN', SUBJECT).map(
        (read) => read.path,
      );
      expect(step.slice(0, FRAME_READS.length), route.path).toEqual(FRAME_READS);
      expect(step.slice(FRAME_READS.length), route.path).toEqual(await loaderReads(route));
      if (step.length > FRAME_READS.length) withData.push(route.path!);
    }
    // The three screens whose loader reads the engine (a table that went empty would pass the loop).
    expect(withData.sort()).toEqual(['liens', 'product/select', 'review-app/property']);
    // A trailing slash is the same screen; a name the table does not hold (an inherited property
    // name included) reads nothing more.
    expect(earlyReads(`/account/heloc/${UUID}/liens/`, 'MAIN', SUBJECT)).toHaveLength(5);
    for (const page of ['/constructor', '/toString', '/liens/x', '/product']) {
      expect(earlyReads(`/account/heloc/${UUID}${page}`, 'MAIN', SUBJECT), page).toHaveLength(4);
    }
  });

  it('none elsewhere', () => {
    for (const page of ['/account/heloc/register', '/auth/login', '/dashboard', `/account/heloc/${UUID}x`]) {
      expect(earlyReads(page, 'MAIN', SUBJECT)).toEqual([]);
    }
  });
});

describe('startEarlyRequests, then the app’s reads', () => {
  it('sends the reads with the client’s headers, and the app takes each answer once', async () => {
    storeToken(TOKEN);
    startEarlyRequests(window);
    expect(fetchedUrls()).toEqual(
      earlyReads(window.location.pathname, 'MAIN', SUBJECT).map((read) => read.path),
    );
    const headers = new Headers(fetchMock.mock.calls[0]![1]!.headers);
    expect(headers.get('Authorization')).toBe(`Bearer ${TOKEN}`);
    expect(headers.get(ORG_CODE_HEADER)).toBe('MAIN');
    expect(headers.get(ORIGIN_HEADER)).toBe(window.location.origin);
    expect(fetchMock.mock.calls[0]![1]!.credentials).toBe('include');

    // The app's read of the same URL takes the answer: nothing more on the wire.
    expect(await api.get(statusPath(UUID), { schema: z.object({ status: z.string() }) })).toEqual(STATUS);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    // So does the flags query of the loader, with the same body.
    const flags = featureFlagsQueryOptions(flagUserOf('MAIN', window.location.pathname));
    expect(await flags.queryFn!({ signal: new AbortController().signal } as never)).toEqual({});
    expect(fetchMock).toHaveBeenCalledTimes(4);
    // Taken once: reading again asks the server.
    await api.get(statusPath(UUID));
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('an answer sent with another token or organisation is not taken', async () => {
    storeToken('old');
    startEarlyRequests(window);
    storeToken('renewed');
    await api.get(statusPath(UUID));
    expect(fetchMock).toHaveBeenCalledTimes(5);
    setApiOrgCode('OTHER');
    await api.get(PROFILE_PATH);
    expect(fetchMock).toHaveBeenCalledTimes(6);
  });

  it('nothing is taken once the book is closed', async () => {
    storeToken('tok');
    startEarlyRequests(window);
    closeEarlyRequests();
    await api.get(statusPath(UUID));
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  it('a failed read nobody takes is no unhandled rejection; one taken is asked again', async () => {
    const unhandled: unknown[] = [];
    const listen = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', listen);
    // A plain function: a mock's own bookkeeping would handle the rejections itself.
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    storeToken('tok');
    startEarlyRequests(window);
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', listen);
    expect(unhandled).toEqual([]);
    vi.stubGlobal('fetch', fetchMock);
    expect(await api.get(statusPath(UUID))).toEqual(STATUS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    closeEarlyRequests();
  });

  it('nothing is sent without a token, or when the app asked first', async () => {
    startEarlyRequests(window);
    expect(fetchMock).not.toHaveBeenCalled();
    delete window.helocEarlyRequests;

    storeToken('tok');
    await api.get(PROFILE_PATH);
    startEarlyRequests(window);
    expect(fetchedUrls()).toEqual([PROFILE_PATH]);
  });
});

describe('closeEarlyRequestsOnceLoaded', () => {
  it('closes the book when the first navigation has loaded, not before', () => {
    storeToken(TOKEN);
    startEarlyRequests(window);
    let listener: ((state: RouterState) => void) | null = null;
    const unsubscribe = vi.fn();
    const router = {
      state: { initialized: false } as RouterState,
      subscribe: (next: (state: RouterState) => void) => {
        listener = next;
        return unsubscribe;
      },
    };
    closeEarlyRequestsOnceLoaded(router as never);
    expect(window.helocEarlyRequests?.closed).toBe(false);
    listener!({ initialized: false } as RouterState);
    expect(window.helocEarlyRequests?.closed).toBe(false);
    listener!({ initialized: true } as RouterState);
    expect(window.helocEarlyRequests).toMatchObject({ closed: true, byCall: new Map() });
    expect(unsubscribe).toHaveBeenCalledOnce();
  });

  it('at once when the router has nothing to load', () => {
    storeToken(TOKEN);
    startEarlyRequests(window);
    closeEarlyRequestsOnceLoaded({ state: { initialized: true }, subscribe: () => () => {} } as never);
    expect(window.helocEarlyRequests?.closed).toBe(true);
  });
});
