import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_BASENAME } from '@/config/paths';
import { APPLICATION_UUID, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { storeToken } from './api-client';
import { PAGE_FEATURE_FLAGS_ELEMENT_ID } from '@heloc/domain';
import {
  FEATURE_FLAGS_CACHE_MS,
  FEATURE_FLAGS_STORAGE_KEY,
  FEATURES_PATH,
  isFlagOn,
  useFeatureFlags,
} from './feature-flags';

const IDENTITY_UUID = '0b7c6f0e-8c5a-4c1e-9d43-5c0f4f1a2b3c';
/** An unsigned token with the identity as subject (the web never verifies it; the server does). */
const base64url = (value: object) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const TOKEN = `${base64url({ alg: 'HS256' })}.${base64url({ sub: IDENTITY_UUID })}.signature`;

function FlagProbe() {
  const { data } = useFeatureFlags('ACME');
  return <p>{data ? (isFlagOn(data, 'fe-webchat') ? 'chat on' : 'chat off') : 'waiting'}</p>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  document.getElementById(PAGE_FEATURE_FLAGS_ELEMENT_ID)?.remove();
});

/** A session copy of the flags (what a page wrote after its call), for the visitor of ACME unless changed. */
const storedCopy = (changes: Record<string, unknown>) =>
  JSON.stringify({
    user: 'ACME||',
    savedAt: Date.now() - 1_000,
    features: { 'fe-webchat': { enabled: true, variables: {} } },
    ...changes,
  });

/** The decisions the server puts into the page for its visitor (web/html.ts). */
function pageCameWithFlags(flags: { organization: string; application: string | null; chat: boolean }) {
  const element = document.createElement('script');
  element.id = PAGE_FEATURE_FLAGS_ELEMENT_ID;
  element.type = 'application/json';
  element.textContent = JSON.stringify({
    organization: flags.organization,
    application: flags.application,
    features: { 'fe-webchat': { enabled: flags.chat, flagEnabled: flags.chat, variables: {} } },
  });
  document.head.append(element);
}

describe('useFeatureFlags (spec 2 §7 "The optimization user carries organization, identity and application")', () => {
  it('names the organisation, the signed-in identity and the application of the path', async () => {
    storeToken(TOKEN);
    const api = mockApi().on(`POST ${FEATURES_PATH}`, {
      body: { features: { 'fe-webchat': { enabled: true, variables: {} } } },
    });
    renderRoutes({
      routes: [{ path: '*', Component: FlagProbe }],
      scope: 'app',
      basename: APP_BASENAME,
      url: `${APP_BASENAME}/${APPLICATION_UUID}/start/profile`,
    });
    expect(await screen.findByText('chat on')).toBeInTheDocument();
    expect(api.callsTo(`POST ${FEATURES_PATH}`)[0]?.body).toEqual({
      optimizeUser: {
        organization: 'ACME',
        identity: { uuid: IDENTITY_UUID },
        application: { uuid: APPLICATION_UUID },
      },
    });
  });

  it('a visitor off an application page is the organisation alone', async () => {
    const api = mockApi().on(`POST ${FEATURES_PATH}`, { body: { features: {} } });
    renderRoutes({ routes: [{ path: '*', Component: FlagProbe }], scope: 'host', url: '/auth/login' });
    expect(await screen.findByText('chat off')).toBeInTheDocument();
    expect(api.callsTo(`POST ${FEATURES_PATH}`)[0]?.body).toEqual({ optimizeUser: { organization: 'ACME' } });
  });

  it('another application asks again, keeping the last answer on screen meanwhile (no gate blanks the page)', async () => {
    let answer: (value: Response) => void = () => {};
    const api = mockApi().on(`POST ${FEATURES_PATH}`, {
      body: { features: { 'fe-webchat': { enabled: true, variables: {} } } },
    });
    const { router } = renderRoutes({
      routes: [{ path: '*', Component: FlagProbe }],
      scope: 'app',
      basename: APP_BASENAME,
      url: `${APP_BASENAME}/register`,
    });
    expect(await screen.findByText('chat on')).toBeInTheDocument();
    // The next answer is held back: the probe must keep showing the last one.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    await act(() => router.navigate(`/${APPLICATION_UUID}/start/profile`));
    expect(screen.getByText('chat on')).toBeInTheDocument();
    answer(
      new Response(JSON.stringify({ features: { 'fe-webchat': { enabled: false, variables: {} } } }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expect(await screen.findByText('chat off')).toBeInTheDocument();
    expect(api.callsTo(`POST ${FEATURES_PATH}`)).toHaveLength(1);
  });

  it.each([
    [
      "a visitor's first page decides with the page's own decisions",
      () => pageCameWithFlags({ organization: 'ACME', application: null, chat: true }),
    ],
    [
      "a later page of the session decides with the session's copy",
      () => sessionStorage.setItem(FEATURE_FLAGS_STORAGE_KEY, storedCopy({})),
    ],
  ])('%s, without the call', async (_case, known) => {
    known();
    const api = mockApi().on(`POST ${FEATURES_PATH}`, { body: { features: {} } });
    renderRoutes({ routes: [{ path: '*', Component: FlagProbe }], scope: 'host', url: '/auth/login' });
    // At once: the maintenance gate does not wait for a round trip.
    expect(screen.getByText('chat on')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo(`POST ${FEATURES_PATH}`)).toHaveLength(0);
  });

  it.each([
    ['a signed-in borrower', { organization: 'ACME', application: null }, true],
    ['another organisation', { organization: 'OTHER', application: null }, false],
    ['another application', { organization: 'ACME', application: APPLICATION_UUID }, false],
  ])("the page's decisions are not those of %s: the call is made", async (_case, pageUser, signedIn) => {
    if (signedIn) storeToken(TOKEN);
    pageCameWithFlags({ ...pageUser, chat: true });
    const api = mockApi().on(`POST ${FEATURES_PATH}`, { body: { features: {} } });
    renderRoutes({ routes: [{ path: '*', Component: FlagProbe }], scope: 'host', url: '/auth/login' });
    expect(await screen.findByText('chat off')).toBeInTheDocument();
    expect(api.callsTo(`POST ${FEATURES_PATH}`)).toHaveLength(1);
  });

  it.each([
    ['not JSON', '{"organization": '],
    ['without features', JSON.stringify({ organization: 'ACME', application: null })],
    [
      'with a decision that is not one',
      JSON.stringify({
        organization: 'ACME',
        application: null,
        features: { 'fe-webchat': { enabled: 'yes' } },
      }),
    ],
  ])('a page element %s is ignored: the call is made', async (_case, text) => {
    const element = document.createElement('script');
    element.id = PAGE_FEATURE_FLAGS_ELEMENT_ID;
    element.type = 'application/json';
    element.textContent = text;
    document.head.append(element);
    const api = mockApi().on(`POST ${FEATURES_PATH}`, { body: { features: {} } });
    renderRoutes({ routes: [{ path: '*', Component: FlagProbe }], scope: 'host', url: '/auth/login' });
    expect(await screen.findByText('chat off')).toBeInTheDocument();
    expect(api.callsTo(`POST ${FEATURES_PATH}`)).toHaveLength(1);
  });

  it("the page's decisions count only as long as a stored copy would", async () => {
    vi.spyOn(performance, 'timeOrigin', 'get').mockReturnValue(Date.now() - FEATURE_FLAGS_CACHE_MS - 1);
    pageCameWithFlags({ organization: 'ACME', application: null, chat: true });
    const api = mockApi().on(`POST ${FEATURES_PATH}`, { body: { features: {} } });
    renderRoutes({ routes: [{ path: '*', Component: FlagProbe }], scope: 'host', url: '/auth/login' });
    expect(await screen.findByText('chat off')).toBeInTheDocument();
    expect(api.callsTo(`POST ${FEATURES_PATH}`)).toHaveLength(1);
  });

  it.each([
    ['not JSON', () => '{"user": '],
    ['of another user', () => storedCopy({ user: 'OTHER||' })],
    ['too old', () => storedCopy({ savedAt: Date.now() - FEATURE_FLAGS_CACHE_MS - 1 })],
    ['from the future', () => storedCopy({ savedAt: Date.now() + 60_000 })],
    ['without its date', () => storedCopy({ savedAt: 'today' })],
    ['with a decision that is not one', () => storedCopy({ features: { 'fe-webchat': { enabled: 1 } } })],
    [
      'with a lookup answer that is not a yes or no',
      () => storedCopy({ features: { 'fe-webchat': { enabled: true, flagEnabled: 'yes', variables: {} } } }),
    ],
  ])('a session copy %s is ignored: the call is made', async (_case, text) => {
    sessionStorage.setItem(FEATURE_FLAGS_STORAGE_KEY, text());
    const api = mockApi().on(`POST ${FEATURES_PATH}`, { body: { features: {} } });
    renderRoutes({ routes: [{ path: '*', Component: FlagProbe }], scope: 'host', url: '/auth/login' });
    expect(await screen.findByText('chat off')).toBeInTheDocument();
    expect(api.callsTo(`POST ${FEATURES_PATH}`)).toHaveLength(1);
  });
});
