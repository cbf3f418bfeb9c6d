import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { StepPage } from './step-page';

/** Runs the animation frames the page asked for until now. */
const nextFrame = () => act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

describe('StepPage', () => {
  it("moves the focus to the screen's heading in the next frame, not in the task that rendered it", async () => {
    renderWithProviders(<StepPage title="Tell us about yourself" />);
    const heading = screen.getByRole('heading', { level: 1, name: 'Tell us about yourself' });
    expect(heading).not.toHaveFocus();
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('leaves the focus where the borrower put it before that frame', async () => {
    renderWithProviders(
      <StepPage title="Tell us about yourself">
        <input aria-label="First name" />
      </StepPage>,
    );
    const field = screen.getByRole('textbox', { name: 'First name' });
    field.focus();
    await nextFrame();
    await nextFrame();
    expect(field).toHaveFocus();
  });
});
