import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TStaffSelf } from '@heloc/domain';
import { mailApi } from './api';
import { MailViewer } from './mail';

vi.mock('./api', () => ({
  mailApi: { outbox: vi.fn(), message: vi.fn(), template: vi.fn(), applicationMails: vi.fn() },
}));

const processor: TStaffSelf = {
  identityUuid: 'a0000000-0000-4000-8000-000000000001',
  email: 'processor@heloc.test',
  name: 'Processor',
  orgCode: 'MAIN',
  roles: ['PROCESSOR'],
  permissions: ['OPS_APP', 'MAIL_OUTBOX_READ'],
  loanOriginatorUuid: null,
};

const item = (id: string, subject: string) => ({
  id,
  to: `${id}@example.com`,
  subject,
  createdAt: '2026-11-20T10:00:00.000Z',
});

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(mailApi.template).mockResolvedValue({
    kind: 'WELCOME',
    orgCode: 'MAIN',
    subject: 'Welcome to Harborline',
    html: '<p>Welcome</p>',
    text: 'Welcome',
  });
});

describe('the outbox', () => {
  it('lists the messages and shows the one chosen, read when asked for', async () => {
    vi.mocked(mailApi.outbox).mockResolvedValue([item('m1', 'Your offer'), item('m2', 'Funded')]);
    vi.mocked(mailApi.message).mockImplementation(async (id) => ({
      ...item(id, id === 'm1' ? 'Your offer' : 'Funded'),
      text: `Text of ${id}`,
      html: null,
      orgCode: 'MAIN',
      attachments: [],
    }));
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MailViewer me={processor} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const views = await screen.findAllByRole('button', { name: 'View' });
    expect(mailApi.message).not.toHaveBeenCalled();
    await user.click(views[1]!);
    expect(await screen.findByTestId('outbox-message')).toHaveTextContent('Text of m2');
    await user.click(views[0]!);
    expect(await screen.findByText('Text of m1')).toBeVisible();
    expect(mailApi.message).toHaveBeenCalledTimes(2);
  });

  it('a failed read of the outbox says why', async () => {
    vi.mocked(mailApi.outbox).mockRejectedValue(new Error('Outbox unavailable'));
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <MailViewer me={processor} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(await screen.findByText('Outbox unavailable')).toBeVisible();
    expect(screen.queryByText('No messages yet.')).toBeNull();
  });
});
