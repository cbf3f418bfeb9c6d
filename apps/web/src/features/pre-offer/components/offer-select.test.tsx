import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCurrency, formatPercentFromBps, offerFigures } from '@heloc/domain';
import type { TOrgData } from '@heloc/domain';
import { stepHandle } from '@/platform/application-flow';
import { flowRoute, mockFlowApi } from '@/testing/application-flow';
import { APPLICATION_PATH, APPLICATION_UUID, STATUS_ROUTE, statusAnswer } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { orgFixture } from '@/testing/org-fixture';
import { OfferSelect } from './offer-select';

const offer = (uuid: string, termYears: number, rateBps: number, originationFeeBps: number) => ({
  uuid,
  termYears,
  rateBps,
  originationFeeBps,
  originationFeeCents: 0,
  aprBps: rateBps,
  monthlyPaymentCents: 0,
  selected: false,
});
const OFFERS = {
  status: 'OFFER_SELECTION',
  maxLineCents: 302_500_00,
  minLineCents: 15_000_00,
  selectedAmountCents: 0,
  offers: [
    offer('11111111-1111-4111-8111-000000000005', 5, 900, 0),
    offer('11111111-1111-4111-8111-000000000105', 5, 850, 200),
    offer('11111111-1111-4111-8111-000000000010', 10, 950, 0),
    offer('11111111-1111-4111-8111-000000000110', 10, 900, 200),
  ],
};

let server: ReturnType<typeof mockFlowApi>;
beforeEach(() => {
  server = mockFlowApi('OFFER_SELECTION', { name: null, dob: null, email: 'a@b.test' }).on(
    `GET ${APPLICATION_PATH}/offers`,
    { body: OFFERS },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * The selection moves the application on: the status changes only once the offer is posted, so a
 * status poll while the test still types cannot move the page early.
 */
function answerSelectionWith(step: string) {
  server.on(`POST ${APPLICATION_PATH}/offer`, () => {
    server.on(STATUS_ROUTE, statusAnswer(step));
    return { body: { status: step } };
  });
}

function render(org?: TOrgData) {
  return renderRoutes({
    ...(org && { org }),
    scope: 'app',
    url: `/${APPLICATION_UUID}/product/select`,
    routes: [
      flowRoute([
        { path: 'product/select', handle: stepHandle('product/select'), element: <OfferSelect /> },
        { path: 'start/contact', element: <h1>contact</h1> },
      ]),
    ],
  });
}

const payment = (amountCents: number, rateBps: number, originationFeeBps: number, termYears: number) =>
  formatCurrency(offerFigures(amountCents, { rateBps, originationFeeBps, termYears }).monthlyPaymentCents, {
    decimals: 2,
  });

describe('product/select', () => {
  it("states the pricing facts: the spec's sentences with the platform pricing, none of them for a lender without a fee", async () => {
    const first = render();
    const finePrint = await screen.findByText(/^Loan amounts run from/);
    expect(finePrint).toHaveTextContent(
      'Loan amounts run from $15,000 to $400,000 and the APR range is 7.60% to 17.20%. ' +
        'The origination fee is up to 4.99% of the initial draw.',
    );
    first.unmount();

    render(orgFixture({ pricing: [{ originationFeeMaxBps: 0, minLineCents: 25_000_00 }] }));
    const noFee = await screen.findByText(/^Loan amounts run from/);
    expect(noFee).toHaveTextContent('Loan amounts run from $25,000 to $400,000');
    expect(noFee).toHaveTextContent('There is no origination fee.');
    expect(noFee).not.toHaveTextContent('4.99%');
  });

  it('recomputes the payment and APR as the amount, term and fee change, then selects', async () => {
    const user = userEvent.setup();
    const { router } = render();
    const amount = await screen.findByLabelText(/Initial draw/);
    expect(amount).toHaveValue('302,500');
    const details = screen.getByRole('region', { name: 'Your Offer Details' });
    expect(details).toHaveTextContent(`Monthly payment${payment(302_500_00, 900, 0, 5)}`);

    await user.clear(amount);
    await user.type(amount, '100,000');
    expect(details).toHaveTextContent(`Monthly payment${payment(100_000_00, 900, 0, 5)}`);

    await user.click(screen.getByRole('radio', { name: /10 years/ }));
    expect(details).toHaveTextContent('Fixed term10 years');
    expect(details).toHaveTextContent(`Monthly payment${payment(100_000_00, 950, 0, 10)}`);
    await user.click(screen.getByRole('radio', { name: '9.00% fixed rate, 2.00% origination fee' }));
    expect(details).toHaveTextContent(`Monthly payment${payment(100_000_00, 900, 200, 10)}`);
    expect(details).toHaveTextContent('Origination fee$2,000.00');
    const apr = offerFigures(100_000_00, { rateBps: 900, originationFeeBps: 200, termYears: 10 }).aprBps;
    expect(details).toHaveTextContent(`APR${formatPercentFromBps(apr, { decimals: 2 })}`);
    expect(apr).toBeGreaterThan(900);

    answerSelectionWith('COLLECT_ADDITIONAL_INFO');
    await user.click(screen.getByRole('button', { name: 'Select this offer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/${APPLICATION_UUID}/start/contact`));
    expect(server.callsTo(`POST ${APPLICATION_PATH}/offer`)[0]!.body).toEqual({
      offerUuid: '11111111-1111-4111-8111-000000000110',
      amountCents: 100_000_00,
    });
  });

  it('keeps the amount within the limits and says which', async () => {
    const user = userEvent.setup();
    render();
    const amount = await screen.findByLabelText(/Initial draw/);
    await user.clear(amount);
    await user.type(amount, '14,000');
    expect(screen.getByRole('region', { name: 'Your Offer Details' })).toHaveTextContent(
      'Choose an offer and an amount within your limits',
    );
    await user.click(screen.getByRole('button', { name: 'Select this offer' }));
    await waitFor(() => expect(amount).toHaveFocus());
    expect(amount).toHaveAccessibleDescription(/Enter an amount from \$15,000 to \$302,500/);
    expect(amount).toHaveValue('14,000');
    expect(server.callsTo(`POST ${APPLICATION_PATH}/offer`)).toHaveLength(0);
  });

  it("takes the organisation's own limits from the offers answer, not the platform defaults", async () => {
    // A credit union lending from $10,000 up to $500,000: the platform's $15,000–$400,000 must not clamp it.
    server.on(`GET ${APPLICATION_PATH}/offers`, {
      body: { ...OFFERS, minLineCents: 10_000_00, maxLineCents: 450_000_00 },
    });
    const user = userEvent.setup();
    render();
    const amount = await screen.findByLabelText(/Initial draw/);
    expect(amount).toHaveValue('450,000');
    await user.clear(amount);
    await user.type(amount, '9,000');
    await user.click(screen.getByRole('button', { name: 'Select this offer' }));
    await waitFor(() => expect(amount).toHaveFocus());
    expect(amount).toHaveAccessibleDescription(/Enter an amount from \$10,000 to \$450,000/);
    answerSelectionWith('COLLECT_ADDITIONAL_INFO');
    await user.clear(amount);
    await user.type(amount, '12,000');
    await user.click(screen.getByRole('button', { name: 'Select this offer' }));
    await waitFor(() => expect(server.callsTo(`POST ${APPLICATION_PATH}/offer`)).toHaveLength(1));
    expect(server.callsTo(`POST ${APPLICATION_PATH}/offer`)[0]!.body).toMatchObject({
      amountCents: 12_000_00,
    });
  });
});
