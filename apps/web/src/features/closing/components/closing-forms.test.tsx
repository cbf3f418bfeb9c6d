/**
 * The closing forms against a mocked server: the manual disbursement account (the ABA checksum checked
 * in the browser with the domain validator, nothing sent until it passes), the employer, the home value
 * estimate; each sends the domain-parsed body and moves on. The conditions dashboard sends each open
 * condition to the screen that clears it.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { flowRoute, mockFlowApi } from '@/testing/application-flow';
import { APPLICATION_PATH, APPLICATION_UUID, STATUS_ROUTE, statusAnswer } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { BankManualDisburse } from './bank-screens';
import { ConditionsDashboard } from './conditions-screens';
import { BpoEstimateValue } from './hold-screens';
import { EmployerVerification } from './income-screens';

const routes: RouteObject[] = [
  flowRoute([
    { path: 'bank/manual-disburse', element: <BankManualDisburse /> },
    { path: 'income/employer-verification', element: <EmployerVerification /> },
    { path: 'bpo/estimate-value', element: <BpoEstimateValue /> },
    { path: 'conditions', element: <ConditionsDashboard /> },
    { path: '*', element: <h1>next screen</h1> },
  ]),
];

let server: ReturnType<typeof mockFlowApi>;
beforeEach(() => {
  server = mockFlowApi('AUTOPAY_ACCOUNT', { hasSsn: true });
});

const render = (step: string) => renderRoutes({ routes, scope: 'app', url: `/${APPLICATION_UUID}/${step}` });

describe('bank/manual-disburse', () => {
  it('checks the routing number with the ABA checksum and the account number twice before sending', async () => {
    const user = userEvent.setup();
    server.on(`POST ${APPLICATION_PATH}/bank/manual-disburse`, { body: { status: 'AUTOPAY_ACCOUNT' } });
    const { router } = render('bank/manual-disburse');
    await user.click(await screen.findByRole('button', { name: 'Save account' }));
    expect(screen.getByLabelText(/^Routing number/)).toHaveAccessibleDescription('Required');
    // The first invalid field is focused on the frame after the errors render.
    await waitFor(() => expect(screen.getByLabelText(/^Routing number/)).toHaveFocus());

    await user.type(screen.getByLabelText(/^Routing number/), '021000022');
    await user.type(screen.getByLabelText(/^Account number/), '12345678');
    await user.type(screen.getByLabelText(/^Confirm account number/), '12345679');
    await user.click(screen.getByRole('button', { name: 'Save account' }));
    expect(screen.getByLabelText(/^Routing number/)).toHaveAccessibleDescription(
      'Please enter a valid 9-digit routing number',
    );
    expect(screen.getByLabelText(/^Confirm account number/)).toHaveAccessibleDescription(
      'The account numbers do not match',
    );
    expect(server.callsTo(`POST ${APPLICATION_PATH}/bank/manual-disburse`)).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^Routing number/));
    await user.type(screen.getByLabelText(/^Routing number/), '021 000 021');
    await user.clear(screen.getByLabelText(/^Confirm account number/));
    await user.type(screen.getByLabelText(/^Confirm account number/), '12345678');
    await user.click(screen.getByRole('radio', { name: 'Savings' }));
    await user.click(screen.getByRole('button', { name: 'Save account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${APPLICATION_UUID}/bank/confirm`));
    expect(server.callsTo(`POST ${APPLICATION_PATH}/bank/manual-disburse`)[0]!.body).toEqual({
      routingNumber: '021000021',
      accountNumber: '12345678',
      accountType: 'SAVINGS',
    });
  });

  it('keeps the input and shows the server message when the call fails', async () => {
    const user = userEvent.setup();
    server.on(`POST ${APPLICATION_PATH}/bank/manual-disburse`, {
      status: 409,
      body: {
        status: 409,
        message:
          'Setting the disbursement account is not possible while the application is at IDENTITY_VERIFICATION',
      },
    });
    render('bank/manual-disburse');
    await user.type(await screen.findByLabelText(/^Routing number/), '021000021');
    await user.type(screen.getByLabelText(/^Account number/), '12345678');
    await user.type(screen.getByLabelText(/^Confirm account number/), '12345678');
    await user.click(screen.getByRole('button', { name: 'Save account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('not possible while the application');
    expect(screen.getByLabelText(/^Account number/)).toHaveValue('12345678');
  });
});

describe('income/employer-verification', () => {
  it('requires the employer, accepts an optional phone and moves on by the status', async () => {
    const user = userEvent.setup();
    server
      .on(`POST ${APPLICATION_PATH}/income/employer-verification`, {
        body: { status: 'DISBURSEMENT_ACCOUNT' },
      })
      .on(STATUS_ROUTE, statusAnswer('DISBURSEMENT_ACCOUNT'));
    const { router } = render('income/employer-verification');
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText(/^Employer name/)).toHaveAccessibleDescription('Required');
    await user.type(screen.getByLabelText(/^Employer name/), 'Acme Tools');
    await user.type(screen.getByLabelText(/^Employer phone/), '12');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByLabelText(/^Employer phone/)).toHaveAccessibleDescription(
      'Please enter a valid phone number',
    );
    await user.clear(screen.getByLabelText(/^Employer phone/));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${APPLICATION_UUID}/bank/disburse`));
    expect(server.callsTo(`POST ${APPLICATION_PATH}/income/employer-verification`)[0]!.body).toEqual({
      employerName: 'Acme Tools',
      employerPhone: null,
    });
  });
});

describe('bpo/estimate-value', () => {
  it('takes dollars as typed, checks the range and sends cents', async () => {
    const user = userEvent.setup();
    server
      .on(`POST ${APPLICATION_PATH}/bpo/estimate`, { body: { status: 'BPO_ORDER' } })
      .on(STATUS_ROUTE, statusAnswer('BPO_ORDER'));
    const { router } = render('bpo/estimate-value');
    const value = await screen.findByLabelText(/^Estimated home value/);
    await user.type(value, '12,000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(value).toHaveAccessibleDescription('Please enter a value between $50,000 and $50,000,000');
    await user.clear(value);
    await user.type(value, '450,000');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${APPLICATION_UUID}/bpo/order-bpo`));
    expect(server.callsTo(`POST ${APPLICATION_PATH}/bpo/estimate`)[0]!.body).toEqual({
      estimatedValueCents: 450_000_00,
    });
  });
});

describe('conditions', () => {
  const CONDITIONS = `GET /service-conditions/external/api/v1/applications/${APPLICATION_UUID}/conditions/external-applicants`;
  const documentRequest = {
    uuid: '44444444-4444-4444-8444-444444444444',
    categoryEnum: 'GENERIC_DOCUMENT_REQUEST',
    created: '2026-03-02T18:00:00.000Z',
    commentsToBorrower: 'Please upload your 2 most recent federal tax returns.',
    actionNeeded: true,
    requestDocuments: true,
    xtraData: { numDocsRequired: 2 },
  };
  const income = (requiredDocuments: { documentType: string; count: number }[]) => ({
    body: {
      status: 'INCOME_VERIFICATION',
      employmentType: 'SELF_EMPLOYED',
      incomeSources: [],
      requiredDocuments,
      documents: [],
    },
  });

  it('sends the income step’s document request to the income upload, where it counts for the review', async () => {
    server
      .on(CONDITIONS, { body: [documentRequest] })
      .on(`GET ${APPLICATION_PATH}/income`, income([{ documentType: 'TAX_RETURN', count: 2 }]));
    render('conditions');
    const action = await screen.findByRole('link', { name: 'Upload tax returns' });
    expect(action).toHaveAttribute('href', expect.stringMatching(/\/income\/upload\/tax-return$/));
    expect(screen.queryByRole('link', { name: 'Upload documents' })).toBeNull();
  });

  it('shows a document request with everything sent as under review, with nothing to upload', async () => {
    server
      .on(CONDITIONS, { body: [{ ...documentRequest, actionNeeded: false }] })
      .on(`GET ${APPLICATION_PATH}/income`, income([]));
    render('conditions');
    expect(await screen.findByText('We are reviewing this; nothing to do for now.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Upload documents' })).toBeNull();
  });

  it('sends any other document request to conditions/upload-document', async () => {
    server.on(CONDITIONS, { body: [documentRequest] }).on(`GET ${APPLICATION_PATH}/income`, income([]));
    render('conditions');
    const action = await screen.findByRole('link', { name: 'Upload documents' });
    expect(action).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`/conditions/upload-document\\?condition=${documentRequest.uuid}$`)),
    );
  });
});
