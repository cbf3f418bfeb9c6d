import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { IdentityPage } from './identity-page';
import { InviteSignersForm } from './invite-signers-form';
import { ResumePage } from './resume-page';

const CO = '/service-application/api/v1/application/heloc/co-deed';
const APP = '5d1c2b3a-1111-4222-8333-944445555666';
const TOKEN = 'A'.repeat(43);
const SIGNER = {
  uuid: '11111111-1111-4111-8111-111111111111',
  firstName: 'Casey',
  lastName: 'Joint',
  email: 'casey@heloc.test',
  status: 'ACCEPTED',
  loanNumber: 'HL-1',
  primaryName: 'Sandy Joint',
  property: null,
  lineAmountCents: 100_000_00,
  primaryWaiting: true,
  canRescind: false,
  rescissionDeadline: null,
};
const signerRow = (overrides: Record<string, unknown> = {}) => ({
  uuid: '33333333-3333-4333-8333-333333333333',
  firstName: 'Casey',
  lastName: 'Joint',
  email: 'casey@heloc.test',
  status: 'INVITED',
  identityUuid: null,
  invitedAt: '2026-01-05T17:00:00.000Z',
  linkExpiresAt: '2026-01-12T17:00:00.000Z',
  completedAt: null,
  ...overrides,
});
const status = (signers: unknown[]) => ({
  applicationUuid: APP,
  loanNumber: 'HL-1',
  role: 'PRIMARY',
  coDeedStatus: 'PENDING',
  signers,
});

let server: ReturnType<typeof mockApi>;
beforeEach(() => {
  localStorage.clear();
  server = mockApi();
});
afterEach(() => vi.unstubAllGlobals());

const signerRoutes = (element: React.ReactNode, path: string) => [
  { path, element },
  { path: 'heloc-signer/identity', element: <h1>identity screen</h1> },
  { path: 'heloc-signer/documents', element: <h1>documents screen</h1> },
];

describe('heloc-signer/resume', () => {
  it('shows who invited the signer, checks the password rule, accepts and signs in', async () => {
    const user = userEvent.setup();
    server
      .on(`GET ${CO}/invitations`, {
        body: {
          firstName: 'Casey',
          lastName: 'Joint',
          email: 'casey@heloc.test',
          primaryName: 'Sandy Joint',
          accountExists: false,
        },
      })
      .on(`POST ${CO}/invitations/accept`, { body: { jwt: 'signer.jwt.token' } });
    const { router } = renderRoutes({
      scope: 'app',
      url: `/heloc-signer/resume?token=${TOKEN}`,
      routes: signerRoutes(<ResumePage />, 'heloc-signer/resume'),
    });
    expect(await screen.findByText(/Sandy Joint asked you to sign/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    expect(await screen.findByLabelText(/Create a password/)).toHaveAccessibleDescription(/Required/);
    expect(server.callsTo(`POST ${CO}/invitations/accept`)).toHaveLength(0);

    await user.type(screen.getByLabelText(/Create a password/), 'Co-owner-passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/heloc-signer/identity'));
    expect(server.callsTo(`POST ${CO}/invitations/accept`)[0]!.body).toEqual({
      token: TOKEN,
      password: 'Co-owner-passw0rd!',
    });
    expect(localStorage.getItem('jwt')).toContain('signer.jwt.token');
  });

  it('asks an existing signer for their password and shows a wrong one', async () => {
    const user = userEvent.setup();
    server
      .on(`GET ${CO}/invitations`, {
        body: {
          firstName: 'Casey',
          lastName: 'Joint',
          email: 'casey@heloc.test',
          primaryName: 'Sandy Joint',
          accountExists: true,
        },
      })
      .on(`POST ${CO}/invitations/accept`, {
        status: 401,
        body: { message: 'Invalid email or password' },
      });
    renderRoutes({
      scope: 'app',
      url: `/heloc-signer/resume?token=${TOKEN}`,
      routes: signerRoutes(<ResumePage />, 'heloc-signer/resume'),
    });
    await user.type(await screen.findByLabelText(/^Password/), 'wrong-Password-1');
    await user.click(screen.getByRole('button', { name: 'Log in and accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(localStorage.getItem('jwt')).toBeNull();
  });

  it('asks an existing signer with two-factor on for the authenticator code', async () => {
    const user = userEvent.setup();
    server
      .on(`GET ${CO}/invitations`, {
        body: {
          firstName: 'Casey',
          lastName: 'Joint',
          email: 'casey@heloc.test',
          primaryName: 'Sandy Joint',
          accountExists: true,
        },
      })
      .on(
        `POST ${CO}/invitations/accept`,
        {
          status: 401,
          body: {
            message: 'Enter the 6-digit code from your authenticator app',
            details: { twoFactorRequired: true },
          },
        },
        { body: { jwt: 'signer.jwt.token' } },
      );
    const { router } = renderRoutes({
      scope: 'app',
      url: `/heloc-signer/resume?token=${TOKEN}`,
      routes: signerRoutes(<ResumePage />, 'heloc-signer/resume'),
    });
    await user.type(await screen.findByLabelText(/^Password/), 'Co-owner-passw0rd!');
    await user.click(screen.getByRole('button', { name: 'Log in and accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code');
    await user.type(await screen.findByLabelText(/Authenticator code/), '123456');
    await user.click(screen.getByRole('button', { name: 'Log in and accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/heloc-signer/identity'));
    expect(server.callsTo(`POST ${CO}/invitations/accept`)[1]!.body).toEqual({
      token: TOKEN,
      password: 'Co-owner-passw0rd!',
      totpCode: '123456',
    });
  });

  it('says an expired link cannot be used, and a malformed one without asking', async () => {
    server.on(`GET ${CO}/invitations`, {
      status: 404,
      body: { message: 'This link has expired. Ask the borrower to send a new invitation.' },
    });
    const view = renderRoutes({
      scope: 'app',
      url: `/heloc-signer/resume?token=${TOKEN}`,
      routes: signerRoutes(<ResumePage />, 'heloc-signer/resume'),
    });
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('This link has expired');
    view.unmount();

    renderRoutes({
      scope: 'app',
      url: '/heloc-signer/resume?token=short',
      routes: signerRoutes(<ResumePage />, 'heloc-signer/resume'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is not valid');
    expect(server.callsTo(`GET ${CO}/invitations`)).toHaveLength(1);
  });
});

describe('heloc-signer/identity', () => {
  beforeEach(() => localStorage.setItem('jwt', 'signer.jwt.token'));

  it('validates, sends the birthdate as an ISO date and shows the server’s field error', async () => {
    const user = userEvent.setup();
    server.on(`GET ${CO}/signer`, { body: SIGNER }).on(
      `POST ${CO}/signer/identity`,
      {
        status: 400,
        body: {
          message: 'Your last name must match the name on title',
          details: [{ path: 'lastName', message: 'Must match the name on title' }],
        },
      },
      { body: { ...SIGNER, status: 'IDENTITY_VERIFIED' } },
    );
    const { router } = renderRoutes({
      scope: 'app',
      url: '/heloc-signer/identity',
      routes: signerRoutes(<IdentityPage />, 'heloc-signer/identity'),
    });
    expect(await screen.findByLabelText(/Last name/)).toHaveValue('Joint');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText(/Birthdate/)).toHaveAccessibleDescription(/Required/);
    await waitFor(() => expect(screen.getByLabelText(/Birthdate/)).toHaveFocus());

    await user.type(screen.getByLabelText(/Birthdate/), '03/15/1982');
    await user.type(screen.getByLabelText(/Mobile phone/), '(415) 555-0111');
    await user.clear(screen.getByLabelText(/Last name/));
    await user.type(screen.getByLabelText(/Last name/), 'Other');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText(/Last name/)).toHaveAccessibleDescription(
      /Must match the name on title/,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Must match the name on title');

    await user.clear(screen.getByLabelText(/Last name/));
    await user.type(screen.getByLabelText(/Last name/), 'Joint');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/heloc-signer/documents'));
    expect(server.callsTo(`POST ${CO}/signer/identity`)[1]!.body).toEqual({
      firstName: 'Casey',
      lastName: 'Joint',
      dob: '1982-03-15',
      phoneNumber: '4155550111',
    });
  });

  it('sends a cancelled signer to heloc-signer/cancelled', async () => {
    server.on(`GET ${CO}/signer`, { body: { ...SIGNER, status: 'CANCELLED' } });
    const { router } = renderRoutes({
      scope: 'app',
      url: '/heloc-signer/identity',
      routes: [
        ...signerRoutes(<IdentityPage />, 'heloc-signer/identity'),
        { path: 'heloc-signer/cancelled', element: <h1>cancelled</h1> },
      ],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/heloc-signer/cancelled'));
  });
});

describe('InviteSignersForm', () => {
  beforeEach(() => localStorage.setItem('jwt', 'primary.jwt.token'));
  const INVITE = `POST /service-application/api/v1/application/heloc/${APP}/co-deed/invitations`;

  it('invites each owner by name and e-mail, re-sends and cancels', async () => {
    const user = userEvent.setup();
    const casey = signerRow();
    server
      .on(`GET ${CO}/status`, { body: status([]) })
      .on(INVITE, { body: status([casey]) })
      .on(`DELETE /service-application/api/v1/application/heloc/${APP}/co-deed/invitations/${casey.uuid}`, {
        body: status([{ ...casey, status: 'CANCELLED', linkExpiresAt: null }]),
      });
    renderRoutes({
      scope: 'app',
      url: '/x',
      routes: [{ path: 'x', element: <InviteSignersForm applicationUuid={APP} /> }],
    });

    await user.click(await screen.findByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByLabelText(/First name/)).toHaveAccessibleDescription(/Required/);
    expect(server.callsTo(INVITE)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Add another owner' }));
    const first = screen.getAllByLabelText(/First name/);
    const last = screen.getAllByLabelText(/Last name/);
    const email = screen.getAllByLabelText(/E-mail/);
    for (const index of [0, 1]) {
      await user.type(first[index]!, 'Casey');
      await user.type(last[index]!, 'Joint');
      await user.type(email[index]!, 'casey@heloc.test');
    }
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));
    expect(await screen.findByText('Each signer needs their own email')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove owner 2' }));
    await user.click(screen.getByRole('button', { name: 'Send invitations' }));

    const row = await screen.findByRole('row', { name: /Casey Joint/ });
    expect(row).toHaveTextContent('Invitation sent');
    expect(server.callsTo(INVITE)[0]!.body).toEqual({
      signers: [{ firstName: 'Casey', lastName: 'Joint', email: 'casey@heloc.test' }],
    });

    await user.click(screen.getByRole('button', { name: 'Re-send the invitation to Casey Joint' }));
    expect(await screen.findByText(/A new link was sent to casey@heloc.test/)).toBeInTheDocument();
    expect(server.callsTo(INVITE)).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Cancel the invitation of Casey Joint' }));
    await waitFor(() =>
      expect(screen.getByRole('row', { name: /Casey Joint/ })).toHaveTextContent('Invitation cancelled'),
    );
    expect(screen.queryByRole('button', { name: /Re-send/ })).not.toBeInTheDocument();
  });
});
