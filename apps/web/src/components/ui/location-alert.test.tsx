import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { LocationAlert } from './location-alert';

function setup(opened = true) {
  const onAllow = vi.fn();
  const onNotNow = vi.fn();
  renderWithProviders(<LocationAlert opened={opened} onAllow={onAllow} onNotNow={onNotNow} />);
  return { onAllow, onNotNow, user: userEvent.setup() };
}

describe('LocationAlert', () => {
  it('is a dialog titled "Why We Need Your Location" that explains why e-signing needs it', async () => {
    setup();
    const dialog = await screen.findByRole('dialog', { name: 'Why We Need Your Location' });
    expect(dialog).toHaveTextContent(/sign your documents electronically/);
    expect(dialog).toHaveTextContent(/depend on the state you sign in/);
  });

  it('calls onAllow from Allow', async () => {
    const { onAllow, onNotNow, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Allow' }));
    expect(onAllow).toHaveBeenCalledTimes(1);
    expect(onNotNow).not.toHaveBeenCalled();
  });

  it('calls onNotNow from Not now and from Escape', async () => {
    const { onNotNow, user } = setup();
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(onNotNow).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onNotNow).toHaveBeenCalledTimes(2);
  });

  it('renders nothing while closed', () => {
    setup(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
