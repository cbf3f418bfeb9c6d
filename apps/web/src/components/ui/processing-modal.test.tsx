import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { ProcessingModal } from './processing-modal';

function Page() {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpened((current) => !current)}>
        Toggle
      </button>
      <ProcessingModal opened={opened} />
    </>
  );
}

describe('ProcessingModal (loaded on demand)', () => {
  it('shows nothing while closed, the modal once opened, and closes it again', async () => {
    renderWithProviders(<Page />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Toggle', hidden: true }));
    expect(await screen.findByRole('dialog', { name: 'Please wait' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Processing your information…');
    fireEvent.click(screen.getByRole('button', { name: 'Toggle', hidden: true }));
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
  });
});
