import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { RouterScopeContext } from '@/lib/router-scope';
import { renderWithProviders } from '@/testing/render';
import { controlsLoaded, DeferredControl, forgetLoadedControls } from './deferred-control';
import { ProfileButton } from './top-bar-buttons';

beforeEach(() => forgetLoadedControls());

function renderProfileControl() {
  const onLogout = vi.fn();
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <DeferredControl
            placeholder={(events) => <ProfileButton aria-haspopup="menu" aria-expanded={false} {...events} />}
          >
            {(controls, openAtOnce) => (
              <controls.ProfileMenu
                email="demo@heloc.test"
                walletAddress={null}
                signedIn
                onSwitchAccounts={vi.fn()}
                onLogout={onLogout}
                openAtOnce={openAtOnce}
              />
            )}
          </DeferredControl>
        ),
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  const { unmount } = renderWithProviders(
    <RouterScopeContext value="host">
      <RouterProvider router={router} />
    </RouterScopeContext>,
  );
  return { onLogout, unmount };
}

describe('a top-bar control loaded after the page (issue 17)', () => {
  it('draws its button alone; its code loads when the browser is idle, the control comes at the first pointer', async () => {
    renderProfileControl();
    const placeholder = screen.getByRole('button', { name: 'Profile menu' });
    // The profile menu's own status region comes with the loaded control only.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await waitFor(() => expect(controlsLoaded()).toBe(true));
    // Loaded, but not drawn until the borrower turns to it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Profile menu' })).toBe(placeholder);
    fireEvent.pointerEnter(placeholder);
    await screen.findByRole('status');
    const loaded = screen.getByRole('button', { name: 'Profile menu' });
    expect(loaded).not.toBe(placeholder);
    expect(loaded).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    fireEvent.click(loaded);
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('opens once loaded when its button was pressed before; closing gives the focus back to the button', async () => {
    const { onLogout } = renderProfileControl();
    const placeholder = screen.getByRole('button', { name: 'Profile menu' });
    placeholder.focus();
    fireEvent.click(placeholder);
    await screen.findByRole('menuitem', { name: 'Logout' });
    const loaded = screen.getByRole('button', { name: 'Profile menu' });
    expect(loaded).not.toBe(placeholder);
    expect(loaded).toHaveAttribute('aria-expanded', 'true');
    // As a menu opened by a click: the focus in its list, back on its button once it closes.
    await waitFor(() =>
      expect(screen.getByRole('menu')).toContainElement(document.activeElement as HTMLElement),
    );
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await waitFor(() => expect(loaded).toHaveFocus());
    fireEvent.click(loaded);
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });

  it('counts a press that began on the button before the swap', async () => {
    renderProfileControl();
    fireEvent.pointerDown(screen.getByRole('button', { name: 'Profile menu' }), { button: 0 });
    expect(await screen.findByRole('menuitem', { name: 'Logout' })).toBeInTheDocument();
  });

  it('a focused button hands the focus to its loaded twin', async () => {
    renderProfileControl();
    await waitFor(() => expect(controlsLoaded()).toBe(true));
    const placeholder = screen.getByRole('button', { name: 'Profile menu' });
    placeholder.focus();
    await screen.findByRole('status');
    const loaded = screen.getByRole('button', { name: 'Profile menu' });
    expect(loaded).not.toBe(placeholder);
    await waitFor(() => expect(loaded).toHaveFocus());
    expect(loaded).toHaveAttribute('aria-expanded', 'false');
  });

  it('one mounted after the code is in also starts from its button', async () => {
    const first = renderProfileControl();
    await waitFor(() => expect(controlsLoaded()).toBe(true));
    first.unmount();
    renderProfileControl();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Profile menu' }));
    expect(await screen.findByRole('status')).toBeInTheDocument();
  });
});
