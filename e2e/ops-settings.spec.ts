/**
 * Organisation settings in the lender console, in the browser against the real server (issue 16's
 * "done when"): the platform admin changes BLUE_MESA's primary colour and its rate band (APR minimum),
 * saves a draft, previews it on the borrower site (the preview shows the new colour; the same link in a
 * borrower's browser shows the published one), publishes; a new borrower of BLUE_MESA sees the new
 * colour and is offered rates priced with the new band; a rollback to version 1 restores both. Axe on
 * the settings screen. BLUE_MESA is used by no other browser test, so its pricing changes affect none.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signedInBorrower } from './borrower';
import { apiGet } from './closing-api';
import { walkOverHttp } from './driver';
import { expectNoAxeViolations } from './fixtures';

const ORG = 'BLUE_MESA';
const NEW_PRIMARY = '#1f4e79';
const NEW_APR_MIN_BPS = 1500;

const primaryColour = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page.evaluate(() =>
    getComputedStyle(document.documentElement)
      .getPropertyValue('--mantine-primary-color-filled')
      .trim()
      .toLowerCase(),
  );
};

let counter = 0;

/**
 * A new borrower of ORG in a browser of their own (registered through the API, signed in in the page),
 * on their application; answers the colour their app shows and their lowest offered note rate.
 */
async function newBorrower(browser: Browser): Promise<{ colour: string; lowestRateBps: number }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    counter += 1;
    const who = await signedInBorrower(
      page,
      {
        name: { firstName: 'Ann', lastName: 'Example' },
        email: `settings-${Date.now()}-${counter}@heloc.test`,
      },
      ORG,
    );
    await page.goto(`/account/heloc/${who.applicationUuid}`);
    const colour = await primaryColour(page);
    await walkOverHttp(page.request, who, 'OFFER_SELECTION');
    const { offers } = (await apiGet(page.request, who, '/offers')) as { offers: { rateBps: number }[] };
    expect(offers.length).toBeGreaterThan(0);
    return { colour, lowestRateBps: Math.min(...offers.map((offer) => offer.rateBps)) };
  } finally {
    await context.close();
  }
}

test('an admin changes the brand colour and rate band, previews, publishes, and rolls back', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.goto('/ops/');
  await page.getByLabel('Email').fill('admin@heloc.test');
  await page.getByLabel('Password', { exact: true }).fill('Ops-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/ops\/settings$/);
  await page.getByLabel('Organisation').selectOption(ORG);
  await expect(page).toHaveURL(new RegExp(`/ops/settings/${ORG}$`));
  await expect(page.getByRole('heading', { name: `Organisation settings of ${ORG}` })).toBeVisible();
  const primary = page.getByLabel('Primary colour');
  await expect(primary).not.toHaveValue('');
  const original = (await primary.inputValue()).toLowerCase();
  const originalAprMin = await page.getByLabel('APR minimum (%)').inputValue();
  expect(Number(originalAprMin) * 100).toBeLessThan(NEW_APR_MIN_BPS);
  await expectNoAxeViolations(page);

  // Before: a borrower is offered rates below the new band's minimum.
  const before = await newBorrower(browser);
  expect(before.colour).toBe(original);
  expect(before.lowestRateBps).toBeLessThan(NEW_APR_MIN_BPS);

  // A colour too light for white text is refused on the spot, with its contrast.
  await primary.fill('#ffcc00');
  await expect(page.getByText('Contrast with white 1.51:1 (below 4.5:1: not allowed)')).toBeVisible();
  await primary.fill(NEW_PRIMARY);
  await expect(page.getByText(/Contrast with white \d+\.\d\d:1 \(meets WCAG AA\)/).first()).toBeVisible();
  await page.getByLabel('APR minimum (%)').fill('15.00');
  await page.getByLabel('Note').fill('Autumn campaign: darker blue, higher floor rate');
  await page.getByRole('button', { name: 'Save draft' }).click();
  const saved = page.getByRole('status').filter({ hasText: /Draft version \d+ saved/ });
  await expect(saved).toBeVisible();
  const draft = Number(/Draft version (\d+)/.exec((await saved.textContent()) ?? '')?.[1]);
  const changes = page.getByRole('table', { name: `Changes in version ${draft}` });
  await expect(changes.getByRole('row', { name: /brand\.colors\.primary/ })).toContainText(NEW_PRIMARY);
  await expect(changes.getByRole('row', { name: /pricing\.aprMinBps/ })).toContainText('1500');
  await expect(changes.getByRole('row')).toHaveCount(3); // header + the two changes
  await expectNoAxeViolations(page);

  // Preview in a new tab of the admin's browser: the borrower site under the draft.
  const [preview] = await Promise.all([
    page.context().waitForEvent('page'),
    page
      .getByRole('link', { name: `Preview version ${draft} on the borrower site (opens a new tab)` })
      .click(),
  ]);
  expect(await primaryColour(preview)).toBe(NEW_PRIMARY);
  await preview.close();
  // The same link in a borrower's browser shows the published organisation.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/auth/login?org=${ORG}&preview=${draft}`);
  expect(await primaryColour(visitor)).toBe(original);
  await visitorContext.close();

  // Publish.
  await page.getByLabel('Why publish it').fill('Approved by marketing');
  await page.getByRole('button', { name: `Publish version ${draft}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Version ${draft} is published.` })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`^${draft} Published`) })).toBeVisible();
  const after = await newBorrower(browser);
  expect(after.colour).toBe(NEW_PRIMARY);
  expect(after.lowestRateBps).toBe(NEW_APR_MIN_BPS);

  // Roll back to the seed's version 1: a new version, published at once.
  await page.getByRole('button', { name: 'View version 1', exact: true }).click();
  await page.getByLabel('Why roll back').fill('Campaign over');
  await page.getByRole('button', { name: 'Roll back to version 1' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /Rolled back to version 1: version \d+ is published\./ }),
  ).toBeVisible();
  await expect(page.getByLabel('Primary colour')).toHaveValue(original);
  await expect(page.getByLabel('APR minimum (%)')).toHaveValue(originalAprMin);
  await expectNoAxeViolations(page);
  const restored = await newBorrower(browser);
  expect(restored.colour).toBe(original);
  expect(restored.lowestRateBps).toBe(before.lowestRateBps);
});

test('an admin publishes a holiday, phone hours and an inactive loan officer: the hours call answers the holiday closed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const org = 'LANTERN'; // used by no other browser test
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  await page.goto('/ops/');
  await page.getByLabel('Email').fill('admin@heloc.test');
  await page.getByLabel('Password', { exact: true }).fill('Ops-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Settings' }).click();
  await page.getByLabel('Organisation').selectOption(org);
  await expect(page.getByRole('heading', { name: `Organisation settings of ${org}` })).toBeVisible();
  await expect(page.getByLabel('Phone hours, Monday')).toHaveValue('06:00-18:00');
  await expect(page.getByLabel('Feature flag fe-webchat', { exact: true })).toBeChecked();
  await page.getByLabel('Phone hours, Monday').fill('18:00-06:00');
  await page.getByLabel('Note').fill('Closed today');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Hours are HH:mm-HH:mm with the end after the start, or Closed')).toBeVisible();
  await page.getByLabel('Phone hours, Monday').fill('07:00-16:00');
  await page.getByLabel('Holidays').fill(`${today} Founders’ Day`);
  // Theo Whitaker left: made inactive (never deleted).
  const theo = page.getByRole('group', { name: 'Loan officer 1: Theo Whitaker' });
  await expect(theo.getByLabel('NMLS id')).toHaveValue('2158876');
  await theo.getByLabel('Active').uncheck();
  await page.getByRole('button', { name: 'Save draft' }).click();
  const saved = page.getByRole('status').filter({ hasText: /Draft version \d+ saved/ });
  await expect(saved).toBeVisible();
  const draft = Number(/Draft version (\d+)/.exec((await saved.textContent()) ?? '')?.[1]);
  const changes = page.getByRole('table', { name: `Changes in version ${draft}` });
  await expect(changes.getByRole('row', { name: /^Holidays/ })).toContainText(today);
  await expect(changes.getByRole('row', { name: /^Phone hours, Monday/ })).toContainText('07:00-16:00');
  await expect(changes.getByRole('row', { name: /^Loan officer Theo Whitaker, Active/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Why publish it').fill('Office closed');
  await page.getByRole('button', { name: `Publish version ${draft}` }).click();
  await expect(page.getByRole('status').filter({ hasText: `Version ${draft} is published.` })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Loan officer 1: Theo Whitaker (inactive)' })).toBeVisible();

  const week = (await (
    await page.request.get('/service-operating-hours/external/api/v1/hours/OPS_PHONE', {
      headers: { 'x-org-code': org },
    })
  ).json()) as { weekdayValue: number; isOpen: boolean; startTime: string | null }[];
  const todayValue = ((new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
  expect(week.find((day) => day.weekdayValue === todayValue)).toMatchObject({
    isOpen: false,
    startTime: null,
  });
  if (todayValue !== 1) expect(week.find((day) => day.weekdayValue === 1)?.startTime).toBe('07:00');
});
