import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AfterFirstPaint } from './after-first-paint';

describe('AfterFirstPaint', () => {
  it('draws its content in a later task than the first render, then keeps it', async () => {
    vi.useFakeTimers();
    try {
      const { rerender } = render(
        <main>
          <h1>Screen</h1>
          <AfterFirstPaint>
            <footer>Footer</footer>
          </AfterFirstPaint>
        </main>,
      );
      expect(screen.getByRole('heading', { name: 'Screen' })).toBeInTheDocument();
      expect(screen.queryByText('Footer')).not.toBeInTheDocument();
      await act(async () => {
        await vi.runAllTimersAsync();
      });
      expect(screen.getByText('Footer')).toBeInTheDocument();

      rerender(
        <main>
          <h1>Next screen</h1>
          <AfterFirstPaint>
            <footer>Footer</footer>
          </AfterFirstPaint>
        </main>,
      );
      expect(screen.getByText('Footer')).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
