/**
 * A stand-in for the server at the fetch boundary: tests answer "METHOD /path" with a status and a
 * body, and read back what the page sent. Only transport is faked; the real API client, schemas and
 * error handling run. Unanswered calls fail loudly with 501.
 */
import { vi } from 'vitest';
import { newApplicationDefaults } from '@heloc/domain';

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
