import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_BASENAME } from '@/config/paths';
import { setToken } from '@/lib/auth';
import { setUnauthenticatedHandler } from '@/lib/api-client';
import { queryClientContext } from '@/lib/route-data';
import { applicationQueryOptions } from '@/platform/application-frame';
import {
  APPLICATION_PATH,
  APPLICATION_UUID,
  applicationFixture,
  IDENTITY_FIXTURE,
  mockApi,
} from '@/testing/mock-api';
import { staticMediaQueryList } from '@/testing/media-query';
import { renderRoutes } from '@/testing/render';
import { MOBILE_QUERY } from '../utils/breakpoints';
import { ShellSidebar } from './signed-in-shell';

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthenticatedHandler(null);
  localStorage.clear();
});

function renderSidebar(
  helocSigners: { identityUuid: string }[],
  { readBefore }: { readBefore?: { helocSigners: { identityUuid: string }[]; msAgo: number } } = {},
) {
  setUnauthenticatedHandler(() => {});
  setToken('token');
  const api = mockApi()
    .on('GET /identity/secure/api/v1/identity', { body: IDENTITY_FIXTURE })
    .on(`GET ${APPLICATION_PATH}`, { body: applicationFixture({ helocSigners }) });
  renderRoutes({
    routes: [
      {
        path: '*',
        // As the application frame's loader does: the application is in the cache before the shell mounts.
        loader: ({ context }) => {
          if (readBefore) {
            context
              .get(queryClientContext)!
              .setQueryData(
                applicationQueryOptions(APPLICATION_UUID).queryKey,
                applicationFixture({ helocSigners: readBefore.helocSigners }),
                { updatedAt: Date.now() - readBefore.msAgo },
              );
          }
          return null;
        },
        // The heading tells that the route has rendered (the side bar may render nothing).
        Component: () => (
          <>
            <h1>Page</h1>
            <ShellSidebar orgCode="ACME" />
          </>
        ),
      },
    ],
    scope: 'app',
    basename: APP_BASENAME,
    url: `${APP_BASENAME}/${APPLICATION_UUID}/signing/additional`,
  });
  return api;
}

describe('the Dashboard link (spec 1 §6 "shows only for non-signers or brokers")', () => {
  it('shows for the borrower of the application', async () => {
    const api = renderSidebar([]);
    await waitFor(() => expect(api.callsTo(`GET ${APPLICATION_PATH}`)).toHaveLength(1));
    await screen.findByRole('link', { name: 'Marketplace' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument());
  });

  it("is hidden for an identity listed in the application's helocSigners (signer version v1)", async () => {
    renderSidebar([{ identityUuid: IDENTITY_FIXTURE.uuid }]);
    await screen.findByRole('link', { name: 'Marketplace' });
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument());
  });
});

describe('the application the shell reads (issue 17)', () => {
  it("takes the frame's answer even after its freshness ran out: no second read", async () => {
    // What the frame read says "signer"; a read now would say "borrower": the side bar shows the former.
    const api = renderSidebar([], {
      readBefore: { helocSigners: [{ identityUuid: IDENTITY_FIXTURE.uuid }], msAgo: 5_000 },
    });
    await screen.findByRole('link', { name: 'Marketplace' });
    await waitFor(() => expect(api.callsTo('GET /identity/secure/api/v1/identity')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(api.callsTo(`GET ${APPLICATION_PATH}`)).toHaveLength(0);
  });
});

describe('the side bar on a phone (issue 17)', () => {
  it('is not rendered below 768px, where the layout hides it; the drawer carries the links there', async () => {
    vi.stubGlobal('matchMedia', (query: string) => staticMediaQueryList(query, query === MOBILE_QUERY));
    renderSidebar([]);
    await screen.findByRole('heading', { name: 'Page' });
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Marketplace' })).not.toBeInTheDocument();
  });
});
