/**
 * The offer screen's cost over time (issue 19 item 4): the chart's table, the total of payments and the
 * finance charge shown for the chosen draw, rate, fee and term are the domain's payment math (offerCost,
 * imported here and computed independently of the page), also after the borrower changes the term, the
 * fee choice and the amount; the table is reachable by keyboard and the screen is axe-clean.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatCurrency, offerCost, offerFigures } from '@heloc/domain';
import { apiGet, apiPost, registerBorrower, waitForStatus, type Borrower } from './closing-api';
import { stepUrl } from './borrower';
import { expectNoAxeViolations } from './fixtures';

test.describe.configure({ timeout: 60_000 });

type Offer = { uuid: string; termYears: number; rateBps: number; originationFeeBps: number };

/** Registered, profile and liens through the API: the offers are ready (OFFER_SELECTION). */
async function toOffers(page: Page): Promise<{ who: Borrower; offers: Offer[]; maxLineCents: number }> {
  const who = await registerBorrower(page, { lastName: 'Chart' });
  await apiPost(page.request, who, '/profile', {
    name: { firstName: 'Ann', lastName: who.lastName },
    dob: '1980-02-29',
    softCreditConsent: true,
  });
  await waitForStatus(page.request, who, 'LIEN_VERIFICATION');
  await apiPost(page.request, who, '/liens/confirm');
  await waitForStatus(page.request, who, 'OFFER_SELECTION');
  const answer = (await apiGet(page.request, who, '/offers')) as { offers: Offer[]; maxLineCents: number };
  return { who, ...answer };
}

const money = (cents: number) => formatCurrency(cents, { decimals: 2 });

/** The table and totals on the page equal the domain's figures for this draw and offer. */
async function expectDomainFigures(section: Locator, amountCents: number, offer: Offer) {
  const cost = offerCost(amountCents, offer, offerFigures(amountCents, offer).feeCents);
  await expect(section.getByTestId('offer-cost-total')).toHaveText(money(cost.totalOfPaymentsCents));
  await expect(section.getByTestId('offer-cost-finance-charge')).toHaveText(money(cost.financeChargeCents));
  await expect(section.getByTestId('offer-cost-amount-financed')).toHaveText(money(cost.amountFinancedCents));
  const rows = section.getByTestId('offer-cost-table').locator('tbody tr');
  await expect(rows).toHaveCount(offer.termYears);
  const expected = cost.years.map((year) => [
    String(year.year),
    money(year.monthlyPaymentCents),
    money(year.interestCents),
    money(year.principalCents),
    money(year.balanceCents),
  ]);
  const shown = await rows.evaluateAll((trs) =>
    trs.map((tr) => Array.from(tr.querySelectorAll('th, td'), (cell) => cell.textContent?.trim() ?? '')),
  );
  expect(shown).toEqual(expected);
  // The last row ends the term with nothing owed.
  expect(shown.at(-1)?.at(-1)).toBe('$0.00');
}

test('the offer chart’s figures match the domain’s payment math', async ({ page }) => {
  const { who, offers } = await toOffers(page);
  await page.goto(`/account/heloc/${who.applicationUuid}/product/select`);
  await expect(page).toHaveURL(stepUrl('product/select'));
  const main = page.getByRole('main');
  await main.getByLabel('Initial draw').fill('100,000');
  await main.getByRole('radio', { name: '10 years' }).check();
  const ten = offers.filter((offer) => offer.termYears === 10);
  const chosenUuid = await main.getByRole('radio', { checked: true }).nth(1).getAttribute('value');
  const chosen = ten.find((offer) => offer.uuid === chosenUuid)!;
  expect(chosen, 'a 10-year choice is selected').toBeDefined();

  const section = main.getByRole('region', { name: 'Your cost over time' });
  // The chart's code loads when its place nears the viewport, as the borrower scrolls to it.
  await section.getByTestId('offer-cost-chart').scrollIntoViewIfNeeded();
  await expect(section.getByTestId('offer-cost-chart').locator('svg').first()).toBeVisible();
  await expectDomainFigures(section, 100_000_00, chosen);
  // The monthly payment above the chart is the schedule's first payment.
  const details = main.getByRole('region', { name: 'Your Offer Details' });
  await expect(details.locator('dt:has-text("Monthly payment") + dd')).toHaveText(
    money(offerCost(100_000_00, chosen, 0).months[0]!.paymentCents),
  );

  // Another fee choice, another term and another amount: the figures follow.
  const otherFee = ten.find((offer) => offer.uuid !== chosen.uuid);
  if (otherFee) {
    await main.locator(`input[type=radio][value="${otherFee.uuid}"]`).check();
    await expectDomainFigures(section, 100_000_00, otherFee);
  }
  await main.getByRole('radio', { name: '30 years' }).check();
  await main.getByLabel('Initial draw').fill('45,250.50');
  const thirtyUuid = await main.getByRole('radio', { checked: true }).nth(1).getAttribute('value');
  const thirty = offers.find((offer) => offer.uuid === thirtyUuid)!;
  expect(thirty.termYears).toBe(30);
  await expectDomainFigures(section, 45_250_50, thirty);

  // The table is the chart's accessible form: its scroll box takes the keyboard's focus.
  const region = section.getByRole('region', { name: 'Year by year figures' });
  await region.focus();
  await expect(region).toBeFocused();
  await expectNoAxeViolations(page);
});

test('on a phone the chart’s code loads only when the borrower scrolls near it (issue 17: the offer screen’s weight)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { who } = await toOffers(page);
  const chartCode: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/offer-cost-chart-[^/]*\.js$/.test(request.url())) chartCode.push(request.url());
  });
  await page.goto(`/account/heloc/${who.applicationUuid}/product/select`);
  const section = page.getByRole('main').getByRole('region', { name: 'Your cost over time' });
  await expect(section.getByTestId('offer-cost-table')).toBeAttached();
  await page.waitForLoadState('networkidle');
  expect(chartCode, 'the chart’s code before scrolling').toEqual([]);
  const chart = section.getByTestId('offer-cost-chart');
  const before = await section.getByTestId('offer-cost-table').boundingBox();
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('svg').first()).toBeVisible();
  expect(chartCode).toHaveLength(1);
  // The chart came into a box of its height: the table below it did not move.
  const scrolled = await page.evaluate(() => window.scrollY);
  const after = await section.getByTestId('offer-cost-table').boundingBox();
  expect(after!.y + scrolled).toBeCloseTo(before!.y, 0);
});
