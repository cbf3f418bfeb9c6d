import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TStaffSelf, TWebhookDelivery, TWebhookSubscription } from '@heloc/domain';
import { webhooksApi } from './api';
import { Webhooks } from './webhooks';

vi.mock('./api', () => ({
  webhooksApi: {
    list: vi.fn(),
    get: vi.fn(),
    create: vi.fn(),
    setPaused: vi.fn(),
    rotateSecret: vi.fn(),
    deliveries: vi.fn(),
    replaySince: vi.fn(),
    replayDelivery: vi.fn(),
  },
}));

const admin: TStaffSelf = {
  identityUuid: 'a0000000-0000-4000-8000-000000000001',
  email: 'ops@heloc.test',
  name: 'Ops',
  orgCode: 'MAIN',
  roles: ['ORG_ADMIN'],
  permissions: ['OPS_APP', 'WEBHOOKS_MANAGE'],
  loanOriginatorUuid: null,
};

const subscription: TWebhookSubscription = {
  uuid: 'b0000000-0000-4000-8000-000000000001',
  orgCode: 'MAIN',
  url: 'https://crm.example.com/hooks',
  description: 'CRM',
  eventTypes: ['application.created'],
  filters: [],
  status: 'ACTIVE',
  pausedReason: null,
  pausedAt: null,
  consecutiveFailures: 0,
  secretRotatedAt: '2026-11-20T10:00:00.000Z',
  createdAt: '2026-11-20T10:00:00.000Z',
  undelivered: 0,
};

const delivery = (attempts: number): TWebhookDelivery => ({
  uuid: 'c0000000-0000-4000-8000-000000000001',
  subscriptionUuid: subscription.uuid,
  eventType: 'application.created',
  applicationUuid: null,
  status: 'DELIVERED',
  attempts,
  lastStatusCode: 202,
  lastError: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  deliveredAt: '2026-11-20T10:00:01.000Z',
  payload: {},
  attemptLog: Array.from({ length: attempts }, (_, index) => ({
    at: '2026-11-20T10:00:01.000Z',
    statusCode: 202,
    latencyMs: 12,
    error: null,
    replay: index > 0,
  })),
});

function show(subscriptionUuid: string | null) {
  return render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Webhooks me={admin} subscriptionUuid={subscriptionUuid} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => vi.clearAllMocks());

describe('webhooks', () => {
  it('a new subscription shows its secret once and the list is read again', async () => {
    vi.mocked(webhooksApi.list).mockResolvedValueOnce([]).mockResolvedValue([subscription]);
    vi.mocked(webhooksApi.create).mockResolvedValue({ subscription, secret: 'whsec_test' });
    const user = userEvent.setup();
    show(null);
    const table = screen.getByRole('table', { name: 'Webhook subscriptions' });
    expect(within(table).getByText('No subscriptions yet.')).toBeVisible();
    await user.type(screen.getByLabelText('Endpoint URL', { exact: false }), subscription.url);
    await user.click(screen.getByRole('button', { name: 'Create subscription' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_test');
    expect(await within(table).findByRole('link', { name: subscription.url })).toBeVisible();
    expect(webhooksApi.list).toHaveBeenCalledTimes(2);
    expect(screen.getByLabelText('Endpoint URL', { exact: false })).toHaveValue('');
  });

  it('a subscription’s page: a replay says so and its deliveries are read again, as Refresh does', async () => {
    vi.mocked(webhooksApi.get).mockResolvedValue(subscription);
    vi.mocked(webhooksApi.deliveries).mockResolvedValue([delivery(1)]);
    vi.mocked(webhooksApi.replayDelivery).mockResolvedValue(delivery(1));
    const user = userEvent.setup();
    show(subscription.uuid);
    expect(screen.getByText('Loading…')).toBeVisible();
    const row = await screen.findByTestId('webhook-delivery');
    expect(within(row).getByRole('list', { name: 'Attempts' })).toHaveTextContent('202');

    vi.mocked(webhooksApi.deliveries).mockResolvedValue([delivery(2)]);
    await user.click(within(row).getByRole('button', { name: /^Replay application\.created/ }));
    expect(await screen.findByRole('status')).toHaveTextContent('Delivery queued again.');
    expect(webhooksApi.replayDelivery).toHaveBeenCalledWith(delivery(1).uuid);
    await vi.waitFor(() => expect(within(row).getAllByRole('listitem')).toHaveLength(2), { timeout: 5_000 });

    vi.mocked(webhooksApi.deliveries).mockResolvedValue([delivery(3)]);
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() => expect(within(row).getAllByRole('listitem')).toHaveLength(3), { timeout: 5_000 });
    expect(webhooksApi.get).toHaveBeenCalledTimes(3);
  });

  it('a failed action says why and keeps the page', async () => {
    vi.mocked(webhooksApi.get).mockResolvedValue(subscription);
    vi.mocked(webhooksApi.deliveries).mockResolvedValue([]);
    vi.mocked(webhooksApi.rotateSecret).mockRejectedValue(new Error('Not allowed'));
    const user = userEvent.setup();
    show(subscription.uuid);
    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not allowed');
    expect(screen.getByText('No deliveries yet.')).toBeVisible();
  });
});
