import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { APP_LOADER_DELAY_MS, AppLoader } from './root';

afterEach(() => {
  vi.useRealTimers();
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
