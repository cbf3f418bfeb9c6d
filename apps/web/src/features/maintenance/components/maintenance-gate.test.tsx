import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { FEATURE_FLAGS } from '@heloc/domain';
import { FEATURE_FLAGS_STORAGE_KEY, flagUserKey } from '@/lib/feature-flags';
import { RouterScopeContext } from '@/lib/router-scope';
import type { RouterScope } from '@/lib/router-scope';
import { renderWithProviders } from '@/testing/render';
import { MAINTENANCE_WAIT_MS } from '../hooks/use-maintenance';
import { MaintenanceGate } from './maintenance-gate';

const flags = (enabled: boolean, variables: Record<string, unknown> = {}) => ({
  features: { [FEATURE_FLAGS.maintenance]: { enabled, variables } },
});

function respond(body: unknown) {
  const fetchMock = vi.fn(
    async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderGate(scope: RouterScope, path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <MaintenanceGate organization="ACME" fallback={<p>Checking…</p>}>
            <p>The page</p>
          </MaintenanceGate>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(
    <RouterScopeContext value={scope}>
      <RouterProvider router={router} />
    </RouterScopeContext>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('MaintenanceGate', () => {
  it('shows the maintenance page with the dashboard link on a covered path', async () => {
    respond(flags(true, { routes: '["/"]', shouldShowDashboardLink: true }));
    renderGate('app', '/register');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Scheduled Maintenance' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByText('The page')).not.toBeInTheDocument();
  });

  it('shows the page on a path the flag does not cover', async () => {
    respond(flags(true, { routes: '["/"]' }));
    renderGate('host', '/dashboard');
    expect(await screen.findByText('The page')).toBeInTheDocument();
  });

  it('answers at once from a recent answer kept in session storage, without asking again', async () => {
    sessionStorage.setItem(
      FEATURE_FLAGS_STORAGE_KEY,
      JSON.stringify({
        user: flagUserKey({ organization: 'ACME', identity: null, application: null }),
        savedAt: Date.now(),
        ...flags(true, { routes: '["/pay"]' }),
      }),
    );
    const fetchMock = respond(flags(false));
    renderGate('host', '/pay');
    expect(screen.getByRole('heading', { level: 1, name: 'Scheduled Maintenance' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it(`waits at most ${MAINTENANCE_WAIT_MS} ms for a slow flag service, then shows the page`, () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    renderGate('app', '/register');
    expect(screen.getByText('Checking…')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(MAINTENANCE_WAIT_MS - 1));
    expect(screen.getByText('Checking…')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('The page')).toBeInTheDocument();
  });
});
