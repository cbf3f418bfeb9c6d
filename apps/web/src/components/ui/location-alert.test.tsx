import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TSigningLocation } from '@heloc/domain';
import { renderWithProviders } from '@/testing/render';
import { LocationAlert, useSigningLocation } from './location-alert';

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

/** A sign button the way the signing screens use the hook. */
function SignButton({ onSign }: { onSign: (location: TSigningLocation) => void }) {
  const { withLocation, error, alert } = useSigningLocation();
  return (
    <>
      <button type="button" onClick={() => withLocation(onSign)}>
        Sign
      </button>
      {error ? <p role="alert">{error}</p> : null}
      {alert}
    </>
  );
}

function stubGeolocation(answer: 'share' | 'refuse') {
  const getCurrentPosition = vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
    if (answer === 'share') {
      success({ coords: { latitude: 36.7378, longitude: -119.7871, accuracy: 30 } } as GeolocationPosition);
    } else {
      failure?.({ code: 1, message: 'User denied Geolocation' } as GeolocationPositionError);
    }
  });
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: { getCurrentPosition } });
  return getCurrentPosition;
}

describe('useSigningLocation', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('explains first, then signs with the browser’s position; the next signature reuses it', async () => {
    const getCurrentPosition = stubGeolocation('share');
    const onSign = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<SignButton onSign={onSign} />);

    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(onSign).not.toHaveBeenCalled();
    await user.click(await screen.findByRole('button', { name: 'Allow' }));
    await waitFor(() =>
      expect(onSign).toHaveBeenCalledWith({ latitude: 36.7378, longitude: -119.7871, accuracyMeters: 30 }),
    );

    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(onSign).toHaveBeenCalledTimes(2);
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('signs nothing when the browser refuses, and says how to allow it', async () => {
    stubGeolocation('refuse');
    const onSign = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<SignButton onSign={onSign} />);
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    await user.click(await screen.findByRole('button', { name: 'Allow' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We need your location to sign. Allow location for this site in your browser and try again.',
    );
    expect(onSign).not.toHaveBeenCalled();
  });

  it('signs nothing after Not now', async () => {
    const getCurrentPosition = stubGeolocation('share');
    const onSign = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<SignButton onSign={onSign} />);
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(onSign).not.toHaveBeenCalled();
  });
});
