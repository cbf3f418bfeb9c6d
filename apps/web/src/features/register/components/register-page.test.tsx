import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSearchParams } from 'react-router';
import { APP_BASENAME } from '@/config/paths';
import { setUnauthenticatedHandler } from '@/lib/api-client';
import { APPLICATION_UUID, IDENTITY_FIXTURE, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { REGISTRATION_DRAFT_STORAGE_KEY } from '../draft-storage';
import { RegisterPage } from './register-page';

const REGISTER = 'POST /identity/api/v1/registration/register';
const IDENTITY = 'GET /identity/secure/api/v1/identity';
const REFERRER = '9e8d7c6b-1111-4222-8333-944445555666';

function AccountSetupProbe() {
  const [params] = useSearchParams();
  return <h1>Account setup {params.get('applicationUuid')}</h1>;
}

function renderRegister(query = '', companyName = 'Acme Lending, LLC') {
  return renderRoutes({
    routes: [
      {
        path: 'register',
        Component: () => (
          <RegisterPage
            companyName={companyName}
            licensedStates={['TX', 'CA', 'FL']}
            aside={<p>Key figures aside</p>}
          />
        ),
      },
      { path: 'register/account-setup', Component: AccountSetupProbe },
    ],
    scope: 'app',
    basename: APP_BASENAME,
    url: `${APP_BASENAME}/register${query}`,
  });
}

const main = () => within(screen.getByRole('form'));
const field = (label: RegExp | string) => main().getByLabelText(label);
const continueButton = () => screen.getByRole('button', { name: 'Continue' });

/** Everything but the password, as a reload would find it. */
const FULL_DRAFT = {
  'property.street1': '742 Evergreen Terrace',
  'property.street2': '',
  'property.city': 'Sacramento',
  'property.state': 'CA',
  'property.zip': '95814',
  saleStatus: 'NOT_SELLING',
  'income.employmentType': 'FULL_TIME',
  'income.annualIncome': '120,000',
  'name.firstName': 'Marge',
  'name.middleName': '',
  'name.lastName': 'Simpson',
  'name.suffix': '',
  dob: '03/19/1980',
  email: 'marge@example.test',
  phoneNumber: '555-123-4567',
  acceptedTerms: true,
};

async function submitFromLoginStep(user: ReturnType<typeof userEvent.setup>, query = '') {
  sessionStorage.setItem(REGISTRATION_DRAFT_STORAGE_KEY, JSON.stringify(FULL_DRAFT));
  const view = renderRegister(`?step=login${query}`);
  await user.type(await screen.findByLabelText(/^Create a password/), 'Sturdy-pass-42');
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  return view;
}

beforeEach(() => {
  setUnauthenticatedHandler(() => {});
  // jsdom has no layout: scrolling a field into view is a no-op to watch.
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setUnauthenticatedHandler(null);
});

describe('registration form', () => {
  it('starts at Property Info with the key figures beside it and only the licensed states', async () => {
    mockApi();
    renderRegister();
    expect(await screen.findByRole('heading', { level: 2, name: 'Property Info' })).toBeInTheDocument();
    expect(screen.getByText('Key figures aside')).toBeInTheDocument();
    const steps = within(screen.getByRole('navigation', { name: 'Registration steps' }));
    expect(steps.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1Property Info (Address, Sale Status)',
      '2Income Info',
      '3Personal Info (Name, Birthdate)',
      '4Contact Info',
      '5Login Info',
    ]);
    expect(steps.getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'step');
    const state = field(/^State/);
    expect(
      within(state)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a state', 'California', 'Florida', 'Texas']);
    expect(state).toHaveAccessibleDescription(
      "Only the states where Acme Lending, LLC lends are listed: homes in other states can't be financed by Acme Lending, LLC.",
    );
  });

  it('ends the state hint with one full stop when the company name ends with its own ("Inc.")', async () => {
    mockApi();
    renderRegister('', 'Acme Lending Inc.');
    expect(await screen.findByRole('combobox', { name: /^State/ })).toHaveAccessibleDescription(
      "Only the states where Acme Lending Inc. lends are listed: homes in other states can't be financed by Acme Lending Inc.",
    );
  });

  it('shows "Required" under each empty required field and focuses the first', async () => {
    const user = userEvent.setup();
    mockApi();
    const { router } = renderRegister();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    for (const label of [/^Street address/, /^City/, /^State/, /^ZIP code/]) {
      expect(field(label)).toHaveAccessibleDescription(expect.stringContaining('Required'));
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(field(/^Apartment/)).not.toHaveAttribute('aria-invalid');
    expect(within(screen.getByRole('radiogroup')).getAllByRole('radio')[0]).toBeInTheDocument();
    expect(main().getAllByText('Required')).toHaveLength(5);
    await waitFor(() => expect(field(/^Street address/)).toHaveFocus());
    expect(router.state.location.search).toBe('');
  });

  it('gives each field a clear message that goes once the value is fixed', async () => {
    const user = userEvent.setup();
    mockApi();
    renderRegister();
    await user.type(await screen.findByLabelText(/^ZIP code/), '123');
    await user.click(continueButton());
    expect(field(/^ZIP code/)).toHaveAccessibleDescription('Enter a 5-digit ZIP code');
    await user.type(field(/^ZIP code/), '45');
    expect(field(/^ZIP code/)).not.toHaveAttribute('aria-invalid');
  });

  it('moves between steps with the step query value, keeping what was typed both ways', async () => {
    const user = userEvent.setup();
    mockApi();
    const { router } = renderRegister('?referrer=abc');
    await user.type(await screen.findByLabelText(/^Street address/), '742 Evergreen Terrace');
    await user.type(field(/^City/), 'Sacramento');
    await user.selectOptions(field(/^State/), 'CA');
    await user.type(field(/^ZIP code/), '95814');
    await user.click(main().getByLabelText('I am not planning to sell'));
    await user.click(continueButton());

    const heading = await screen.findByRole('heading', { level: 2, name: 'Income Info' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(router.state.location.search).toBe('?referrer=abc&step=income');
    expect(screen.queryByText('Key figures aside')).not.toBeInTheDocument();

    await user.type(field(/^Gross annual income/), '120,000');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Property Info' })).toBeInTheDocument();
    expect(field(/^Street address/)).toHaveValue('742 Evergreen Terrace');
    expect(main().getByLabelText('I am not planning to sell')).toBeChecked();

    // The browser's back button walks the same steps.
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { level: 2, name: 'Income Info' })).toBeInTheDocument();
    expect(field(/^Gross annual income/)).toHaveValue('120,000');
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { level: 2, name: 'Property Info' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?referrer=abc');
    expect(field(/^ZIP code/)).toHaveValue('95814');
  });

  it('keeps the draft across a reload, without the password', async () => {
    const user = userEvent.setup();
    mockApi();
    sessionStorage.setItem(REGISTRATION_DRAFT_STORAGE_KEY, JSON.stringify(FULL_DRAFT));
    const first = renderRegister('?step=login');
    await user.type(await screen.findByLabelText(/^Create a password/), 'Sturdy-pass-42');
    expect(sessionStorage.getItem(REGISTRATION_DRAFT_STORAGE_KEY)).not.toContain('Sturdy');
    first.unmount();

    renderRegister('?step=personal');
    expect(await screen.findByLabelText(/^First name/)).toHaveValue('Marge');
    expect(field(/^Birthdate/)).toHaveValue('03/19/1980');
    await user.click(continueButton());
    // Each step swaps in its own form: wait for it before pressing its Continue (CI saw the second
    // click land on the outgoing Personal Info form and the page stay on Contact Info).
    await screen.findByRole('heading', { level: 2, name: 'Contact Info' });
    await user.click(continueButton());
    expect(await screen.findByLabelText(/^Create a password/)).toHaveValue('');
    expect(main().getByLabelText(/I accept the Terms of Use/)).toBeChecked();
  });

  it('shows the password rule live and links the terms and communications', async () => {
    const user = userEvent.setup();
    mockApi();
    renderRegister('?step=login');
    const password = await screen.findByLabelText(/^Create a password/);
    expect(password).toHaveAccessibleDescription(/At least 10 characters/);
    await user.type(password, 'short');
    expect(password).toHaveAccessibleDescription(/Must be at least 10 characters/);
    await user.type(password, '-Pass-123');
    expect(password).toHaveAccessibleDescription(/This password meets the rule\./);
    expect(screen.getByRole('link', { name: 'Terms of Use' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Electronic Communications consent' })).toHaveAttribute(
      'href',
      '/communications',
    );
  });

  it('skips Contact Info for a lead that brings e-mail and phone', async () => {
    const user = userEvent.setup();
    const api = mockApi()
      .on(REGISTER, {
        status: 201,
        body: { jwt: 'jwt', identityUuid: IDENTITY_FIXTURE.uuid, applicationUuid: APPLICATION_UUID },
      })
      .on(IDENTITY, { body: IDENTITY_FIXTURE });
    sessionStorage.setItem(
      REGISTRATION_DRAFT_STORAGE_KEY,
      JSON.stringify({ ...FULL_DRAFT, email: '', phoneNumber: '' }),
    );
    renderRegister('?step=personal&email=lead%40example.test&phone=%2B15551234567');
    await screen.findByRole('heading', { level: 2, name: 'Personal Info' });
    expect(screen.queryByText('Contact Info')).not.toBeInTheDocument();
    await user.click(continueButton());
    await user.type(await screen.findByLabelText(/^Create a password/), 'Sturdy-pass-42');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByRole('heading', { level: 1, name: `Account setup ${APPLICATION_UUID}` });
    expect(api.callsTo(REGISTER)[0]?.body).toMatchObject({
      email: 'lead@example.test',
      phoneNumber: '5551234567',
    });
  });

  it('registers, stores the token, checks the identity and goes to account set-up', async () => {
    const user = userEvent.setup();
    const api = mockApi()
      .on(REGISTER, {
        status: 201,
        body: { jwt: 'new.jwt', identityUuid: IDENTITY_FIXTURE.uuid, applicationUuid: APPLICATION_UUID },
      })
      .on(IDENTITY, { body: IDENTITY_FIXTURE });
    await submitFromLoginStep(user, `&referrer=${REFERRER}&utm_source=cloc`);
    expect(
      await screen.findByRole('heading', { level: 1, name: `Account setup ${APPLICATION_UUID}` }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('jwt')).toBe('Bearer new.jwt');
    expect(api.callsTo(IDENTITY)[0]?.headers.get('authorization')).toBe('Bearer new.jwt');
    expect(api.callsTo(REGISTER)[0]?.body).toEqual({
      property: { street1: '742 Evergreen Terrace', city: 'Sacramento', state: 'CA', zip: '95814' },
      saleStatus: 'NOT_SELLING',
      income: { employmentType: 'FULL_TIME', annualIncomeCents: 12_000_000 },
      name: { firstName: 'Marge', lastName: 'Simpson' },
      dob: '1980-03-19',
      email: 'marge@example.test',
      phoneNumber: '5551234567',
      password: 'Sturdy-pass-42',
      acceptedTerms: true,
      referrer: REFERRER,
      isCrypto: true,
    });
    expect(sessionStorage.getItem(REGISTRATION_DRAFT_STORAGE_KEY)).toBeNull();
  });

  it('treats a failing identity follow-up as "identity exists", with a way to log in', async () => {
    const user = userEvent.setup();
    mockApi()
      .on(REGISTER, {
        status: 201,
        body: { jwt: 'jwt', identityUuid: IDENTITY_FIXTURE.uuid, applicationUuid: APPLICATION_UUID },
      })
      .on(IDENTITY, { status: 404, body: { status: 404, message: 'User not found' } });
    await submitFromLoginStep(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not create an account with this email');
    expect(within(alert).getByRole('link', { name: 'Log in to your account' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  });

  it('says an account exists on 409', async () => {
    const user = userEvent.setup();
    mockApi().on(REGISTER, {
      status: 409,
      body: { status: 409, message: 'We could not create an account with this email' },
    });
    await submitFromLoginStep(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not create an account with this email',
    );
  });

  it('maps server field errors onto their fields and goes to the step of the first', async () => {
    const user = userEvent.setup();
    mockApi().on(REGISTER, {
      status: 400,
      body: {
        status: 400,
        message: 'We are not able to accept applications for properties in California.',
        details: [
          { path: 'body.dob', message: 'Enter a valid birthdate' },
          { path: 'body.property.state', message: 'Not available in California' },
        ],
      },
    });
    const { router } = await submitFromLoginStep(user);
    expect(await screen.findByRole('heading', { level: 2, name: 'Property Info' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?step=property');
    const state = field(/^State/);
    expect(state).toHaveAccessibleDescription(expect.stringContaining('Not available in California'));
    await waitFor(() => expect(state).toHaveFocus());
    expect(Element.prototype.scrollIntoView).toHaveBeenCalled();

    // One step at a time: a second click before the next step is drawn would hit this step's button again.
    await user.click(continueButton());
    await screen.findByRole('heading', { level: 2, name: 'Income Info' });
    await user.click(continueButton());
    expect(await screen.findByLabelText(/^Birthdate/, {}, { timeout: 5_000 })).toHaveAccessibleDescription(
      expect.stringContaining('Enter a valid birthdate'),
    );
  });

  it('shows a server error without field details as the combined text', async () => {
    const user = userEvent.setup();
    mockApi().on(REGISTER, {
      status: 400,
      body: {
        status: 400,
        message: 'A referring loan officer is required to apply',
        details: { field: 'referrer' },
      },
    });
    await submitFromLoginStep(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A referring loan officer is required to apply.',
    );
  });
});
