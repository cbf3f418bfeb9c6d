import { act, screen, within } from '@testing-library/react';
import { options } from 'preact';
import type { VNode } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Layout } from '@/components/layout/layout';
import { FEATURES_PATH } from '@/lib/feature-flags';
import { operatingHoursPath } from '@/platform/org/api/get-operating-hours';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes, renderWithProviders } from '@/testing/render';
import { APP_LOADER_DELAY_MS, AppLoader, RootLayout } from './root';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

/** Counts how often Preact diffs a `component` element from now on (Preact's public `options.diffed`). */
function countRenders(component: unknown) {
  const previous = options.diffed;
  const counter = { renders: 0, stop: () => (options.diffed = previous) };
  options.diffed = (vnode: VNode) => {
    if (vnode.type === component) counter.renders += 1;
    previous?.(vnode);
  };
  return counter;
}

describe('RootLayout (issue 17: what arrives after the first paint redraws only the part that shows it)', () => {
  it('does not draw the frame again as the flags and the phone hours arrive; the footer and the chat button gain them', async () => {
    mockApi()
      .on(`POST ${FEATURES_PATH}`, { body: { features: { 'fe-webchat': { enabled: true, variables: {} } } } })
      .on(`GET ${operatingHoursPath('OPS_PHONE')}`, {
        body: [1, 2, 3, 4, 5, 6, 7].map((weekdayValue) => ({
          weekday: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'][
            weekdayValue - 1
          ],
          weekdayValue,
          isOpen: weekdayValue < 6,
          startTime: weekdayValue < 6 ? '06:00' : null,
          endTime: weekdayValue < 6 ? '18:00' : null,
        })),
      });
    const layout = countRenders(Layout);
    try {
      renderRoutes({
        routes: [
          { path: '/', Component: RootLayout, children: [{ index: true, element: <h1>Sign in</h1> }] },
        ],
        scope: 'host',
        url: '/',
      });
      // Drawn: once, and once more when the top bar's slot for page buttons is in (layout.tsx).
      const drawnAtFirst = layout.renders;
      expect(drawnAtFirst).toBeGreaterThan(0);
      const footer = await screen.findByRole('contentinfo');
      expect(
        await within(footer).findByText(/^Hours: Monday–Friday: 6:00 AM – 6:00 PM PT/),
      ).toBeInTheDocument();
      expect(within(footer).getByText(/^Web chat: select/)).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: /chat with us/i })).toBeInTheDocument();
      expect(layout.renders).toBe(drawnAtFirst);
    } finally {
      layout.stop();
    }
  });
});

describe('AppLoader (the first route module loading)', () => {
  it('draws nothing for a moment, then the full-screen logo loader', async () => {
    vi.useFakeTimers();
    renderWithProviders(<AppLoader />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(APP_LOADER_DELAY_MS - 1);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
  });
});
