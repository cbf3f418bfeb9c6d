import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '@/testing/render';
import { RouterScopeContext } from '@/lib/router-scope';
import { DebugView } from './debug-view';
import { isDebugShortcut } from '../hooks/use-debug-toggle';

const APP_ID = '0b7c6f0e-8c5a-4c1e-9d43-5c0f4f1a2b3c';

function setup() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: <DebugView orgCode="ACME" identityUuid="11111111-2222-4333-8444-555555555555" />,
      },
    ],
    { initialEntries: [`/${APP_ID}/product/select?x=1`] },
  );
  renderWithProviders(
    <RouterScopeContext value="app">
      <RouterProvider router={router} />
    </RouterScopeContext>,
  );
}

const shortcut = (init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(window, { code: 'KeyX', key: 'X', shiftKey: true, altKey: true, ...init });

describe('DebugView', () => {
  it('is hidden until Shift+Alt+X, then shows org, identity, application, route and build mode', async () => {
    setup();
    expect(screen.queryByRole('region', { name: 'Debug view' })).not.toBeInTheDocument();
    shortcut();
    const panel = await screen.findByRole('region', { name: 'Debug view' });
    expect(panel).toHaveTextContent('OrganisationACME');
    expect(panel).toHaveTextContent('Identity11111111-2222-4333-8444-555555555555');
    expect(panel).toHaveTextContent(`Application${APP_ID}`);
    expect(panel).toHaveTextContent(`Route/account/heloc/${APP_ID}/product/select?x=1`);
    expect(panel).toHaveTextContent('Buildtest');
  });

  it('toggles off with the same shortcut and closes with its button', async () => {
    setup();
    shortcut();
    await screen.findByRole('region', { name: 'Debug view' });
    shortcut();
    expect(screen.queryByRole('region', { name: 'Debug view' })).not.toBeInTheDocument();
    shortcut();
    fireEvent.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Debug view' })).not.toBeInTheDocument();
  });

  it('reads the physical key (macOS sends another character with Alt) and ignores other chords', () => {
    expect(
      isDebugShortcut({ code: 'KeyX', shiftKey: true, altKey: true, ctrlKey: false, metaKey: false }),
    ).toBe(true);
    expect(
      isDebugShortcut({ code: 'KeyX', shiftKey: true, altKey: false, ctrlKey: false, metaKey: false }),
    ).toBe(false);
    expect(
      isDebugShortcut({ code: 'KeyX', shiftKey: true, altKey: true, ctrlKey: true, metaKey: false }),
    ).toBe(false);
    expect(
      isDebugShortcut({ code: 'KeyZ', shiftKey: true, altKey: true, ctrlKey: false, metaKey: false }),
    ).toBe(false);
  });
});
