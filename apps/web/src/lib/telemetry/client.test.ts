import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ERROR_TEXTS,
  TELEMETRY_EVENTS,
  TELEMETRY_TRACKER_UUID_STORAGE_KEY,
  type TTelemetrySessionKey,
} from '@heloc/domain';
import { ApiError, setSessionReplayLink, setUnauthenticatedHandler } from '@/lib/api-client';
import { APPLICATION_UUID, mockApi } from '@/testing/mock-api';
import { TELEMETRY_SESSION_STORAGE_KEY, TelemetryClient, TelemetrySessionError } from './client';
import { isNetworkTypeError } from './index';

const SESSION = 'POST /ft/heloc/session';
const EVENT = 'POST /ft/heloc/event';
const ERROR_REPORT = 'POST /ft/heloc/error-report';
const IDENTITY = '0b7c6f0e-8c5a-4c1e-9d43-5c0f4f1a2b3c';
const KEY: TTelemetrySessionKey = {
  uuid: '11111111-2222-4333-8444-555555555555',
  epoch: 1_767_225_600_000,
  trackerUuid: '66666666-7777-4888-9999-000000000000',
};

let waits: number[];
/** A client that never waits for real: sleeps are recorded, flushes are run by the test. */
function client(overrides: ConstructorParameters<typeof TelemetryClient>[0] = {}) {
  return new TelemetryClient({
    sleep: async (ms) => void waits.push(ms),
    schedule: () => {},
    release: '1.2.3',
    random: () => 0,
    ...overrides,
  });
}

beforeEach(() => {
  waits = [];
  setUnauthenticatedHandler(() => {
    throw new Error('telemetry must never trigger the sign-out redirect');
  });
  window.history.replaceState(null, '', '/account/heloc/register?utm_source=mail&a=1&a=2');
});
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthenticatedHandler(null);
  setSessionReplayLink(null);
  window.history.replaceState(null, '', '/');
});

describe('telemetry session (spec 2 §4: up to 3 attempts, then status 500)', () => {
  it('sends the spec body and keeps the tracker in local storage as telemetry_trackerUuid', async () => {
    const api = mockApi().on(SESSION, { body: { sessionKey: KEY } });
    await expect(client().session()).resolves.toEqual(KEY);
    const [call] = api.callsTo(SESSION);
    expect(call!.body).toEqual({
      platform: 'web',
      libVersion: '2.2.23',
      referrer: null,
      queryParams: { utm_source: 'mail', a: ['1', '2'] },
      screenWidth: expect.any(Number),
      screenHeight: expect.any(Number),
      windowWidth: window.innerWidth,
      windowHeight: window.innerHeight,
      sessionKey: null,
      appVersion: '1.2.3',
    });
    expect(call!.headers.get('authorization')).toBeNull();
    expect(localStorage.getItem(TELEMETRY_TRACKER_UUID_STORAGE_KEY)).toBe(KEY.trackerUuid);
    expect(JSON.parse(sessionStorage.getItem(TELEMETRY_SESSION_STORAGE_KEY)!)).toEqual(KEY);
  });

  it('asks to resume the tab’s session, else keeps the browser’s tracker', async () => {
    const api = mockApi().on(SESSION, { body: { sessionKey: KEY } });
    localStorage.setItem(TELEMETRY_TRACKER_UUID_STORAGE_KEY, KEY.trackerUuid);
    await client().session();
    expect(api.callsTo(SESSION)[0]!.body).toMatchObject({ sessionKey: { trackerUuid: KEY.trackerUuid } });
    await client().session();
    expect(api.callsTo(SESSION)[1]!.body).toMatchObject({ sessionKey: KEY });
  });

  it('retries a failed call, waiting 1000 then 2000 ms, and answers the third attempt', async () => {
    const api = mockApi().on(
      SESSION,
      { status: 503, body: { status: 503, message: 'down' } },
      { status: 500, body: { status: 500, message: 'still down' } },
      { body: { sessionKey: KEY } },
    );
    await expect(client().session()).resolves.toEqual(KEY);
    expect(api.callsTo(SESSION)).toHaveLength(3);
    expect(waits).toEqual([1000, 2000]);
  });

  it('fails after 3 attempts with status 500 and the two spec messages, and stays off for the page', async () => {
    const api = mockApi().on(SESSION, { status: 503, body: { status: 503, message: 'down' } });
    const telemetry = client();
    const failure = await telemetry.session().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TelemetrySessionError);
    expect(failure).toMatchObject({ status: 500, message: ERROR_TEXTS.telemetrySessionFailed });
    expect(((failure as Error).cause as Error).message).toBe(ERROR_TEXTS.telemetrySessionRetriesFailed);
    expect(failure).toMatchObject({ status: 500, message: 'Could not establish session.' });
    expect(((failure as Error).cause as Error).message).toBe(
      'An error occurred while establishing a session, retries failed.',
    );
    expect(api.callsTo(SESSION)).toHaveLength(3);

    telemetry.pageView('/account/heloc/register');
    await telemetry.flush();
    expect(api.callsTo(SESSION)).toHaveLength(3);
    expect(api.callsTo(EVENT)).toHaveLength(0);
  });
});

describe('events', () => {
  it('sends a page view with every body field of spec 2 §7 and productType HELOC', async () => {
    const api = mockApi()
      .on(SESSION, { body: { sessionKey: KEY } })
      .on(EVENT, { status: 202, body: { status: 'QUEUED' } });
    const telemetry = client();
    telemetry.setIdentity('0b7c6f0e-8c5a-4c1e-9d43-5c0f4f1a2b3c');
    window.history.replaceState(null, '', `/account/heloc/${APPLICATION_UUID}/liens?x=1`);
    telemetry.pageView(window.location.pathname);
    await telemetry.flush();
    const [call] = api.callsTo(EVENT);
    expect(call!.body).toEqual({
      domain: 'localhost',
      queryParams: { x: '1' },
      pagePath: `/account/heloc/${APPLICATION_UUID}/liens`,
      event: TELEMETRY_EVENTS.pageView,
      sessionKey: KEY,
      identityId: '0b7c6f0e-8c5a-4c1e-9d43-5c0f4f1a2b3c',
      applicationUuid: APPLICATION_UUID,
      eventType: 'PAGE_VIEW',
      productType: 'HELOC',
      eventProperties: {},
      dontDedupe: true,
    });
  });

  it('sends queued events in order, with dedupe settings, after the session is known', async () => {
    const api = mockApi()
      .on(SESSION, { body: { sessionKey: KEY } })
      .on(EVENT, { status: 202, body: { status: 'QUEUED' } });
    const telemetry = client();
    telemetry.track(TELEMETRY_EVENTS.registrationStarted);
    telemetry.track(TELEMETRY_EVENTS.stepReached, {
      eventProperties: { step: 'LIEN_VERIFICATION' },
      dedupeProperty: 'step',
    });
    expect(api.callsTo(EVENT)).toHaveLength(0);
    await telemetry.flush();
    const bodies = api.callsTo(EVENT).map((call) => call.body as Record<string, unknown>);
    expect(bodies.map((b) => b.event)).toEqual([
      TELEMETRY_EVENTS.registrationStarted,
      TELEMETRY_EVENTS.stepReached,
    ]);
    expect(bodies[0]).toMatchObject({ dontDedupe: false, eventType: 'TRACK' });
    expect(bodies[0]).not.toHaveProperty('dedupeProperty');
    expect(bodies[1]).toMatchObject({
      dedupeProperty: 'step',
      eventProperties: { step: 'LIEN_VERIFICATION' },
    });
    expect(api.callsTo(SESSION)).toHaveLength(1);
  });

  it('is never blocked by a failing event call and never redirects on 401', async () => {
    const api = mockApi()
      .on(SESSION, { body: { sessionKey: KEY } })
      .on(
        EVENT,
        { status: 401, body: { status: 401, message: 'Unauthenticated' } },
        { status: 202, body: { status: 'QUEUED' } },
      );
    const telemetry = client();
    telemetry.track('a');
    telemetry.track('b');
    await telemetry.flush();
    expect(api.callsTo(EVENT)).toHaveLength(2);
  });

  it('schedules the send for later instead of sending at once', () => {
    const scheduled: (() => void)[] = [];
    const telemetry = client({ schedule: (run) => void scheduled.push(run) });
    telemetry.track('a');
    telemetry.track('b');
    expect(scheduled).toHaveLength(1);
  });

  it('sends every queued event at once when the page is left, without waiting for answers', async () => {
    mockApi().on(SESSION, { body: { sessionKey: KEY } });
    const telemetry = client();
    await telemetry.session();
    // From here on the server never answers: the page is going away.
    const sent: { path: string; keepalive: boolean | undefined }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
        sent.push({ path: new URL(String(input), 'http://localhost').pathname, keepalive: init.keepalive });
        return new Promise<Response>(() => {});
      }),
    );
    telemetry.pageView('/account/heloc/register');
    telemetry.track('a');
    telemetry.track('b');
    void telemetry.flush();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    // The flush waits on the first answer; leaving sends the other two now.
    telemetry.leave();
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    expect(sent.every((call) => call.path === '/ft/heloc/event' && call.keepalive === true)).toBe(true);
  });
});

describe('linking an application', () => {
  it('sends the tracker-uuid update, the replay link and (signed in) the optimisation profile, once', async () => {
    const api = mockApi()
      .on(SESSION, { body: { sessionKey: KEY } })
      .on(`PUT /service-application/api/v1/application/heloc/${APPLICATION_UUID}/tracker-uuid`, { body: {} })
      .on(`PUT /service-application/api/v1/application/heloc/${APPLICATION_UUID}/full-story-link`, {
        body: {},
      })
      .on('GET /service-application/api/v3/application/heloc/optermizerly-profile', {
        body: { identityUuid: IDENTITY, optimizelyProfileUuid: KEY.trackerUuid, updatedAt: 'x' },
      });
    setSessionReplayLink('https://replay.example/s/1');
    const telemetry = client();
    telemetry.setIdentity(IDENTITY);
    await telemetry.linkApplication(APPLICATION_UUID);
    await telemetry.linkApplication(APPLICATION_UUID);
    const puts = api.calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => [call.path.split('/').pop(), call.body])).toEqual([
      ['tracker-uuid', { trackerUuid: KEY.trackerUuid }],
      ['full-story-link', { link: 'https://replay.example/s/1' }],
    ]);
    const profile = api.callsTo('GET /service-application/api/v3/application/heloc/optermizerly-profile');
    expect(profile).toHaveLength(1);
    // The borrower has a profile: nothing is written.
    expect(api.calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
  });
});

describe('the optimisation profile and the experiment tracker', () => {
  const PROFILE = '/service-application/api/v3/application/heloc/optermizerly-profile';

  it('a borrower without a profile: GET answers 404, the PATCH creates it with this browser’s tracker', async () => {
    const api = mockApi()
      .on(SESSION, { body: { sessionKey: KEY } })
      .on(`GET ${PROFILE}`, { status: 404, body: { status: 404, message: 'Optimization profile not found' } })
      .on(`PATCH ${PROFILE}`, ({ body }) => ({
        body: {
          identityUuid: IDENTITY,
          optimizelyProfileUuid: (body as { optimizelyProfileUuid: string }).optimizelyProfileUuid,
          updatedAt: 'x',
        },
      }));
    const telemetry = client();
    telemetry.setIdentity(IDENTITY);
    expect(await telemetry.experimentTrackerId()).toBe(KEY.trackerUuid);
    const patch = api.callsTo(`PATCH ${PROFILE}`);
    expect(patch).toHaveLength(1);
    expect(patch[0]!.body).toEqual({ optimizelyProfileUuid: KEY.trackerUuid });
    expect(api.calls.find((call) => call.method === 'PATCH')).toBeDefined();
    expect(api.calls.filter((call) => call.path === PROFILE)).toHaveLength(2);
  });

  it('a borrower with a profile from another browser is decided by that profile', async () => {
    const elsewhere = '6f6f6f6f-1111-4222-8333-444444444444';
    mockApi()
      .on(SESSION, { body: { sessionKey: KEY } })
      .on(`GET ${PROFILE}`, {
        body: { identityUuid: IDENTITY, optimizelyProfileUuid: elsewhere, updatedAt: 'x' },
      });
    const telemetry = client();
    telemetry.setIdentity(IDENTITY);
    expect(await telemetry.experimentTrackerId()).toBe(elsewhere);
  });

  it('a visitor is decided by this browser’s tracker, with no profile call', async () => {
    const api = mockApi().on(SESSION, { body: { sessionKey: KEY } });
    expect(await client().experimentTrackerId()).toBe(KEY.trackerUuid);
    expect(api.calls.filter((call) => call.path === PROFILE)).toHaveLength(0);
  });
});

describe('error reporting', () => {
  it.each<[string, unknown, boolean]>([
    ['no response (ApiError status 0)', new ApiError({ status: 0, message: 'x', url: '/a' }), true],
    ['an HTTP failure', new ApiError({ status: 500, message: 'x', url: '/a' }), false],
    ['fetch TypeError (Chrome)', new TypeError('Failed to fetch'), true],
    ['fetch TypeError (Firefox)', new TypeError('NetworkError when attempting to fetch resource.'), true],
    ['fetch TypeError (Safari)', new TypeError('Load failed'), true],
    ['a chunk that did not load', new TypeError('Failed to fetch dynamically imported module: /a.js'), true],
    ['an abort', new DOMException('The operation was aborted.', 'AbortError'), true],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'x')"), false],
    ['a thrown string', 'boom', false],
  ])('%s is network-type: %s', (_name, error, expected) => {
    expect(isNetworkTypeError(error)).toBe(expected);
  });

  it('sends name, message, stack, route, release, source and the held session', async () => {
    const api = mockApi().on(ERROR_REPORT, { status: 202, body: { status: 'STORED' } });
    sessionStorage.setItem(TELEMETRY_SESSION_STORAGE_KEY, JSON.stringify(KEY));
    const error = new RangeError('bad range');
    await client().reportError(error, 'boundary', `/account/heloc/${APPLICATION_UUID}/offers`);
    expect(api.callsTo(ERROR_REPORT)[0]!.body).toEqual({
      name: 'RangeError',
      message: 'bad range',
      stack: error.stack,
      route: `/account/heloc/${APPLICATION_UUID}/offers`,
      release: '1.2.3',
      source: 'boundary',
      sessionKey: KEY,
      applicationUuid: APPLICATION_UUID,
    });
  });

  it('reports each error once, at most 10 per page, and only the sampled share', async () => {
    const api = mockApi().on(ERROR_REPORT, { status: 202, body: { status: 'STORED' } });
    const telemetry = client();
    const same = new Error('same');
    await telemetry.reportError(same, 'window', '/');
    await telemetry.reportError(same, 'window', '/');
    for (let i = 0; i < 20; i += 1) await telemetry.reportError(new Error(`e${i}`), 'window', '/');
    expect(api.callsTo(ERROR_REPORT)).toHaveLength(10);

    const none = client({ sampleRate: 0 });
    await none.reportError(new Error('x'), 'manual', '/');
    const half = client({ sampleRate: 50, random: () => 0.6 });
    await half.reportError(new Error('y'), 'manual', '/');
    expect(api.callsTo(ERROR_REPORT)).toHaveLength(10);
  });
});
