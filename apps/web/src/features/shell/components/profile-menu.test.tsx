import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '@/testing/render';
import { RouterScopeContext } from '@/lib/router-scope';
import { useCopyConfirmation } from '../hooks/use-copy-confirmation';
import { ProfileMenu } from './profile-menu';

const ADDRESS = '0x1234567890abcdef1234567890abcdef12345678';

function stubClipboard() {
  const writeText = vi.fn(() => Promise.resolve());
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

afterEach(() => vi.useRealTimers());

function renderMenu(props: Partial<Parameters<typeof ProfileMenu>[0]> = {}) {
  const handlers = { onSwitchAccounts: vi.fn(), onLogout: vi.fn() };
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <ProfileMenu email="demo@heloc.test" walletAddress={ADDRESS} signedIn {...handlers} {...props} />
        ),
      },
    ],
    { initialEntries: ['/dashboard'] },
  );
  renderWithProviders(
    <RouterScopeContext value="host">
      <RouterProvider router={router} />
    </RouterScopeContext>,
  );
  return handlers;
}

describe('useCopyConfirmation', () => {
  it('confirms a copy for exactly 1 s', async () => {
    vi.useFakeTimers();
    const writeText = stubClipboard();
    const { result } = renderHook(() => useCopyConfirmation());
    await act(async () => {
      result.current.copy(ADDRESS);
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    expect(result.current.copied).toBe(true);
    act(() => vi.advanceTimersByTime(999));
    expect(result.current.copied).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current.copied).toBe(false);
  });
});

describe('ProfileMenu', () => {
  it('lists Support, Switch Accounts, Settings and Logout for a signed-in person', async () => {
    const user = userEvent.setup();
    const handlers = renderMenu();
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Copy wallet address',
      'Support',
      'Switch Accounts',
      'Settings',
      'Logout',
    ]);
    expect(screen.getByRole('menuitem', { name: 'Support' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('menuitem', { name: 'Settings' })).toHaveAttribute('href', '/dashboard/settings');
    expect(screen.getByText('demo@heloc.test')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(handlers.onLogout).toHaveBeenCalledTimes(1);
  });

  it('leaves out Settings and Logout when not signed in', async () => {
    const user = userEvent.setup();
    renderMenu({ signedIn: false, walletAddress: null, email: null });
    await user.click(screen.getByRole('button', { name: 'Profile menu' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Support', 'Switch Accounts']);
  });

  it('copies the wallet address and says "Wallet Address Copied!" for 1 s, keeping the menu open', async () => {
    const writeText = stubClipboard();
    renderMenu();
    fireEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
    const item = await screen.findByRole('menuitem', { name: 'Copy wallet address' });
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(item);
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    expect(screen.getByRole('menuitem', { name: 'Wallet Address Copied!' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Wallet Address Copied!');
    // The accessibility status message clears after 300 ms (spec 1 §9); the item keeps its text 1 s.
    act(() => vi.advanceTimersByTime(299));
    expect(screen.getByRole('status')).toHaveTextContent('Wallet Address Copied!');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveTextContent('');
    act(() => vi.advanceTimersByTime(699));
    expect(screen.getByRole('menuitem', { name: 'Wallet Address Copied!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('menuitem', { name: 'Copy wallet address' })).toBeInTheDocument();
  });
});
