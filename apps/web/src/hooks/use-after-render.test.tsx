import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useAfterRender } from './use-after-render';

/** A field that appears after one or two renders, and a button that asks for it to be focused. */
function Revealer({ rendersUntilShown }: { rendersUntilShown: 1 | 2 }) {
  const [stage, setStage] = useState(0);
  const afterRender = useAfterRender();
  // The second stage comes one commit later (an effect-driven update, as a form library's may be).
  if (stage === 1 && rendersUntilShown === 2) queueMicrotask(() => setStage(2));
  const shown = stage >= rendersUntilShown;
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setStage(1);
          afterRender(() => {
            const input = document.getElementById('code');
            input?.focus();
            return input !== null;
          });
        }}
      >
        Show
      </button>
      {shown && <input id="code" aria-label="Code" />}
    </>
  );
}

describe('useAfterRender', () => {
  it('runs the work after the commit that shows its element, not before', async () => {
    const frame = vi.spyOn(window, 'requestAnimationFrame');
    render(<Revealer rendersUntilShown={1} />);
    await act(async () => screen.getByRole('button', { name: 'Show' }).click());
    expect(screen.getByLabelText('Code')).toHaveFocus();
    expect(frame).not.toHaveBeenCalled();
    frame.mockRestore();
  });

  it('waits for a later commit when the element comes one render late', async () => {
    render(<Revealer rendersUntilShown={2} />);
    await act(async () => screen.getByRole('button', { name: 'Show' }).click());
    // The late render lands after that act; its effects run after the browser's next frame.
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveFocus());
  });
});
