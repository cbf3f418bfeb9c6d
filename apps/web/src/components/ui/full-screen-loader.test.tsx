import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FullScreenLoader, useLingering } from './full-screen-loader';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useLingering', () => {
  it('stays true for 300 ms after the activity ends', () => {
    const { result, rerender } = renderHook(({ active }) => useLingering(active), {
      initialProps: { active: true },
    });
    expect(result.current).toBe(true);
    rerender({ active: false });
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe(false);
  });

  it('starts false when nothing is loading and comes back at once when loading starts again', () => {
    const { result, rerender } = renderHook(({ active }) => useLingering(active), {
      initialProps: { active: false },
    });
    expect(result.current).toBe(false);
    rerender({ active: true });
    expect(result.current).toBe(true);
  });

  it('keeps showing through a short gap between two loads', () => {
    const { result, rerender } = renderHook(({ active }) => useLingering(active), {
      initialProps: { active: true },
    });
    rerender({ active: false });
    act(() => vi.advanceTimersByTime(200));
    rerender({ active: true });
    act(() => vi.advanceTimersByTime(500));
    expect(result.current).toBe(true);
  });
});

describe('FullScreenLoader', () => {
  it('shows the logo and a loading status, then goes 300 ms after loading ends', () => {
    const { rerender } = render(<FullScreenLoader loading logo={<img alt="Acme Lending" src="data:," />} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.getByRole('img', { name: 'Acme Lending' })).toBeInTheDocument();
    rerender(<FullScreenLoader loading={false} />);
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(300));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
