/**
 * A stand-in for the server at the fetch boundary: tests answer "METHOD /path" with a status and a
 * body, and read back what the page sent. Only transport is faked; the real API client, schemas and
 * error handling run. Unanswered calls fail loudly with 501.
 */
import { vi } from 'vitest';
import { EMPTY_APPLICATION_STATUS, newApplicationDefaults } from '@heloc/domain';
import type { TApplicationStatus, TProfile } from '@heloc/domain';

export interface MockResponse {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

type Handler = MockResponse | ((request: { body: unknown; url: URL }) => MockResponse);

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  headers: Headers;
}

export function mockApi() {
  const handlers = new Map<string, Handler[]>();
  const calls: RecordedCall[] = [];

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    calls.push({ method, path: url.pathname, body, headers: new Headers(init.headers) });
    const queue = handlers.get(`${method} ${url.pathname}`);
    // The last handler for a route stays: a route answers the same until told otherwise.
    const handler = queue && queue.length > 1 ? queue.shift() : queue?.[0];
    const answer: MockResponse = !handler
      ? { status: 501, body: { status: 501, message: `No mock for ${method} ${url.pathname}` } }
      : typeof handler === 'function'
        ? handler({ body, url })
        : handler;
    const status = answer.status ?? 200;
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    /** Answers `METHOD /path`; several calls queue answers in order, the last one repeats. */
    on(route: string, ...answers: Handler[]) {
      handlers.set(route, answers);
      return this;
    },
    calls,
    callsTo(route: string): RecordedCall[] {
      return calls.filter((call) => `${call.method} ${call.path}` === route);
    },
  };
}

export const IDENTITY_FIXTURE = {
  uuid: '0b7c6f0e-8c5a-4c1e-9d43-5c0f4f1a2b3c',
  organizationCode: 'ACME',
  profileType: 'BORROWER',
  email: 'marge@example.test',
  updatedAt: '2026-01-02T03:04:05.000Z',
  isManageable: true,
  isBroker: false,
  aliases: [],
  passwordExpired: false,
  twoFactorEnabled: false,
  totpVerified: false,
  wallet: null,
} as const;

export const APPLICATION_UUID = '5d1c2b3a-1111-4222-8333-944445555666';
/** The application's engine path (its screens' calls hang below it) and its status route. */
export const APPLICATION_PATH = `/service-application/api/v1/application/heloc/${APPLICATION_UUID}`;
export const STATUS_ROUTE = `GET /service-krang-heloc/borrower/secure/api/v1/${APPLICATION_UUID}/status`;

/** The status call's answer: the step `name` with the engine's flags (none set unless given). */
export function statusAnswer(name: string, flags: Partial<TApplicationStatus> = {}): MockResponse {
  return { body: { status: name, applicationStatus: { ...EMPTY_APPLICATION_STATUS, ...flags } } };
}

/** The signed-in borrower's profile (GET /service-profile/api/v1/profile); override any part. */
export function profileFixture(overrides: Partial<TProfile> = {}): TProfile {
  return {
    uuid: '22222222-2222-4222-8222-222222222222',
    name: { uuid: '33333333-3333-4333-8333-333333333333', firstName: 'Dana', lastName: 'Demo' },
    dob: '1984-06-15',
    email: 'demo@heloc.test',
    phoneNumbers: [],
    addresses: [],
    hasSsn: false,
    type: 'BORROWER',
    ...overrides,
  };
}

export function applicationFixture(overrides: Record<string, unknown> = {}) {
  return {
    ...newApplicationDefaults(),
    uuid: APPLICATION_UUID,
    loanNumber: 'HL-000123',
    property: {
      uuid: '7a1c2b3a-1111-4222-8333-944445555666',
      state: 'CA',
      address: {
        street1: '742 EVERGREEN TERRACE',
        street2: null,
        city: 'SACRAMENTO',
        state: 'CA',
        zip: '95814',
      },
    },
    auditFields: { createdDate: '2026-03-04T12:00:00.000Z' },
    step: 'LIEN_VERIFICATION',
    orgCode: 'ACME',
    ...overrides,
  };
}
