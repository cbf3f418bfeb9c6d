import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { PROCESSING_TIMEOUT_MESSAGE } from './processing-messages';
import { ProcessingModalView as ProcessingModal } from './processing-modal-view';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const status = () => screen.getByRole('status');

describe('ProcessingModal', () => {
  it('rotates its messages, then explains the wait after 30000 ms', () => {
    renderWithProviders(<ProcessingModal opened messages={['One', 'Two', 'Three']} intervalMs={1000} />);
    act(() => vi.advanceTimersByTime(0));
    expect(screen.getByRole('dialog', { name: 'Please wait' })).toBeInTheDocument();
    expect(status()).toHaveTextContent('One');
    act(() => vi.advanceTimersByTime(1000));
    expect(status()).toHaveTextContent('Two');
    act(() => vi.advanceTimersByTime(2000));
    expect(status()).toHaveTextContent('One');
    act(() => vi.advanceTimersByTime(30_000 - 3000 - 1));
    expect(status()).not.toHaveTextContent(PROCESSING_TIMEOUT_MESSAGE);
    act(() => vi.advanceTimersByTime(1));
    expect(status()).toHaveTextContent(PROCESSING_TIMEOUT_MESSAGE);
  });

  it('has no close button', () => {
    renderWithProviders(<ProcessingModal opened />);
    act(() => vi.advanceTimersByTime(0));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
