/**
 * The submission screens' forms against a fake server at the fetch boundary: the domain schemas'
 * rules and messages show on the fields ("Required", formats, ranges, the HMDA choice rule), nothing
 * is sent while the form is invalid, and a valid form sends the request body the server validates.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { HMDA_CHOICE_MESSAGE, HARD_CREDIT_CONSENT_MESSAGE } from '@heloc/domain';
import type { RouteObject } from 'react-router';
import { flowRoute, mockFlowApi } from '@/testing/application-flow';
import { APPLICATION_PATH, APPLICATION_UUID } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { HmdaStep } from './hmda-step';
import { AdditionalProfileStep, ContactStep } from './more-info-steps';
import { AssetDepletionStep, PrequalWinbackStep } from './product-steps';

const MORE_INFO = {
  status: 'COLLECT_ADDITIONAL_INFO',
  email: 'demo@heloc.test',
  phoneNumber: '4155550100',
  ownership: null,
  hasSsn: false,
  ssnLast4: null,
  hardCreditConsent: false,
};

// The screens without step handles: the status guard leaves them alone, the forms are under test.
const routes: RouteObject[] = [
  flowRoute([
    { path: 'start/contact', element: <ContactStep /> },
    { path: 'start/additional-profile', element: <AdditionalProfileStep /> },
    { path: 'start/hmda', element: <HmdaStep /> },
    { path: 'product/assets', element: <AssetDepletionStep /> },
    { path: 'product/prequal-winback', element: <PrequalWinbackStep /> },
  ]),
  { path: '*', element: <h1>elsewhere</h1> },
];

const render = (path: string) => renderRoutes({ routes, scope: 'app', url: `/${APPLICATION_UUID}/${path}` });

let server: ReturnType<typeof mockFlowApi>;
beforeEach(() => {
  server = mockFlowApi('HMDA').on(`GET ${APPLICATION_PATH}/more-info`, { body: MORE_INFO });
});

describe('start/hmda', () => {
  it('asks each question to be answered or declined; declining clears and disables the options', async () => {
    server.on(`POST ${APPLICATION_PATH}/hmda`, { body: { status: 'GEN_APP_SUMMARY' } });
    const user = userEvent.setup();
    render('start/hmda');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findAllByText(HMDA_CHOICE_MESSAGE)).toHaveLength(3);
    expect(server.callsTo(`POST ${APPLICATION_PATH}/hmda`)).toHaveLength(0);

    const hispanic = screen.getByRole('checkbox', { name: 'Hispanic or Latino' });
    await user.click(hispanic);
    const [declineEthnicity] = screen.getAllByRole('checkbox', {
      name: 'I do not wish to provide this information',
    });
    await user.click(declineEthnicity!);
    expect(hispanic).not.toBeChecked();
    expect(hispanic).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Asian' }));
    await user.click(screen.getByRole('checkbox', { name: 'White' }));
    await user.click(screen.getByRole('checkbox', { name: 'Male' }));
    await waitFor(() => expect(screen.queryAllByText(HMDA_CHOICE_MESSAGE)).toHaveLength(0));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(server.callsTo(`POST ${APPLICATION_PATH}/hmda`)).toHaveLength(1));
    expect(server.callsTo(`POST ${APPLICATION_PATH}/hmda`)[0]!.body).toEqual({
      ethnicity: { declined: true, values: [] },
      race: { declined: false, values: ['ASIAN', 'WHITE'] },
      sex: { declined: false, values: ['MALE'] },
    });
  }, 20_000);
});

describe('start/additional-profile', () => {
  it('requires the ownership, the SSN (none on file) and the hard-credit consent; checks the SSN', async () => {
    server.on(`POST ${APPLICATION_PATH}/additional-profile`, { body: { status: 'HMDA' } });
    const user = userEvent.setup();
    render('start/additional-profile');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const ssn = screen.getByLabelText(/Social Security number/);
    await waitFor(() => expect(ssn).toHaveAccessibleDescription(/Required/));
    expect(screen.getByText(HARD_CREDIT_CONSENT_MESSAGE)).toBeInTheDocument();
    expect(screen.getAllByText('Required').length).toBeGreaterThanOrEqual(2);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'I am the only owner' })).toHaveFocus());

    await user.click(screen.getByRole('radio', { name: 'I own it jointly with someone else' }));
    await user.type(ssn, '000-12-3456');
    await user.click(screen.getByRole('checkbox', { name: /I authorize a hard credit check/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(ssn).toHaveAccessibleDescription(/Please enter a valid 9-digit Social Security number/),
    );
    expect(server.callsTo(`POST ${APPLICATION_PATH}/additional-profile`)).toHaveLength(0);
    await user.clear(ssn);
    await user.type(ssn, '123-45-6789');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(server.callsTo(`POST ${APPLICATION_PATH}/additional-profile`)).toHaveLength(1),
    );
    expect(server.callsTo(`POST ${APPLICATION_PATH}/additional-profile`)[0]!.body).toEqual({
      ownership: 'JOINT',
      ssn: '123456789',
      hardCreditConsent: true,
    });
  });

  it('with an SSN on file shows its last 4 and sends none', async () => {
    server
      .on(`GET ${APPLICATION_PATH}/more-info`, {
        body: { ...MORE_INFO, hasSsn: true, ssnLast4: '6789', ownership: 'SOLE' },
      })
      .on(`POST ${APPLICATION_PATH}/additional-profile`, { body: { status: 'HMDA' } });
    const user = userEvent.setup();
    render('start/additional-profile');
    expect(await screen.findByText('6789')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Social Security number/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /I authorize a hard credit check/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(server.callsTo(`POST ${APPLICATION_PATH}/additional-profile`)).toHaveLength(1),
    );
    expect(server.callsTo(`POST ${APPLICATION_PATH}/additional-profile`)[0]!.body).toEqual({
      ownership: 'SOLE',
      hardCreditConsent: true,
    });
  });

  it('shows the server’s combined error text and keeps the input', async () => {
    server.on(`POST ${APPLICATION_PATH}/additional-profile`, {
      status: 400,
      body: {
        status: 400,
        message: 'Invalid request: body.phoneNumber: Please add a phone number first',
        details: [{ path: 'body.phoneNumber', message: 'Please add a phone number first' }],
      },
    });
    const user = userEvent.setup();
    render('start/additional-profile');
    await user.click(await screen.findByRole('radio', { name: 'It is held in a trust' }));
    await user.type(screen.getByLabelText(/Social Security number/), '123456789');
    await user.click(screen.getByRole('checkbox', { name: /I authorize a hard credit check/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Please add a phone number first/);
    expect(screen.getByLabelText(/Social Security number/)).toHaveValue('123456789');
    expect(screen.getByRole('radio', { name: 'It is held in a trust' })).toBeChecked();
  });
});

describe('start/contact', () => {
  it('checks the e-mail and phone, then saves them and goes on to the additional profile', async () => {
    server.on(`POST ${APPLICATION_PATH}/contact`, { body: { status: 'COLLECT_ADDITIONAL_INFO' } });
    const user = userEvent.setup();
    const { router } = render('start/contact');
    const email = await screen.findByLabelText(/Email/);
    expect(screen.getByLabelText(/Mobile phone/)).toHaveValue('(415) 555-0100');
    await user.clear(email);
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(email).toHaveAccessibleDescription(/Please enter a valid email address/));
    // The first invalid field is focused on the frame after the errors render.
    await waitFor(() => expect(email).toHaveFocus());
    expect(server.callsTo(`POST ${APPLICATION_PATH}/contact`)).toHaveLength(0);
    await user.clear(email);
    await user.type(email, 'dana@heloc.test');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/${APPLICATION_UUID}/start/additional-profile`),
    );
    expect(server.callsTo(`POST ${APPLICATION_PATH}/contact`)[0]!.body).toEqual({
      email: 'dana@heloc.test',
      // The domain schema sends the 10 digits.
      phoneNumber: '4155550100',
    });
  });
});

describe('product/assets', () => {
  it('requires each account’s fields, reads the balance in dollars and sends cents', async () => {
    server
      .on(`GET ${APPLICATION_PATH}/asset-depletion`, {
        body: {
          status: 'ASSETS_PREQUAL',
          dtiBps: 4800,
          dtiCapBps: 4500,
          depletionMonths: 240,
          complete: false,
        },
      })
      .on(`POST ${APPLICATION_PATH}/asset-depletion`, { body: { status: 'OFFER_SELECTION' } });
    const user = userEvent.setup();
    render('product/assets');
    expect(await screen.findByText(/48\.0% of the income you told us, above the 45\.0%/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByLabelText(/Account type/)).toHaveFocus());
    expect(screen.getByLabelText(/Current balance/)).toHaveAccessibleDescription(/Required/);
    await user.selectOptions(screen.getByLabelText(/Account type/), 'SAVINGS');
    await user.type(screen.getByLabelText(/Bank or institution/), 'First Bank');
    await user.type(screen.getByLabelText(/Current balance/), '12.345');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByLabelText(/Current balance/)).toHaveAccessibleDescription(
        /Enter the balance in dollars/,
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Add another account' }));
    expect(screen.getAllByLabelText(/Account type/)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove account 2' }));
    await user.clear(screen.getByLabelText(/Current balance/));
    await user.type(screen.getByLabelText(/Current balance/), '$250,000.50');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(server.callsTo(`POST ${APPLICATION_PATH}/asset-depletion`)).toHaveLength(1));
    expect(server.callsTo(`POST ${APPLICATION_PATH}/asset-depletion`)[0]!.body).toEqual({
      assets: [{ type: 'SAVINGS', institutionName: 'First Bank', balanceCents: 25_000_050 }],
    });
  });
});

describe('product/prequal-winback', () => {
  it('keeps the amount between the minimum and the new maximum', async () => {
    server
      .on(`GET ${APPLICATION_PATH}/requalify`, {
        body: {
          status: 'CLTV_REQUALIFY',
          cause: 'CREDIT_REPORT',
          previousAmountCents: 30_000_000,
          maxLineCents: 20_000_000,
          minLineCents: 1_500_000,
          termYears: 30,
          rateBps: 850,
        },
      })
      .on(`POST ${APPLICATION_PATH}/requalify`, { body: { status: 'APP_SUBMISSION' } });
    const user = userEvent.setup();
    render('product/prequal-winback');
    const amount = await screen.findByLabelText(/Initial draw amount/);
    expect(amount).toHaveValue('200,000');
    expect(screen.getByText(/than the \$300,000 you chose/)).toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '250000');
    await user.click(screen.getByRole('button', { name: 'Accept and submit' }));
    await waitFor(() =>
      expect(amount).toHaveAccessibleDescription(/Enter an amount from \$15,000 to \$200,000/),
    );
    expect(server.callsTo(`POST ${APPLICATION_PATH}/requalify`)).toHaveLength(0);
    await user.clear(amount);
    await user.type(amount, '150,000');
    await user.click(screen.getByRole('button', { name: 'Accept and submit' }));
    await waitFor(() => expect(server.callsTo(`POST ${APPLICATION_PATH}/requalify`)).toHaveLength(1));
    expect(server.callsTo(`POST ${APPLICATION_PATH}/requalify`)[0]!.body).toEqual({
      amountCents: 15_000_000,
    });
  });

  it('says the valuation came in lower when the report lowered the line at closing (Texas)', async () => {
    server
      .on(`GET ${APPLICATION_PATH}/requalify`, {
        body: {
          status: 'CLTV_REQUALIFY',
          cause: 'VALUATION',
          previousAmountCents: 10_000_000,
          maxLineCents: 7_000_000,
          minLineCents: 1_500_000,
          termYears: 10,
          rateBps: 975,
        },
      })
      .on(`POST ${APPLICATION_PATH}/requalify`, { body: { status: 'GEN_CLOSING_DOCS' } });
    const user = userEvent.setup();
    render('product/prequal-winback');
    const amount = await screen.findByLabelText(/Initial draw amount/);
    expect(amount).toHaveValue('70,000');
    expect(
      screen.getByText(/valuation of your home came in lower .* than the \$100,000 you chose/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/credit report/)).not.toBeInTheDocument();
    await user.clear(amount);
    await user.type(amount, '60,000');
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    await waitFor(() => expect(server.callsTo(`POST ${APPLICATION_PATH}/requalify`)).toHaveLength(1));
    expect(server.callsTo(`POST ${APPLICATION_PATH}/requalify`)[0]!.body).toEqual({ amountCents: 6_000_000 });
  });
});
