import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as telemetry from '@/lib/telemetry';
import { LocalErrorBoundary } from './local-error-boundary';

function Boom(): never {
  throw new Error('the chat widget broke');
}

afterEach(() => vi.restoreAllMocks());

describe('LocalErrorBoundary', () => {
  it('drops the crashed part, reports it, and leaves the rest of the page usable', () => {
    const report = vi.spyOn(telemetry, 'reportError').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <div>
        <LocalErrorBoundary>
          <Boom />
        </LocalErrorBoundary>
        <button type="button">Continue</button>
      </div>,
    );
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    expect(report).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'the chat widget broke' }),
      'boundary',
    );
  });

  it('shows the fallback when one is given, and the children while nothing failed', () => {
    vi.spyOn(telemetry, 'reportError').mockImplementation(() => undefined);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <LocalErrorBoundary fallback={<p>Chat is unavailable</p>}>
        <p>Chat</p>
      </LocalErrorBoundary>,
    );
    expect(screen.getByText('Chat')).toBeInTheDocument();
    rerender(
      <LocalErrorBoundary fallback={<p>Chat is unavailable</p>}>
        <Boom />
      </LocalErrorBoundary>,
    );
    expect(screen.getByText('Chat is unavailable')).toBeInTheDocument();
  });
});
