import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Activity, useState } from 'react';
import { describe, expect, it } from 'vitest';

function Counter() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount((n) => n + 1)}>Clicked {count}</button>;
}

function Toggle({ hidden }: { hidden: boolean }) {
  return (
    <Activity mode={hidden ? 'hidden' : 'visible'}>
      <Counter />
    </Activity>
  );
}

describe('<Activity> on Preact', () => {
  it('hides its children while hidden and keeps their state for when they show again', async () => {
    const { rerender } = render(<Toggle hidden={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Clicked 0' }));
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeVisible();

    rerender(<Toggle hidden />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Clicked 1', { selector: 'button' })).not.toBeVisible();

    rerender(<Toggle hidden={false} />);
    expect(screen.getByRole('button', { name: 'Clicked 1' })).toBeVisible();
  });

  it('adds no box of its own while visible', () => {
    render(
      <Activity mode="visible">
        <span>inside</span>
      </Activity>,
    );
    expect(screen.getByText('inside').parentElement).toHaveStyle({ display: 'contents' });
  });
});
