import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { A11Y_STATUS_CLEAR_MS } from '@heloc/domain';
import { useA11yStatus } from './a11y-status';

function Probe() {
  const { announce, region } = useA11yStatus();
  return (
    <>
      {region}
      <button type="button" onClick={() => announce('Saved')}>
        Save
      </button>
    </>
  );
}

afterEach(() => vi.useRealTimers());

describe('useA11yStatus (spec 1 §9 "accessibility status message clears after 300 ms")', () => {
  it('announces in a polite status region and clears it after A11Y_STATUS_CLEAR_MS, each time anew', () => {
    expect(A11Y_STATUS_CLEAR_MS).toBe(300);
    vi.useFakeTimers();
    render(<Probe />);
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    expect(status).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(200));
    // Said again before it cleared: the 300 ms start over.
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    act(() => vi.advanceTimersByTime(299));
    expect(status).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(1));
    expect(status).toBeEmptyDOMElement();
  });
});
