import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthenticatedHandler } from '@/lib/api-client';
import { browserLocation } from '@/lib/browser-location';
import { IDENTITY_FIXTURE, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { LoginPage } from './login-page';

const LOGIN = 'POST /identity/api/v1/login';

function renderLogin(url = '/auth/login') {
  return renderRoutes({
    routes: [
      { path: '/auth/login', Component: () => <LoginPage brandName="Acme Lending" registerLink="Apply" /> },
    ],
    scope: 'host',
    url,
  });
}

const form = () => within(screen.getByRole('form', { name: 'Log in' }));
const emailInput = () => form().getByLabelText(/^Email/);
const passwordInput = () => form().getByLabelText(/^Password/);

beforeEach(() => {
  vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  setUnauthenticatedHandler(() => {
    throw new Error('the login call must not trigger the sign-out redirect');
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setUnauthenticatedHandler(null);
});

describe('/auth/login', () => {
  it('shows "Required" under empty fields and focuses the first one', async () => {
    const api = mockApi();
    const user = userEvent.setup();
    renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(emailInput()).toHaveAccessibleDescription('Required');
    expect(passwordInput()).toHaveAccessibleDescription('Required');
    await waitFor(() => expect(emailInput()).toHaveFocus());
    expect(api.calls).toHaveLength(0);
  });

  it('checks the e-mail and clears the message once it is fixed', async () => {
    mockApi();
    const user = userEvent.setup();
    renderLogin();
    await user.type(await screen.findByLabelText(/^Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(emailInput()).toHaveAccessibleDescription('Please enter a valid email address');
    await user.type(emailInput(), '@example.test');
    expect(emailInput()).not.toHaveAttribute('aria-invalid');
  });

  it('signs in, stores the token and goes to an allowed redirectUrl', async () => {
    const api = mockApi().on(LOGIN, { body: { jwt: 'new.jwt.token' } });
    const user = userEvent.setup();
    renderLogin('/auth/login?redirectUrl=%2Fdashboard%2Fsettings');
    await user.type(await screen.findByLabelText(/^Email/), 'Demo@Heloc.test');
    await user.type(passwordInput(), 'Demo-password-1{Enter}');
    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith('/dashboard/settings'));
    expect(localStorage.getItem('jwt')).toBe('Bearer new.jwt.token');
    expect(api.callsTo(LOGIN)[0]?.body).toEqual({ email: 'Demo@Heloc.test', password: 'Demo-password-1' });
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil'])(
    'goes to the dashboard instead of the hostile redirectUrl %s',
    async (hostile) => {
      mockApi().on(LOGIN, { body: { jwt: 'token' } });
      const user = userEvent.setup();
      renderLogin(`/auth/login?redirectUrl=${encodeURIComponent(hostile)}`);
      await user.type(await screen.findByLabelText(/^Email/), 'demo@heloc.test');
      await user.type(passwordInput(), 'Demo-password-1{Enter}');
      await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith('/dashboard'));
    },
  );

  it('shows a wrong password inline and stays', async () => {
    mockApi().on(LOGIN, { status: 401, body: { status: 401, message: 'Invalid email or password' } });
    const user = userEvent.setup();
    renderLogin();
    await user.type(await screen.findByLabelText(/^Email/), 'demo@heloc.test');
    await user.type(passwordInput(), 'wrong{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(browserLocation.assign).not.toHaveBeenCalled();
    expect(localStorage.getItem('jwt')).toBeNull();
  });

  it('asks for the 6-digit code when the server needs it, then sends it', async () => {
    const api = mockApi().on(
      LOGIN,
      {
        status: 401,
        body: {
          status: 401,
          message: 'Enter the 6-digit code from your authenticator app',
          details: { twoFactorRequired: true },
        },
      },
      { body: { jwt: 'token' } },
    );
    const user = userEvent.setup();
    renderLogin();
    expect(form().queryByLabelText(/6-digit code/)).not.toBeInTheDocument();
    await user.type(await screen.findByLabelText(/^Email/), 'demo@heloc.test');
    await user.type(passwordInput(), 'Demo-password-1{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Enter the 6-digit code from your authenticator app.',
    );
    const code = await form().findByLabelText(/^6-digit code/);
    await waitFor(() => expect(code).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(code).toHaveAccessibleDescription(/Required/);
    await user.type(code, '12ab');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(code).toHaveAccessibleDescription(/Enter the 6-digit code/);

    await user.clear(code);
    await user.type(code, '123456{Enter}');
    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith('/dashboard'));
    expect(api.callsTo(LOGIN)[1]?.body).toEqual({
      email: 'demo@heloc.test',
      password: 'Demo-password-1',
      totpCode: '123456',
    });
  });

  it('shows the development login toolbar in development, with its own failure text', async () => {
    mockApi()
      .on(LOGIN, { status: 401, body: { status: 401, message: 'Invalid email or password' } })
      .on('GET /identity/secure/api/v1/identity', {
        status: 401,
        body: { status: 401, message: 'Unauthenticated' },
      });
    const user = userEvent.setup();
    renderLogin();
    const toolbar = within(await screen.findByRole('region', { name: 'Developer login' }));
    await user.type(toolbar.getByLabelText('Dev password'), 'nope');
    await user.click(toolbar.getByRole('button', { name: 'Dev log in' }));
    expect(await toolbar.findByRole('alert')).toHaveTextContent(
      'Something unexpected happened logging you in.',
    );

    await user.type(toolbar.getByLabelText('Paste a jwt'), 'pasted.jwt');
    await user.click(toolbar.getByRole('button', { name: 'Use jwt' }));
    await waitFor(() => expect(localStorage.getItem('jwt')).toBeNull());
    expect(browserLocation.assign).not.toHaveBeenCalled();
  });

  it('the toolbar takes a pasted jwt the server accepts', async () => {
    mockApi().on('GET /identity/secure/api/v1/identity', { body: IDENTITY_FIXTURE });
    const user = userEvent.setup();
    renderLogin();
    const toolbar = within(await screen.findByRole('region', { name: 'Developer login' }));
    await user.type(toolbar.getByLabelText('Paste a jwt'), 'pasted.jwt');
    await user.click(toolbar.getByRole('button', { name: 'Use jwt' }));
    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith('/dashboard'));
    expect(localStorage.getItem('jwt')).toBe('Bearer pasted.jwt');
  });

  it.each([
    ['/auth/login', '/account/heloc/heloc-signer/identity'],
    [
      '/auth/login?redirectUrl=%2Faccount%2Fheloc%2Fheloc-signer%2Fdocuments',
      '/account/heloc/heloc-signer/documents',
    ],
    [
      '/auth/login?redirectUrl=%2Faccount%2Fheloc%2F5d1c2b3a-1111-4222-8333-944445555666%2Fstart%2Fprofile',
      '/account/heloc/heloc-signer/identity',
    ],
  ])('a signer (CO_DEEDER) signing in at %s continues in the signer flow: %s', async (url, target) => {
    mockApi()
      .on(LOGIN, { body: { jwt: 'token' } })
      .on('GET /identity/secure/api/v1/identity', {
        body: { ...IDENTITY_FIXTURE, profileType: 'CO_DEEDER' },
      });
    const user = userEvent.setup();
    renderLogin(url);
    await user.type(await screen.findByLabelText(/^Email/), 'signer@heloc.test');
    await user.type(passwordInput(), 'Signer-password-1{Enter}');
    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith(target));
  });

  it('a borrower signing in keeps the redirectUrl', async () => {
    mockApi()
      .on(LOGIN, { body: { jwt: 'token' } })
      .on('GET /identity/secure/api/v1/identity', { body: IDENTITY_FIXTURE });
    const user = userEvent.setup();
    renderLogin('/auth/login?redirectUrl=%2Faccount%2Fheloc%2Fregister%2Fsupport');
    await user.type(await screen.findByLabelText(/^Email/), 'demo@heloc.test');
    await user.type(passwordInput(), 'Demo-password-1{Enter}');
    await waitFor(() =>
      expect(browserLocation.assign).toHaveBeenCalledWith('/account/heloc/register/support'),
    );
  });
});
