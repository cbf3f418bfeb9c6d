/**
 * The application frame's loader, run as the router runs it (the page's query client in its context):
 * a missing or foreign application leaves for the dashboard before the frame or the shell renders.
 */
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { queryClientContext, routerContextWith } from '@/lib/route-data';
import { applicationFixture } from '@/testing/mock-api';
import { applicationLoader } from './application-loader';

const APP_ID = '0b7c6f0e-8c5a-4c1e-9d43-5c0f4f1a2b3c';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Serves the frame's reads; the application's answer is what each test varies. */
function serve(applicationStatus: number) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'https://acme.test').pathname;
    if (path.endsWith(`/application/heloc/${APP_ID}`)) {
      return applicationStatus === 200
        ? json(applicationFixture({ uuid: APP_ID }))
        : json({ status: 'NOT_FOUND', message: 'Application not found' }, applicationStatus);
    }
    return json({ status: 'NOT_FOUND', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The page's query client of the last run: what the frame will render from. */
let queryClient: QueryClient;

function run(path = '') {
  const context = routerContextWith(new QueryClient({ defaultOptions: { queries: { retry: false } } }))();
  queryClient = context.get(queryClientContext)!;
  return applicationLoader({
    params: { applicationUuid: APP_ID },
    context,
    request: new Request(`https://acme.test/account/heloc/${APP_ID}${path}`),
  } as unknown as LoaderFunctionArgs);
}

/** What the loader threw or returned, as the router would take it. */
async function outcome(path?: string) {
  try {
    return { returned: await run(path) };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return {
      status: thrown.status,
      location: thrown.headers.get('Location'),
      document: thrown.headers.has('X-Remix-Reload-Document'),
    };
  }
}

beforeEach(() => {
  localStorage.setItem('jwt', 'Bearer test.jwt.token');
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('applicationLoader', () => {
  it.each([404, 400])(
    'sends a missing or foreign application (%i) to the dashboard, a host page (document load)',
    async (status) => {
      const fetchMock = serve(status);
      expect(await outcome('/start/profile')).toEqual({
        status: 302,
        location: 'https://acme.test/dashboard',
        document: true,
      });
      // Read once, by the loader: nothing rendered to read it again.
      const applicationReads = fetchMock.mock.calls.filter(([url]) =>
        String(url).endsWith(`/application/heloc/${APP_ID}`),
      );
      expect(applicationReads).toHaveLength(1);
    },
  );

  it('lets the frame render an application that is there, and leaves other failures to it', async () => {
    serve(200);
    expect(await outcome()).toEqual({ returned: null });
    expect(queryClient.getQueryData(['application', APP_ID])).toMatchObject({ uuid: APP_ID });
    // A server error is the frame's to show (the error fallback with Try again), not a redirect.
    serve(500);
    expect(await outcome()).toEqual({ returned: null });
    expect(queryClient.getQueryState(['application', APP_ID])?.error).toMatchObject({ status: 500 });
  });
});
