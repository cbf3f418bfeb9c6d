import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { flowRoute, mockFlowApi } from '@/testing/application-flow';
import { APPLICATION_PATH, APPLICATION_UUID } from '@/testing/mock-api';
import { FIRST_IMPORT_WAIT, renderRoutes } from '@/testing/render';
import { preOfferRoutes } from './pre-offer-routes';

const OFFER_LOADING = '[aria-label="Loading your offers"]';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the product/select route (issue 17: the offer screen draws once, with its offers)', () => {
  it('waits for the screen and its offers, so no loader is ever drawn before the offers', async () => {
    mockFlowApi('OFFER_SELECTION').on(`GET ${APPLICATION_PATH}/offers`, {
      body: {
        status: 'OFFER_SELECTION',
        maxLineCents: 200_000_00,
        minLineCents: 15_000_00,
        selectedAmountCents: 0,
        offers: [10, 20].map((termYears) => ({
          uuid: `11111111-1111-4111-8111-0000000000${termYears}`,
          termYears,
          rateBps: 900,
          originationFeeBps: 0,
          originationFeeCents: 0,
          aprBps: 900,
          monthlyPaymentCents: 0,
          selected: false,
        })),
      },
    });
    const route = preOfferRoutes.find((each) => each.path === 'product/select');
    if (!route) throw new Error('no product/select route');
    // Every DOM change is checked for the offers' loader (the screen's own, or a lazy one around it).
    let loaderDrawn = false;
    const watcher = new MutationObserver(() => {
      loaderDrawn ||= document.querySelector(OFFER_LOADING) !== null;
    });
    watcher.observe(document.body, { childList: true, subtree: true });
    try {
      renderRoutes({
        scope: 'app',
        url: `/${APPLICATION_UUID}/product/select`,
        routes: [flowRoute([route])],
      });
      expect(await screen.findByRole('radio', { name: /20 years/ }, FIRST_IMPORT_WAIT)).toBeInTheDocument();
      expect(screen.getByRole('heading', { level: 1, name: 'Select Offer' })).toBeInTheDocument();
    } finally {
      watcher.disconnect();
    }
    expect(loaderDrawn).toBe(false);
  });
});
