import { render, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screenTitle, useScreenTitle } from './screen-title';

describe('screenTitle', () => {
  it.each([
    ['Basic Info', 'Basic Info | Acme Lending'],
    ['  Your\\n  applications ', 'Your applications | Acme Lending'],
    ['', 'Acme Lending'],
    [null, 'Acme Lending'],
  ])('%j → %s', (heading, title) => {
    expect(screenTitle(heading?.replace('\\n', '\n'), 'Acme Lending')).toBe(title);
  });
});

function Screens() {
  useScreenTitle('Acme Lending');
  const [step, setStep] = useState('Basic Info');
  return (
    <>
      <h1>Not the screen (outside main)</h1>
      <main>
        <h1>{step}</h1>
        <button type="button" onClick={() => setStep('Select your offer')}>
          next
        </button>
      </main>
    </>
  );
}

describe('useScreenTitle', () => {
  it('follows the heading of the main landmark as the screen changes', async () => {
    const view = render(<Screens />);
    await waitFor(() => expect(document.title).toBe('Basic Info | Acme Lending'));
    view.getByRole('button', { name: 'next' }).click();
    await waitFor(() => expect(document.title).toBe('Select your offer | Acme Lending'));
  });
});
