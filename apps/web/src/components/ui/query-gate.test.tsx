import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderWithProviders } from '@/testing/render';
import { QueryGate } from './query-gate';
import type { GatedQuery } from './query-gate';

const failure = new ApiError({ status: 503, message: 'The service is busy', url: '/x' });

function gate(query: GatedQuery<{ name: string }>, errorTitle?: string) {
  return renderWithProviders(
    <QueryGate query={query} label="Loading your offers" errorTitle={errorTitle}>
      {(data) => <p>Hello {data.name}</p>}
    </QueryGate>,
  );
}

describe('QueryGate', () => {
  it('shows a loader named by its label while the read is pending', () => {
    gate({ data: undefined, error: null, isPending: true, refetch: vi.fn() });
    expect(screen.getByLabelText('Loading your offers')).toBeInTheDocument();
    expect(screen.queryByText(/Hello/)).not.toBeInTheDocument();
  });

  it('shows the combined error text under its title and retries the read on "Try again"', async () => {
    const refetch = vi.fn();
    gate({ data: undefined, error: failure, isPending: false, refetch }, 'We could not load your offers');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('We could not load your offers');
    expect(alert).toHaveTextContent('The service is busy');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the content once the data is there, and keeps it when a later refetch fails', () => {
    gate({ data: { name: 'Ada' }, error: failure, isPending: false, refetch: vi.fn() });
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the alert alone when the screen leaves out the retry', () => {
    const own = (query: GatedQuery<{ name: string }>) =>
      renderWithProviders(
        <QueryGate query={query} label="Loading your offers" loading={<p>Fetching…</p>} retry={false}>
          {(data) => <p>Hello {data.name}</p>}
        </QueryGate>,
      );
    own({ data: undefined, error: failure, isPending: false, refetch: vi.fn() });
    expect(screen.getByRole('alert')).toHaveTextContent('The service is busy');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('shows the screen’s own loading view while pending', () => {
    renderWithProviders(
      <QueryGate
        query={{ data: undefined, error: null, isPending: true, refetch: vi.fn() }}
        label="Loading your offers"
        loading={<p>Fetching…</p>}
      >
        {(data: { name: string }) => <p>Hello {data.name}</p>}
      </QueryGate>,
    );
    expect(screen.getByText('Fetching…')).toBeInTheDocument();
    expect(screen.queryByLabelText('Loading your offers')).not.toBeInTheDocument();
  });
});
