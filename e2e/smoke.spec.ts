/**
 * Smoke test of the foundation: the real server serves the built app for different
 * organisations, each with its own brand, theme and footer, and handles a missing organisation.
 */
import { expect, test, type Page } from '@playwright/test';
import { registerBorrower } from './closing-api';
import { expectNoAxeViolations, servedOrg } from './fixtures';

/**
 * The main lender and a one-state credit union: two very different brands and footers, on the
 * registration page where a new borrower starts.
 */
for (const orgCode of ['MAIN', 'CASCADE_TEACHERS']) {
  test(`${orgCode}: the app renders under its own brand and footer`, async ({ page }) => {
    await page.goto(`/account/heloc/register?org=${orgCode}`);
    const org = await servedOrg(page);
    expect(org?.orgCode).toBe(orgCode);
    const { name, colors } = org!.orgBrand;
    const company = org!.orgMetaData.companyInfo;

    // The title names the screen and the organisation (WCAG 2.4.2).
    await expect(page).toHaveTitle(`Apply for a Home Equity Line of Credit | ${name}`);
    await expect(page.getByRole('banner').getByRole('img', { name })).toBeVisible();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Apply for a Home Equity Line of Credit' }),
    ).toBeVisible();
    // The organisation's key figures sit beside the first step.
    await expect(page.getByRole('region', { name: 'Key figures' })).toBeVisible();

    // The theme comes from the brand: Mantine's primary filled colour is the brand primary.
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--mantine-primary-color-filled').trim(),
    );
    expect(primary.toLowerCase()).toBe(colors.primary.toLowerCase());

    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText(company.companyName);
    await expect(footer).toContainText(`NMLS #${company.companyNMLS}`);
    await expect(footer).toContainText('256-bit');
    await expectNoAxeViolations(page);
  });
}

test('a visitor opening the app index is sent to login (spec 1 §6 allow-list)', async ({ page }) => {
  await page.goto('/account/heloc/?org=MAIN');
  await expect(page).toHaveURL(/\/auth\/login\?redirectUrl=%2Faccount%2Fheloc%2F%3Forg%3DMAIN$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the organisation choice is remembered for the session', async ({ page }) => {
  await page.goto('/account/heloc/?org=CASCADE_TEACHERS');
  await page.goto('/account/heloc/');
  expect((await servedOrg(page))?.orgCode).toBe('CASCADE_TEACHERS');
});

test('an unknown organisation shows "No private label data found."', async ({ page }) => {
  await page.goto('/account/heloc/?org=NO_SUCH_ORG');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('No private label data found.');
  await expectNoAxeViolations(page);
});

test('an unknown page inside the app shows the not-found page within the layout', async ({ page }) => {
  await page.goto('/account/heloc/no/such/page?org=MAIN');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the page works by keyboard: the skip link moves focus to the main content', async ({ page }) => {
  await page.goto('/account/heloc/register?org=MAIN');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: /skip to (main )?content/i });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

/**
 * Every violation of the page's Content Security Policy, as the page's own `securitypolicyviolation`
 * events: one the page's code catches (zod's `new Function` probe was one) writes no console error.
 */
async function recordCspViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as Window & { cspViolations?: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`),
    );
  });
  return () => page.evaluate(() => (window as Window & { cspViolations?: string[] }).cspViolations ?? []);
}

test('no console errors and no CSP violations while loading', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  const cspViolations = await recordCspViolations(page);
  await page.goto('/account/heloc/register?org=MAIN');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(problems).toEqual([]);
  expect(await cspViolations()).toEqual([]);
});

test('a signed-in application page loads without CSP violations', async ({ page }) => {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  const cspViolations = await recordCspViolations(page);
  const borrower = await registerBorrower(page);
  await page.goto(`/account/heloc/${borrower.applicationUuid}/start/profile`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The profile form's data has been parsed (zod built its object schemas) by the time it is drawn.
  await expect(page.getByRole('textbox', { name: /first name/i })).toBeVisible();
  expect(problems).toEqual([]);
  expect(await cspViolations()).toEqual([]);
});
