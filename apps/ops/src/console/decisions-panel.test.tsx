import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { TApplicationFile, TStaffDecision, TStaffSelf } from '@heloc/domain';
import { consoleApi } from './api';
import { DecisionsPanel } from './decisions-panel';

vi.mock('./api', () => ({
  consoleApi: { decisions: vi.fn(), decide: vi.fn(), reviewDecision: vi.fn() },
}));

const APPLICATION = 'a0000000-0000-4000-8000-000000000001';

/** The fields of the file the panel reads (the rest of the file is the file screen's). */
const file = (step = 'OFFER_SELECTION') =>
  ({
    uuid: APPLICATION,
    step,
    underwriting: { maxLineCents: 100_000_00, reasons: ['CREDIT_SCORE_BELOW_FLOOR'] },
  }) as unknown as TApplicationFile;

const member = (email: string, permissions: TStaffSelf['permissions']): TStaffSelf => ({
  identityUuid: `id-${email}`,
  email,
  name: email,
  orgCode: 'MAIN',
  roles: [],
  permissions,
  loanOriginatorUuid: null,
});
const loanOfficer = member('lo@heloc.test', ['OPS_APP', 'APPLICATIONS_READ_ASSIGNED', 'DECISIONS_PROPOSE']);
const underwriter = member('uw@heloc.test', [
  'OPS_APP',
  'APPLICATIONS_READ_ASSIGNED',
  'DECISIONS_PROPOSE',
  'DECISIONS_APPROVE',
]);

const decision = (overrides: Partial<TStaffDecision>): TStaffDecision => ({
  uuid: 'd0000000-0000-4000-8000-000000000001',
  type: 'DECLINE',
  status: 'PROPOSED',
  details: { reasons: ['INSUFFICIENT_INCOME', 'OTHER'], otherReason: 'Trust not acceptable' },
  note: 'Income does not cover the line',
  proposedBy: 'lo@heloc.test',
  proposedAt: '2026-11-20T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  decisionNote: null,
  ...overrides,
});

function show(me: TStaffSelf, step?: string) {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DecisionsPanel file={file(step)} me={me} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeEach(() => {
  vi.mocked(consoleApi.decisions).mockReset();
  vi.mocked(consoleApi.decide).mockReset();
  vi.mocked(consoleApi.reviewDecision).mockReset();
});

describe('the Decisions panel', () => {
  it('lists decisions with their reasons in words; a proposer proposes a decline checked by the domain schema', async () => {
    vi.mocked(consoleApi.decisions).mockResolvedValue({
      items: [
        decision({}),
        decision({
          uuid: 'd2',
          type: 'COUNTER_OFFER',
          status: 'REJECTED',
          details: { maxLineCents: 80_000_00 },
          decidedBy: 'uw@heloc.test',
          decidedAt: '2026-11-21T10:00:00.000Z',
          decisionNote: 'Keep the line',
        }),
      ],
    });
    vi.mocked(consoleApi.decide).mockResolvedValue(decision({ uuid: 'd3' }));
    const user = userEvent.setup();
    show(loanOfficer);
    const items = await screen.findAllByTestId('decision');
    expect(items[0]).toHaveTextContent(
      'Reasons: Income insufficient for amount of credit requested; Other: Trust not acceptable',
    );
    expect(items[0]).toHaveTextContent('Proposed by lo@heloc.test');
    expect(items[0]).toHaveTextContent('Waiting for a different member who may approve decisions.');
    expect(items[1]).toHaveTextContent('New maximum line: $80,000');
    expect(items[1]).toHaveTextContent('Rejected by uw@heloc.test');
    expect(items[1]).toHaveTextContent('Keep the line');
    // A proposer cannot approve anything.
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();

    const form = screen.getByRole('form', { name: 'Take or propose a decision' });
    const submit = within(form).getByRole('button', { name: 'Propose decision' });
    await user.click(submit);
    expect(within(form).getByText('Choose at least one reason')).toBeVisible();
    expect(within(form).getByText('Give a reason (at least 3 characters)')).toBeVisible();
    for (const reason of [
      'Bankruptcy',
      'No credit file',
      'Length of residence',
      'Temporary residence',
      'Other',
    ])
      await user.click(within(form).getByRole('checkbox', { name: reason }));
    await user.type(within(form).getByLabelText('Note (why)'), 'Several problems');
    await user.click(submit);
    expect(within(form).getByText('At most 4 reasons')).toBeVisible();
    await user.click(within(form).getByRole('checkbox', { name: 'Temporary residence' }));
    await user.click(submit);
    expect(within(form).getByText('Say what the other reason is')).toBeVisible();
    expect(consoleApi.decide).not.toHaveBeenCalled();
    await user.type(within(form).getByLabelText(/The other reason/), 'Trust not acceptable');
    await user.click(submit);
    expect(await screen.findByRole('status')).toHaveTextContent('The decision was proposed');
    expect(consoleApi.decide).toHaveBeenCalledWith(APPLICATION, {
      type: 'DECLINE',
      reasons: ['BANKRUPTCY', 'NO_CREDIT_FILE', 'LENGTH_OF_RESIDENCE', 'OTHER'],
      otherReason: 'Trust not acceptable',
      note: 'Several problems',
    });
    // The list is read again after the change.
    expect(consoleApi.decisions).toHaveBeenCalledTimes(2);
  });

  it('an approver’s decline is taken at once, a counter-offer (in dollars) only proposed, and sees the server’s refusal in words', async () => {
    vi.mocked(consoleApi.decisions).mockResolvedValue({ items: [] });
    vi.mocked(consoleApi.decide).mockRejectedValue(
      new Error('A counter-offer must be lower than the current maximum line'),
    );
    const user = userEvent.setup();
    show(underwriter);
    expect(await screen.findByText('No decisions yet.')).toBeVisible();
    const form = screen.getByRole('form', { name: 'Take or propose a decision' });
    expect(within(form).getByRole('button', { name: 'Take decision' })).toBeVisible();
    await user.selectOptions(within(form).getByLabelText('Decision'), 'COUNTER_OFFER');
    // Out of policy: always proposed, even by an approver.
    const propose = within(form).getByRole('button', { name: 'Propose decision' });
    await user.type(within(form).getByLabelText('New maximum line (dollars)'), 'lots');
    await user.type(within(form).getByLabelText('Note (why)'), 'Lower the line');
    await user.click(propose);
    expect(within(form).getByText('Enter the new line in dollars, for example 85,000')).toBeVisible();
    await user.clear(within(form).getByLabelText('New maximum line (dollars)'));
    await user.type(within(form).getByLabelText('New maximum line (dollars)'), '$85,000.50');
    await user.click(propose);
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'A counter-offer must be lower than the current maximum line',
    );
    expect(consoleApi.decide).toHaveBeenCalledWith(APPLICATION, {
      type: 'COUNTER_OFFER',
      maxLineCents: 8_500_050,
      note: 'Lower the line',
    });
  });

  it('an approver approves or rejects (with a reason) another member’s proposal, never their own', async () => {
    vi.mocked(consoleApi.decisions).mockResolvedValue({
      items: [
        decision({}),
        decision({ uuid: 'own', proposedBy: 'uw@heloc.test', type: 'CANCEL', details: {} }),
      ],
    });
    vi.mocked(consoleApi.reviewDecision).mockResolvedValue(decision({ status: 'REJECTED' }));
    const user = userEvent.setup();
    show(underwriter);
    const [theirs, own] = await screen.findAllByTestId('decision');
    expect(within(own!).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(own).toHaveTextContent('Waiting for a different member');
    await user.click(within(theirs!).getByRole('button', { name: 'Reject' }));
    expect(within(theirs!).getByLabelText('Why it is rejected')).toHaveFocus();
    await user.click(within(theirs!).getByRole('button', { name: 'Reject decision' }));
    expect(within(theirs!).getByText('Give a reason (at least 3 characters)')).toBeVisible();
    await user.type(within(theirs!).getByLabelText('Why it is rejected'), 'Income verified since{Enter}');
    expect(consoleApi.reviewDecision).toHaveBeenCalledWith(APPLICATION, decision({}).uuid, {
      kind: 'reject',
      reason: 'Income verified since',
    });
    await user.click(await within(theirs!).findByRole('button', { name: 'Approve' }));
    expect(consoleApi.reviewDecision).toHaveBeenLastCalledWith(APPLICATION, decision({}).uuid, {
      kind: 'approve',
    });
  });

  it('shows no form and no review buttons to a member who may not decide', async () => {
    vi.mocked(consoleApi.decisions).mockResolvedValue({ items: [decision({})] });
    show(member('admin@heloc.test', ['OPS_APP', 'APPLICATIONS_READ_ASSIGNED', 'APPLICATIONS_READ']));
    await screen.findByTestId('decision');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('takes no further decisions on a complete application', async () => {
    vi.mocked(consoleApi.decisions).mockResolvedValue({ items: [decision({})] });
    show(underwriter, 'COMPLETE');
    expect(
      await screen.findByText('This application is closed: it takes no further decisions.'),
    ).toBeVisible();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('offers only a reopening on a cancelled application, taken at once by an approver', async () => {
    vi.mocked(consoleApi.decisions).mockResolvedValue({ items: [] });
    vi.mocked(consoleApi.decide).mockResolvedValue(decision({ type: 'REOPEN', status: 'APPLIED' }));
    const user = userEvent.setup();
    show(underwriter, 'CANCELLED');
    const form = await screen.findByRole('form', { name: 'Take or propose a decision' });
    const choices = within(within(form).getByLabelText('Decision')).getAllByRole('option');
    expect(choices.map((option) => option.textContent)).toEqual(['Reopen the application']);
    await user.type(within(form).getByLabelText('Note (why)'), 'The borrower is back');
    await user.click(within(form).getByRole('button', { name: 'Take decision' }));
    expect(consoleApi.decide).toHaveBeenCalledWith(APPLICATION, {
      type: 'REOPEN',
      note: 'The borrower is back',
    });
  });

  it('offers an exception on a declined application: rules as checkboxes, always proposed', async () => {
    vi.mocked(consoleApi.decisions).mockResolvedValue({ items: [] });
    vi.mocked(consoleApi.decide).mockResolvedValue(decision({ type: 'APPROVE_EXCEPTION' }));
    const user = userEvent.setup();
    show(underwriter, 'DECLINED');
    const form = await screen.findByRole('form', { name: 'Take or propose a decision' });
    const propose = within(form).getByRole('button', { name: 'Propose decision' });
    await user.type(within(form).getByLabelText('Note (why)'), 'Long on-time history');
    await user.click(propose);
    expect(within(form).getByText('Choose the rules to except')).toBeVisible();
    expect(consoleApi.decide).not.toHaveBeenCalled();
    await user.click(within(form).getByRole('checkbox', { name: 'Credit score below the floor' }));
    await user.click(propose);
    expect(consoleApi.decide).toHaveBeenCalledWith(APPLICATION, {
      type: 'APPROVE_EXCEPTION',
      rules: ['CREDIT_SCORE_BELOW_FLOOR'],
      note: 'Long on-time history',
    });
  });

  it('a valuation override asks for the value in dollars and its source', async () => {
    vi.mocked(consoleApi.decisions).mockResolvedValue({ items: [] });
    vi.mocked(consoleApi.decide).mockResolvedValue(decision({ type: 'VALUATION_OVERRIDE' }));
    const user = userEvent.setup();
    show(underwriter);
    const form = await screen.findByRole('form', { name: 'Take or propose a decision' });
    await user.selectOptions(within(form).getByLabelText('Decision'), 'VALUATION_OVERRIDE');
    await user.type(within(form).getByLabelText('Value of the home (dollars)'), 'much');
    await user.type(within(form).getByLabelText('Note (why)'), 'Repairs missed');
    const propose = within(form).getByRole('button', { name: 'Propose decision' });
    await user.click(propose);
    expect(within(form).getByText('Enter the value in dollars, for example 550,000')).toBeVisible();
    await user.clear(within(form).getByLabelText('Value of the home (dollars)'));
    await user.type(within(form).getByLabelText('Value of the home (dollars)'), '550,000');
    await user.type(within(form).getByLabelText(/Source of the value/), 'Full appraisal');
    await user.click(propose);
    expect(consoleApi.decide).toHaveBeenCalledWith(APPLICATION, {
      type: 'VALUATION_OVERRIDE',
      valueCents: 55_000_000,
      source: 'Full appraisal',
      note: 'Repairs missed',
    });
  });
});
