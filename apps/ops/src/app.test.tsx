import { MantineProvider } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TChatSocketEvent, TDeskConversation, TStaffSelf } from '@heloc/domain';
import { App } from './app';
import { clearToken, desk, storedToken } from './api';
import { consoleApi } from './console/api';
import type * as ConsoleApiModule from './console/api';

vi.mock('./api', () => ({
  DeskError: class extends Error {},
  errorFlag: () => false,
  storedToken: vi.fn(() => 'staff-jwt'),
  clearToken: vi.fn(),
  desk: {
    signIn: vi.fn(),
    me: vi.fn(),
    staff: vi.fn(),
    invite: vi.fn(),
    setDisabled: vi.fn(),
    agentToken: vi.fn(),
    list: vi.fn(),
    conversation: vi.fn(),
    end: vi.fn(),
    accept: vi.fn(),
    send: vi.fn(),
    signOut: vi.fn(),
    socketUrl: () => 'ws://desk.test/ws',
  },
}));

vi.mock('./console/api', async (importOriginal) => ({
  ...(await importOriginal<typeof ConsoleApiModule>()),
  consoleApi: {
    pipeline: vi.fn(),
    file: vi.fn(),
    timeline: vi.fn(),
    document: vi.fn(),
    changeCondition: vi.fn(),
    decisions: vi.fn().mockResolvedValue({ items: [] }),
    decide: vi.fn(),
    reviewDecision: vi.fn(),
    views: vi.fn().mockResolvedValue({ items: [] }),
    saveView: vi.fn(),
    deleteView: vi.fn(),
  },
}));

/** The desk's websocket, driven by the test instead of a server. */
class FakeSocket {
  static last: FakeSocket | null = null;
  static readonly OPEN = 1;
  readyState = 1;
  onmessage: ((message: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor() {
    FakeSocket.last = this;
  }
  deliver(event: TChatSocketEvent) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  send() {}
  close() {}
}

const active: TDeskConversation = {
  conversationSid: 'c0ffee00-0000-4000-8000-000000000001',
  status: 'ACTIVE',
  friendlyName: 'Dana Demo',
  emailAddress: 'demo@heloc.test',
  orgCode: 'MAIN',
  orgName: 'Harborline',
  skill: 'FHEL',
  pageUrl: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  acceptedAt: '2026-11-21T10:01:00.000Z',
  agentName: 'Ops',
  targetAgentUuid: null,
  signedIn: true,
  application: null,
};

const agentSelf: TStaffSelf = {
  identityUuid: 'a0000000-0000-4000-8000-000000000001',
  email: 'ops@heloc.test',
  name: 'Ops',
  orgCode: 'MAIN',
  roles: ['AGENT'],
  permissions: ['OPS_APP', 'CHAT_DESK'],
  loanOriginatorUuid: null,
};

beforeEach(() => {
  // Each test starts at the console's root (sections keep their own addresses).
  window.history.replaceState(null, '', '/');
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.mocked(desk.me).mockResolvedValue(agentSelf);
  vi.mocked(desk.agentToken).mockResolvedValue({ token: 'chat-token', expiration: 0, agentName: 'Ops' });
  vi.mocked(desk.conversation).mockResolvedValue({
    conversationSid: active.conversationSid,
    status: 'ACTIVE',
    agentName: 'Ops',
    hasMore: false,
    messages: [
      {
        sid: 'm1',
        role: 'customer',
        author: 'Dana Demo',
        body: 'Can I raise my line later?',
        media: [],
        dateCreated: '2026-11-21T10:00:00.000Z',
      },
    ],
  });
  vi.mocked(desk.end).mockResolvedValue(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('agent desk', () => {
  it('keeps an ended chat on screen with its notice after the queue drops it', async () => {
    // The first read of the queue has the agent's chat; once it ends, the queue no longer lists it.
    const queueAfterEnd = Promise.resolve([]);
    vi.mocked(desk.list).mockResolvedValueOnce([active]).mockReturnValue(queueAfterEnd);
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <App />
      </MantineProvider>,
    );
    await user.click(await screen.findByRole('button', { name: /Dana Demo/ }));
    const log = await screen.findByRole('log', { name: 'Messages' });
    await within(log).findByText('Can I raise my line later?');

    await user.click(screen.getByRole('button', { name: 'End chat' }));
    expect(await screen.findByText('This chat has ended.')).toBeVisible();
    // Then the server's queue change arrives and the desk reads the queue again, without the chat.
    act(() => FakeSocket.last?.deliver({ type: 'queue', conversationSid: active.conversationSid }));
    await act(async () => {
      await queueAfterEnd;
    });
    expect(desk.list).toHaveBeenCalledTimes(2);

    expect(await screen.findByText('This chat has ended.')).toBeVisible();
    expect(screen.getByRole('log', { name: 'Messages' })).toHaveTextContent('Can I raise my line later?');
    expect(screen.queryByText('Select a chat.')).toBeNull();
    expect(desk.end).toHaveBeenCalledWith('chat-token', active.conversationSid);
  });
});

describe('the console shows only what the roles allow', () => {
  it('a processor gets the applications, no chat desk and no staff screen', async () => {
    vi.mocked(desk.me).mockResolvedValue({
      ...agentSelf,
      roles: ['PROCESSOR'],
      permissions: [
        'OPS_APP',
        'APPLICATIONS_READ_ASSIGNED',
        'APPLICATIONS_READ',
        'CONDITIONS_RAISE',
        'MAIL_OUTBOX_READ',
      ],
    });
    vi.mocked(consoleApi.pipeline).mockResolvedValue({ items: [], nextCursor: null });
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <App />
      </MantineProvider>,
    );
    const sections = await screen.findByRole('navigation', { name: 'Sections' });
    expect(
      within(sections)
        .getAllByRole('button')
        .map((b) => b.textContent),
      // MAIL_OUTBOX_READ: the outbox viewer (issue 19).
    ).toEqual(['Overview', 'Applications', 'E-mail']);
    // The pipeline is where they land.
    expect(await screen.findByText('No applications match these filters.')).toBeVisible();
    expect(window.location.pathname).toBe('/');
    await user.click(within(sections).getByRole('button', { name: 'Overview' }));
    expect(window.location.pathname).toBe('/ops/overview');
    expect(screen.getByTestId('staff-permissions')).toHaveTextContent(
      'Raise, clear, waive and reopen conditions',
    );
    expect(desk.agentToken).not.toHaveBeenCalled();
  });

  it('an organisation admin and agent gets chats and staff', async () => {
    vi.mocked(desk.me).mockResolvedValue({
      ...agentSelf,
      roles: ['ORG_ADMIN', 'AGENT'],
      permissions: ['OPS_APP', 'CHAT_DESK', 'STAFF_MANAGE'],
    });
    vi.mocked(desk.list).mockResolvedValue([]);
    vi.mocked(desk.staff).mockResolvedValue([]);
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <App />
      </MantineProvider>,
    );
    const sections = await screen.findByRole('navigation', { name: 'Sections' });
    expect(
      within(sections)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Overview', 'Chats', 'Staff']);
    await user.click(within(sections).getByRole('button', { name: 'Staff' }));
    expect(await screen.findByRole('table', { name: 'Staff members' })).toBeVisible();
  });

  it('an organisation admin invites into their organisation and disables a member', async () => {
    vi.mocked(desk.me).mockResolvedValue({
      ...agentSelf,
      roles: ['ORG_ADMIN'],
      permissions: ['OPS_APP', 'STAFF_MANAGE'],
    });
    const member = {
      identityUuid: 'b0000000-0000-4000-8000-000000000002',
      email: 'agent@heloc.test',
      orgCode: 'MAIN',
      roles: ['AGENT' as const],
      disabled: false,
      twoFactorEnabled: false,
      loanOriginatorUuid: null,
      createdAt: '2026-11-21T10:00:00.000Z',
    };
    vi.mocked(desk.staff).mockResolvedValue([member]);
    vi.mocked(desk.invite).mockResolvedValue(null);
    vi.mocked(desk.setDisabled).mockResolvedValue({ ...member, disabled: true });
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <App />
      </MantineProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Staff' }));
    // No organisation field: an organisation's admin invites into their own.
    expect(screen.queryByLabelText('Organisation code')).toBeNull();
    await user.type(screen.getByLabelText('Email'), 'new@heloc.test');
    await user.click(screen.getByRole('checkbox', { name: 'PROCESSOR' }));
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Invitation sent to new@heloc.test.');
    expect(desk.invite).toHaveBeenCalledWith('new@heloc.test', ['AGENT', 'PROCESSOR'], undefined);
    // The change is written, then the list read again (not patched on screen).
    vi.mocked(desk.staff).mockResolvedValue([{ ...member, disabled: true }]);
    await user.click(screen.getByRole('button', { name: 'Disable agent@heloc.test' }));
    expect(desk.setDisabled).toHaveBeenCalledWith(member.identityUuid, true);
    const table = screen.getByRole('table', { name: 'Staff members' });
    expect(await within(table).findByText('Disabled')).toBeVisible();
    expect(desk.staff).toHaveBeenCalledTimes(2);
  });
});

describe('the session', () => {
  it('an expired stored sign-in shows the sign-in form; signing in reads who is signed in again', async () => {
    vi.mocked(desk.me).mockRejectedValueOnce(new Error('Sign in again')).mockResolvedValue(agentSelf);
    vi.mocked(desk.signIn).mockResolvedValue(undefined);
    vi.mocked(desk.list).mockResolvedValue([]);
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <App />
      </MantineProvider>,
    );
    expect(await screen.findByRole('heading', { name: 'Lender console sign in' })).toBeVisible();
    expect(clearToken).toHaveBeenCalled();
    // The failed resume says nothing: the form is the answer.
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(screen.getByLabelText('Email'), 'ops@heloc.test');
    await user.type(screen.getByLabelText('Password'), 'Ops-password-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Signed in as Ops · MAIN')).toBeVisible();
    expect(desk.signIn).toHaveBeenCalledWith('ops@heloc.test', 'Ops-password-1', undefined);
    expect(desk.me).toHaveBeenCalledTimes(2);
  });

  it('without a stored sign-in the form shows at once, and signing in opens the console', async () => {
    vi.mocked(storedToken).mockReturnValueOnce(null);
    vi.mocked(desk.signIn).mockResolvedValue(undefined);
    vi.mocked(desk.list).mockResolvedValue([]);
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <App />
      </MantineProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Lender console sign in' })).toBeVisible();
    expect(desk.me).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Email'), 'ops@heloc.test');
    await user.type(screen.getByLabelText('Password'), 'Ops-password-1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Signed in as Ops · MAIN')).toBeVisible();
    expect(desk.me).toHaveBeenCalledTimes(1);
  });

  it('signing out forgets the member and shows the sign-in form', async () => {
    vi.mocked(desk.list).mockResolvedValue([]);
    vi.mocked(desk.signOut).mockResolvedValue(undefined);
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <App />
      </MantineProvider>,
    );
    expect(await screen.findByText('Signed in as Ops · MAIN')).toBeVisible();
    await user.click(screen.getAllByRole('button', { name: 'Sign out' })[0]!);
    expect(await screen.findByRole('heading', { name: 'Lender console sign in' })).toBeVisible();
    expect(clearToken).toHaveBeenCalled();
    expect(desk.me).toHaveBeenCalledTimes(1);
  });
});

describe('the pipeline and the application file', () => {
  const loanOfficer: TStaffSelf = {
    ...agentSelf,
    roles: ['LOAN_OFFICER'],
    permissions: ['OPS_APP', 'APPLICATIONS_READ_ASSIGNED'],
    loanOriginatorUuid: '7c1a2b3c-0000-4000-8000-000000000001',
  };
  const row = (n: number) => ({
    uuid: `a0000000-0000-4000-8000-00000000000${n}`,
    orgCode: 'MAIN',
    loanNumber: `100000000${n}`,
    borrowerName: `Borrower ${n}`,
    email: `b${n}@example.com`,
    propertyState: 'CA',
    propertyCity: 'Fresno',
    amountCents: 5_000_000,
    step: 'OFFER_SELECTION',
    stepLabel: 'Offer selection',
    stepGroup: 'OFFER' as const,
    stepChangedAt: '2026-11-20T10:00:00.000Z',
    daysInStep: 3,
    loanOfficer: { uuid: loanOfficer.loanOriginatorUuid!, name: 'Jordan Reyes' },
    openConditions: n,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
  });

  it('a loan officer lands on their pipeline, loads more by cursor, searches and opens a file', async () => {
    vi.mocked(desk.me).mockResolvedValue(loanOfficer);
    vi.mocked(consoleApi.pipeline).mockImplementation(async (search) => {
      const params = new URLSearchParams(search);
      if (params.get('q') === 'Borrower 2') return { items: [row(2)], nextCursor: null };
      return params.get('cursor') === 'page-2'
        ? { items: [row(2)], nextCursor: null }
        : { items: [row(1)], nextCursor: 'page-2' };
    });
    vi.mocked(consoleApi.file).mockRejectedValue(new Error('Application not found'));
    vi.mocked(consoleApi.timeline).mockResolvedValue({ items: [] });
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <App />
      </MantineProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Applications' });
    expect(await within(table).findByText('Borrower 1')).toBeVisible();
    expect(screen.getByText('Showing your own borrowers.')).toBeVisible();
    // Their own originator record is asked for by default.
    expect(new URLSearchParams(vi.mocked(consoleApi.pipeline).mock.calls[0]![0]).get('loanOfficer')).toBe(
      loanOfficer.loanOriginatorUuid,
    );
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Borrower 2')).toBeVisible();
    expect(within(table).getByText('Borrower 1')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.type(screen.getByLabelText('Search', { exact: false }), 'Borrower 2{Enter}');
    expect(await within(table).findByText('Borrower 2')).toBeVisible();
    expect(within(table).queryByText('Borrower 1')).toBeNull();

    await user.click(within(table).getByRole('link', { name: 'Borrower 2' }));
    expect(window.location.pathname).toBe(`/ops/applications/${row(2).uuid}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Application not found');
    expect(consoleApi.file).toHaveBeenCalledWith(row(2).uuid);
  });

  it('a saved view applies its filters; the applied filters are saved under a name', async () => {
    vi.mocked(desk.me).mockResolvedValue(loanOfficer);
    vi.mocked(consoleApi.pipeline).mockResolvedValue({ items: [], nextCursor: null });
    vi.mocked(consoleApi.views).mockResolvedValue({
      items: [
        {
          uuid: 'v1',
          name: 'Texas, stalled',
          query: 'state=TX&stalledDays=7&sort=amount&dir=asc',
          createdAt: '2026-11-20T10:00:00.000Z',
        },
      ],
    });
    vi.mocked(consoleApi.saveView).mockResolvedValue({
      uuid: 'v2',
      name: 'Mine',
      query: '',
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    const user = userEvent.setup();
    render(
      <MantineProvider>
        <App />
      </MantineProvider>,
    );
    const select = await screen.findByLabelText('Saved view');
    await screen.findByRole('option', { name: 'Texas, stalled' });
    await user.selectOptions(select, 'v1');
    const last = () => new URLSearchParams(vi.mocked(consoleApi.pipeline).mock.calls.at(-1)![0]);
    await vi.waitFor(() => expect(last().get('state')).toBe('TX'), { timeout: 5_000 });
    expect(last().get('stalledDays')).toBe('7');
    expect(last().get('sort')).toBe('amount');
    expect(screen.getByLabelText('Property state')).toHaveValue('TX');

    await user.click(screen.getByRole('button', { name: 'Save view' }));
    expect(await screen.findByText('Required')).toBeVisible();
    await user.type(screen.getByLabelText('Save the applied filters as'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save view' }));
    await vi.waitFor(() => expect(consoleApi.saveView).toHaveBeenCalled(), { timeout: 5_000 });
    const [name, query] = vi.mocked(consoleApi.saveView).mock.calls[0]!;
    expect(name).toBe('Mine');
    expect(new URLSearchParams(query).get('state')).toBe('TX');
    expect(new URLSearchParams(query).has('limit')).toBe(false);
  });
});
