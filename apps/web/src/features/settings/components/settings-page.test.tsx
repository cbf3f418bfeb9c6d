import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthenticatedHandler } from '@/lib/api-client';
import { IDENTITY_FIXTURE, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { validatePasswordChange } from './password-section';
import { validateProfile } from './profile-section';
import { SettingsPage } from './settings-page';
import { codeProblem } from './two-factor-section';

const IDENTITY = 'GET /identity/secure/api/v1/identity';
const PROFILE = 'GET /service-profile/api/v1/profile';
const MAIL_PREFERENCES = 'GET /identity/secure/api/v1/mail-preferences';

const PROFILE_FIXTURE = {
  uuid: IDENTITY_FIXTURE.uuid,
  name: {
    uuid: '1a2b3c4d-1111-4222-8333-944445555666',
    firstName: 'Marge',
    middleName: null,
    lastName: 'Simpson',
    suffix: null,
  },
  dob: '1980-03-19',
  email: IDENTITY_FIXTURE.email,
  phoneNumbers: [{ uuid: '2a2b3c4d-1111-4222-8333-944445555666', number: '5551234567', primary: true }],
  addresses: [],
  hasSsn: false,
  type: 'BORROWER',
  account: null,
  authorizedWallet: null,
};

function renderSettings(identity: Record<string, unknown> = IDENTITY_FIXTURE) {
  const api = mockApi()
    .on(IDENTITY, { body: identity })
    .on(PROFILE, { body: PROFILE_FIXTURE })
    .on(MAIL_PREFERENCES, { body: { reminders: true } });
  const view = renderRoutes({
    routes: [{ path: '/dashboard/settings', Component: SettingsPage }],
    scope: 'host',
    url: '/dashboard/settings',
  });
  return { api, ...view };
}

const section = (name: string) => within(screen.getByRole('region', { name }));

beforeEach(() => {
  setUnauthenticatedHandler(() => {});
  localStorage.setItem('jwt', 'token');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setUnauthenticatedHandler(null);
});

describe('settings rules', () => {
  it('profile: names and phone required, phone in an accepted form', () => {
    const values = { firstName: '', middleName: '', lastName: 'S', suffix: '', phoneNumber: '12' };
    expect(validateProfile(values)).toEqual({
      firstName: 'Required',
      phoneNumber: 'Please enter a valid phone number',
    });
    expect(validateProfile({ ...values, firstName: 'M', phoneNumber: '+15551234567' })).toEqual({});
  });

  it('password: both required, the new one by the strength rule', () => {
    expect(validatePasswordChange({ currentPassword: '', newPassword: '' }, 'a@b.test')).toEqual({
      currentPassword: 'Required',
      newPassword: 'Required',
    });
    expect(
      validatePasswordChange({ currentPassword: 'x', newPassword: 'marge-Pass-1' }, 'marge@example.test'),
    ).toEqual({
      newPassword: 'Must not contain your e-mail name',
    });
  });

  it('two-factor code: six digits', () => {
    expect(codeProblem('')).toBe('Required');
    expect(codeProblem('12345')).toBe('Enter the 6-digit code');
    expect(codeProblem(' 123456 ')).toBeNull();
  });
});

describe('/dashboard/settings', () => {
  it('turns reminder e-mails off and on with one switch (PUT), and says so', async () => {
    const user = userEvent.setup();
    const { api } = renderSettings();
    api.on('PUT /identity/secure/api/v1/mail-preferences', ({ body }) => ({ body }));
    const reminders = await screen.findByRole('region', { name: 'E-mail reminders' });
    const toggle = within(reminders).getByRole('switch', { name: 'Reminder e-mails' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/always arrive/);
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(api.callsTo('PUT /identity/secure/api/v1/mail-preferences').map((call) => call.body)).toEqual([
      { reminders: false },
    ]);
    await waitFor(() => expect(toggle).toBeEnabled());
    await user.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(api.callsTo('PUT /identity/secure/api/v1/mail-preferences').at(-1)?.body).toEqual({
      reminders: true,
    });
  });

  it('saves the profile (PATCH) and says so', async () => {
    const user = userEvent.setup();
    const { api } = renderSettings();
    api.on('PATCH /service-profile/api/v1/profile', ({ body }) => ({
      body: {
        ...PROFILE_FIXTURE,
        name: { ...PROFILE_FIXTURE.name, firstName: 'Marjorie' },
        phoneNumbers: [
          {
            ...PROFILE_FIXTURE.phoneNumbers[0],
            number: (body as { phoneNumber: string }).phoneNumber.replace(/\D/g, '').slice(-10),
          },
        ],
      },
    }));
    const profile = await screen.findByRole('region', { name: 'Profile' });
    const first = within(profile).getByLabelText(/^First name/);
    expect(first).toHaveValue('Marge');
    expect(within(profile).getByLabelText(/^Mobile phone/)).toHaveValue('(555) 123-4567');

    await user.clear(first);
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(first).toHaveAccessibleDescription('Required');
    expect(api.callsTo('PATCH /service-profile/api/v1/profile')).toHaveLength(0);

    await user.type(first, 'Marjorie');
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await within(profile).findByRole('status')).toHaveTextContent('Your profile was saved.');
    expect(api.callsTo('PATCH /service-profile/api/v1/profile')[0]?.body).toEqual({
      name: { firstName: 'Marjorie', lastName: 'Simpson' },
      phoneNumber: '(555) 123-4567',
    });
  });

  it('changes the password with the live rule, and shows a wrong current password on its field', async () => {
    const user = userEvent.setup();
    const { api } = renderSettings();
    api.on(
      'POST /identity/secure/api/v1/password',
      {
        status: 400,
        body: {
          status: 400,
          message: 'The current password is not correct',
          details: [{ path: 'body.currentPassword', message: 'The current password is not correct' }],
        },
      },
      { status: 204 },
    );
    await screen.findByRole('region', { name: 'Password' });
    const current = section('Password').getByLabelText(/^Current password/);
    const next = section('Password').getByLabelText(/^New password/);
    await user.type(current, 'wrong-password');
    await user.type(next, 'short');
    expect(next).toHaveAccessibleDescription(/Must be at least 10 characters/);
    await user.type(next, '-Pass-123');
    expect(next).toHaveAccessibleDescription(/This password meets the rule\./);

    await user.click(section('Password').getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(current).toHaveAccessibleDescription('The current password is not correct'));

    await user.clear(current);
    await user.type(current, 'Demo-password-1');
    await user.click(section('Password').getByRole('button', { name: 'Change password' }));
    expect(await section('Password').findByRole('status')).toHaveTextContent(
      'Your password was changed. You have been signed out everywhere else.',
    );
    expect(current).toHaveValue('');
    expect(api.callsTo('POST /identity/secure/api/v1/password')[1]?.body).toEqual({
      currentPassword: 'Demo-password-1',
      newPassword: 'short-Pass-123',
    });
  });

  it('turns two-factor on: shows the secret and URI, then confirms with a code', async () => {
    const user = userEvent.setup();
    const { api } = renderSettings();
    api
      .on('POST /identity/secure/api/v1/two-factor/setup', {
        body: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUri: 'otpauth://totp/Acme:marge@example.test?secret=JBSWY3DPEHPK3PXP',
        },
      })
      .on(
        'POST /identity/secure/api/v1/two-factor/enable',
        {
          status: 400,
          body: {
            status: 400,
            message: 'The code is not valid',
            details: [{ path: 'body.code', message: 'The code is not valid' }],
          },
        },
        { body: { ...IDENTITY_FIXTURE, twoFactorEnabled: true, totpVerified: true } },
      );
    await screen.findByRole('region', { name: 'Two-factor authentication' });
    const twoFactor = () => section('Two-factor authentication');
    expect(twoFactor().getByText('Two-factor authentication is off.')).toBeInTheDocument();
    await user.click(twoFactor().getByRole('button', { name: 'Turn on two-factor authentication' }));
    expect(await twoFactor().findByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(twoFactor().getByText(/^otpauth:\/\/totp\//)).toBeInTheDocument();

    const code = twoFactor().getByLabelText(/^6-digit code/);
    await user.type(code, '000000');
    await user.click(twoFactor().getByRole('button', { name: 'Confirm and turn on' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription('The code is not valid'));
    await user.clear(code);
    await user.type(code, '123456{Enter}');
    expect(await twoFactor().findByText('Two-factor authentication is on.')).toBeInTheDocument();
    expect(api.callsTo('POST /identity/secure/api/v1/two-factor/enable')[1]?.body).toEqual({
      code: '123456',
    });
    expect(
      twoFactor().getByRole('button', { name: 'Turn off two-factor authentication' }),
    ).toBeInTheDocument();
  });

  it('turns two-factor off with a code', async () => {
    const user = userEvent.setup();
    const { api } = renderSettings({ ...IDENTITY_FIXTURE, twoFactorEnabled: true, totpVerified: true });
    api.on('POST /identity/secure/api/v1/two-factor/disable', { body: IDENTITY_FIXTURE });
    await screen.findByRole('region', { name: 'Two-factor authentication' });
    const twoFactor = () => section('Two-factor authentication');
    expect(twoFactor().getByText('Two-factor authentication is on.')).toBeInTheDocument();
    await user.click(twoFactor().getByRole('button', { name: 'Turn off two-factor authentication' }));
    expect(twoFactor().getByLabelText(/^6-digit code/)).toHaveAccessibleDescription('Required');
    await user.type(twoFactor().getByLabelText(/^6-digit code/), '654321{Enter}');
    expect(await twoFactor().findByText('Two-factor authentication is off.')).toBeInTheDocument();
  });
});
