/** Account recovery screens (issue 19): forgot password, the reset link, back to log in with a notice. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_FORGOT_ANSWER, PASSWORD_MESSAGES, PASSWORD_RESET_LINK_INVALID } from '@heloc/domain';
import { setUnauthenticatedHandler } from '@/lib/api-client';
import { mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { ForgotPasswordPage } from './forgot-password-page';
import { LoginPage } from './login-page';
import { ResetPasswordPage } from './reset-password-page';

const FORGOT = 'POST /identity/api/v1/password/forgot';
const RESET = 'POST /identity/api/v1/password/reset';
const TOKEN = 'a'.repeat(43);

function render(url: string) {
  return renderRoutes({
    routes: [
      { path: '/auth/login', Component: () => <LoginPage brandName="Acme Lending" registerLink="Apply" /> },
      { path: '/auth/forgot-password', Component: () => <ForgotPasswordPage brandName="Acme Lending" /> },
      { path: '/auth/reset-password', Component: ResetPasswordPage },
    ],
    scope: 'host',
    url,
  });
}

beforeEach(() => {
  setUnauthenticatedHandler(() => {
    throw new Error('recovery calls must not trigger the sign-out redirect');
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setUnauthenticatedHandler(null);
});

describe('/auth/login', () => {
  it('links to forgot password', async () => {
    mockApi();
    render('/auth/login');
    expect(await screen.findByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
    expect(screen.queryByText('Your password was changed')).not.toBeInTheDocument();
  });

  it('says the password was changed after a reset', async () => {
    mockApi();
    render('/auth/login?passwordReset=1');
    expect(await screen.findByRole('status')).toHaveTextContent('Log in with your new password.');
  });
});

describe('/auth/forgot-password', () => {
  it('checks the e-mail, sends it and shows the server’s one answer', async () => {
    const api = mockApi().on(FORGOT, { status: 202, body: { message: PASSWORD_FORGOT_ANSWER } });
    const user = userEvent.setup();
    render('/auth/forgot-password');
    const email = await screen.findByLabelText(/^Email/);
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(email).toHaveAccessibleDescription('Required');
    await waitFor(() => expect(email).toHaveFocus());
    await user.type(email, 'Someone@Example.test{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(PASSWORD_FORGOT_ANSWER);
    expect(api.callsTo(FORGOT)[0]?.body).toEqual({ email: 'Someone@Example.test' });
  });
});

describe('/auth/reset-password', () => {
  it('checks the new password with the registration rule, saves it and goes to log in', async () => {
    const api = mockApi().on(RESET, { status: 204 });
    const user = userEvent.setup();
    render(`/auth/reset-password?token=${TOKEN}`);
    const password = await screen.findByLabelText(/^New password/);
    await user.type(password, 'short{Enter}');
    expect(password).toHaveAccessibleDescription(new RegExp(PASSWORD_MESSAGES.tooShort));
    expect(api.callsTo(RESET)).toHaveLength(0);
    await user.clear(password);
    await user.type(password, 'Brand-new-passw0rd{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent('Log in with your new password.');
    expect(api.callsTo(RESET)[0]?.body).toEqual({ token: TOKEN, password: 'Brand-new-passw0rd' });
  });

  it('says a used or expired link cannot be used and offers a new one', async () => {
    mockApi().on(RESET, {
      status: 400,
      body: {
        status: 400,
        message: PASSWORD_RESET_LINK_INVALID,
        details: [{ path: 'body.token', message: PASSWORD_RESET_LINK_INVALID }],
      },
    });
    const user = userEvent.setup();
    render(`/auth/reset-password?token=${TOKEN}`);
    await user.type(await screen.findByLabelText(/^New password/), 'Brand-new-passw0rd{Enter}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/auth/forgot-password',
    );
  });

  it('refuses a missing or malformed token without calling the server', async () => {
    const api = mockApi();
    render('/auth/reset-password?token=nope');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(api.calls).toHaveLength(0));
  });
});
