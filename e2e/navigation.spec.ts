/**
 * Entering the app the way people do (a link from an e-mail, a bookmark, a reload) instead of through
 * the host pages: every redirect made inside the app router must land on the real page, never on the
 * app's basename in front of a host path ("/account/heloc/auth/login": Page not found).
 */
import { expect, test, type Page } from '@playwright/test';
import { registerBorrower } from './closing-api';

/** The password closing-api's registerBorrower gives every borrower. */
const PASSWORD = 'Strong-passw0rd!';

const notFound = (page: Page) => page.getByRole('heading', { level: 1, name: 'Page not found' });

async function signOutInPage(page: Page) {
  await page.evaluate(() => localStorage.removeItem('jwt'));
}

test.describe('redirects from inside the app router', () => {
  test('a visitor on an application step signs in and comes back to it', async ({ page }) => {
    const who = await registerBorrower(page);
    await signOutInPage(page);
    const step = `/account/heloc/${who.applicationUuid}/start/profile`;
    await page.goto(step);
    await expect(page).toHaveURL(`/auth/login?redirectUrl=${encodeURIComponent(step)}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
    await expect(notFound(page)).toHaveCount(0);
    const main = page.getByRole('main');
    await main.getByLabel('Email').fill(who.email);
    await main.getByLabel(/^Password/).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(step);
    await expect(main.getByRole('heading', { level: 1, name: 'Basic Info' })).toBeVisible();
    // WCAG 2.4.2: the title names the screen and the organisation.
    await expect(page).toHaveTitle(/^Basic Info \| \S/);
  });

  test('a visitor on plaid-oauth-success is sent to sign in with the page as redirectUrl', async ({
    page,
  }) => {
    await page.goto('/account/heloc/plaid-oauth-success?org=MAIN');
    await expect(page).toHaveURL(
      `/auth/login?redirectUrl=${encodeURIComponent('/account/heloc/plaid-oauth-success?org=MAIN')}`,
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  });

  test('a visitor on a signer page is sent to the signer login', async ({ page }) => {
    await page.goto('/account/heloc/heloc-signer/identity');
    await expect(page).toHaveURL('/account/heloc/heloc-signer/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to sign' })).toBeVisible();
    await expect(notFound(page)).toHaveCount(0);
  });

  test('a signed-in borrower at the app index lands on the dashboard, keeping the query', async ({
    page,
  }) => {
    await registerBorrower(page);
    await page.goto('/account/heloc/?org=MAIN');
    await expect(page).toHaveURL('/dashboard?org=MAIN');
    await expect(page.getByRole('heading', { level: 1, name: 'Your applications' })).toBeVisible();
    await expect(page).toHaveTitle(/^Your applications \| \S/);
  });

  test('plaid-oauth-success without a remembered application goes to the dashboard', async ({ page }) => {
    await registerBorrower(page);
    await page.evaluate(() => localStorage.removeItem('heloc_uuid'));
    await page.goto('/account/heloc/plaid-oauth-success');
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Your applications' })).toBeVisible();
  });
});
