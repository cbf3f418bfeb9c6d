import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TStaffSelf, TWorkItem } from '@heloc/domain';
import { consoleApi } from './api';
import { WorkItemsPanel } from './work-items-panel';

vi.mock('./api', () => ({ consoleApi: { workItems: vi.fn(), completeWorkItem: vi.fn() } }));

const APPLICATION = 'a0000000-0000-4000-8000-000000000002';
const member = (permissions: TStaffSelf['permissions']): TStaffSelf => ({
  identityUuid: 'id',
  email: 'p@heloc.test',
  name: 'P',
  orgCode: 'MAIN',
  roles: [],
  permissions,
  loanOriginatorUuid: null,
});
const hold: TWorkItem = {
  kind: 'FUNDING_HOLD_RELEASE',
  title: 'Release the funding hold: the disbursement account is confirmed',
  description: 'The disbursement account ••••2333 is pending review: funding waits for it',
  availableFrom: null,
  ready: true,
};

function show(me: TStaffSelf) {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <WorkItemsPanel applicationUuid={APPLICATION} me={me} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  vi.mocked(consoleApi.workItems).mockReset();
  vi.mocked(consoleApi.completeWorkItem).mockReset();
});

describe('the Work items section', () => {
  it('completes an item with a reason (refused empty), then reads the items again', async () => {
    vi.mocked(consoleApi.workItems)
      .mockResolvedValueOnce({ items: [hold] })
      .mockResolvedValue({ items: [] });
    vi.mocked(consoleApi.completeWorkItem).mockResolvedValue({ items: [] });
    const user = userEvent.setup();
    show(member(['OPS_APP', 'WORK_ITEMS_COMPLETE']));
    const item = await screen.findByTestId('work-item');
    expect(item).toHaveTextContent('Release the funding hold');
    await user.click(within(item).getByRole('button', { name: 'Complete' }));
    const form = within(item).getByRole('form', { name: `Complete: ${hold.title}` });
    expect(within(form).getByLabelText('How it was done (reason)')).toHaveFocus();
    await user.click(within(form).getByRole('button', { name: 'Complete work item' }));
    expect(within(form).getByText('Give a reason (at least 3 characters)')).toBeVisible();
    expect(consoleApi.completeWorkItem).not.toHaveBeenCalled();
    await user.type(within(form).getByLabelText('How it was done (reason)'), 'Bank statement matches');
    await user.click(within(form).getByRole('button', { name: 'Complete work item' }));
    expect(consoleApi.completeWorkItem).toHaveBeenCalledWith(APPLICATION, 'FUNDING_HOLD_RELEASE', {
      reason: 'Bank statement matches',
    });
    expect(
      await screen.findByText('The engine is not waiting for anyone on this application.'),
    ).toBeVisible();
  });

  it('a valuation report takes its value in dollars and the condition', async () => {
    vi.mocked(consoleApi.workItems).mockResolvedValue({
      items: [
        {
          kind: 'VALUATION_REPORT',
          title: 'Record the valuation report (BPO) received outside the integration',
          description: 'Valuation ordered',
          availableFrom: null,
          ready: true,
        },
      ],
    });
    vi.mocked(consoleApi.completeWorkItem).mockResolvedValue({ items: [] });
    const user = userEvent.setup();
    show(member(['OPS_APP', 'WORK_ITEMS_COMPLETE']));
    const item = await screen.findByTestId('work-item');
    await user.click(within(item).getByRole('button', { name: 'Complete' }));
    const value = within(item).getByLabelText('Value in the report (dollars)');
    expect(value).toHaveFocus();
    await user.type(within(item).getByLabelText('How it was done (reason)'), 'E-mailed by the vendor');
    await user.click(within(item).getByRole('button', { name: 'Complete work item' }));
    expect(within(item).getByText('Enter the value in dollars, for example 550,000')).toBeVisible();
    await user.type(value, '600,000');
    await user.selectOptions(within(item).getByLabelText('Condition of the property'), 'GOOD');
    await user.click(within(item).getByRole('button', { name: 'Complete work item' }));
    expect(consoleApi.completeWorkItem).toHaveBeenCalledWith(APPLICATION, 'VALUATION_REPORT', {
      reason: 'E-mailed by the vendor',
      valueCents: 60_000_000,
      condition: 'GOOD',
    });
  });

  it('a payoff statement takes the amount in dollars and the good-through day', async () => {
    vi.mocked(consoleApi.workItems).mockResolvedValue({
      items: [
        {
          kind: 'PAYOFF_STATEMENT',
          title: 'Record the payoff statement of the junior lien paid off at closing',
          description: 'Paid off at closing: Sandbox Credit Union (position 2, balance $40,000)',
          availableFrom: null,
          ready: true,
        },
      ],
    });
    vi.mocked(consoleApi.completeWorkItem).mockResolvedValue({ items: [] });
    const user = userEvent.setup();
    show(member(['OPS_APP', 'WORK_ITEMS_COMPLETE']));
    const item = await screen.findByTestId('work-item');
    await user.click(within(item).getByRole('button', { name: 'Complete' }));
    const amount = within(item).getByLabelText('Payoff amount (dollars)');
    expect(amount).toHaveFocus();
    await user.type(within(item).getByLabelText('How it was done (reason)'), 'Payoff letter faxed');
    await user.click(within(item).getByRole('button', { name: 'Complete work item' }));
    expect(within(item).getByText('Enter the payoff in dollars, for example 40,125.37')).toBeVisible();
    await user.type(amount, '40,125.37');
    await user.click(within(item).getByRole('button', { name: 'Complete work item' }));
    expect(within(item).getByText('Required')).toBeVisible();
    await user.type(within(item).getByLabelText('Good through (YYYY-MM-DD)'), '2026-04-30');
    await user.click(within(item).getByRole('button', { name: 'Complete work item' }));
    expect(consoleApi.completeWorkItem).toHaveBeenCalledWith(APPLICATION, 'PAYOFF_STATEMENT', {
      reason: 'Payoff letter faxed',
      payoffCents: 4_012_537,
      goodThrough: '2026-04-30',
    });
  });

  it('shows an item not ready yet without Complete, and no Complete without the permission', async () => {
    vi.mocked(consoleApi.workItems).mockResolvedValue({
      items: [
        {
          kind: 'MANUAL_NOTARY_SIGNED',
          title: 'Confirm the deed was signed at the notary appointment',
          description: 'Mobile notary appointment',
          availableFrom: '2026-11-25T17:00:00.000Z',
          ready: false,
        },
        hold,
      ],
    });
    show(member(['OPS_APP']));
    const items = await screen.findAllByTestId('work-item');
    expect(items[0]).toHaveTextContent('It can be completed from');
    expect(screen.queryByRole('button', { name: 'Complete' })).toBeNull();
  });
});
