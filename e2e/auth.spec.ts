/**
 * Identity through the real server: registration, the new application on the dashboard, signing out
 * and in again (the redirectUrl rule against open redirects), the sign-in guard, wrong passwords, form
 * validation, the not-accepting page and the login form by keyboard. Every page is checked with axe.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';

const DEMO = { email: 'demo@heloc.test', password: 'Demo-password-1' };

async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page
    .getByRole('main')
    .getByLabel(/^Password/)
    .fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

async function logOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  // The URL changes before the login screen's code has loaded; axe and the next fill wait for the form.
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
}

test('a new borrower registers, finds the application on the dashboard, logs out and in again', async ({
  page,
}) => {
  // Five pages and five axe scans in one test: 30 s ran out on a loaded 2-core machine (a CI rehearsal
  // with builds beside it) while every step was still answering.
  test.setTimeout(60_000);
  const email = `e2e-${Date.now()}@heloc.test`;
  const password = 'Sturdy-pass-42';

  await page.goto('/account/heloc/register?org=MAIN');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Apply for a Home Equity Line of Credit' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Key figures' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Property Info
  await page.getByRole('main').getByLabel('Street address').fill('742 Evergreen Terrace');
  await page.getByRole('main').getByLabel('City').fill('Sacramento');
  await page.getByRole('main').getByLabel('State').selectOption({ label: 'California' });
  await page.getByRole('main').getByLabel('ZIP code').fill('95814');
  // State and ZIP sit side by side with their boxes on one line (the State hint goes under its box).
  const stateBox = (await page.getByRole('main').getByLabel('State').boundingBox())!;
  const zipBox = (await page.getByRole('main').getByLabel('ZIP code').boundingBox())!;
  expect(Math.abs(stateBox.y - zipBox.y)).toBeLessThanOrEqual(1);
  expect(Math.abs(stateBox.height - zipBox.height)).toBeLessThanOrEqual(1);
  await page.getByRole('main').getByLabel('I am not planning to sell').check();
  // On a phone, scrolled down to Continue: the next step's focused heading shows below the sticky top
  // bar, not under it.
  const wide = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 640 });
  // A field reached by keyboard is scrolled clear of the floating "Chat with us" button.
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const field of [
    page.getByRole('main').getByLabel('ZIP code'),
    page.getByRole('button', { name: 'Continue' }),
  ]) {
    await field.focus();
    const launcher = (await page.getByRole('button', { name: 'Chat with us' }).boundingBox())!;
    const box = (await field.boundingBox())!;
    const clear = box.y + box.height <= launcher.y || launcher.x + launcher.width <= box.x;
    expect(clear, `${JSON.stringify(box)} under ${JSON.stringify(launcher)}`).toBe(true);
  }
  await page.getByRole('button', { name: 'Continue' }).click();

  // Income Info
  await expect(page.getByRole('heading', { level: 2, name: 'Income Info' })).toBeFocused();
  await expect(page.getByRole('heading', { level: 2, name: 'Income Info' })).toBeInViewport();
  const headingTop = (await page.getByRole('heading', { level: 2, name: 'Income Info' }).boundingBox())!.y;
  const topBar = (await page.getByRole('banner').boundingBox())!;
  expect(headingTop).toBeGreaterThanOrEqual(topBar.y + topBar.height);
  if (wide) await page.setViewportSize(wide);
  await expect(page).toHaveURL(/step=income/);
  await page.getByRole('main').getByLabel('Employment type').selectOption({ label: 'Full-time' });
  await page.getByRole('main').getByLabel('Gross annual income').fill('120,000');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Personal Info
  await page.getByRole('main').getByLabel('First name').fill('Marge');
  await page.getByRole('main').getByLabel('Last name').fill('Simpson');
  await page.getByRole('main').getByLabel('Birthdate').fill('03/19/1980');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Contact Info
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page.getByRole('main').getByLabel('Mobile phone').fill('555-123-4567');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Login Info
  await page.getByRole('main').getByLabel('Create a password').fill(password);
  await expect(page.getByText('This password meets the rule.')).toBeVisible();
  await page
    .getByRole('main')
    .getByLabel(/I accept the Terms of Use/)
    .check();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/account\/heloc\/register\/account-setup\?applicationUuid=/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is ready' })).toBeVisible();
  const applicationId =
    (await page.locator('dt:has-text("Application ID") + dd').textContent())?.trim() ?? '';
  expect(applicationId).not.toBe('');
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Continue to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const applications = page.getByRole('list', { name: 'Applications' });
  await expect(applications).toContainText(applicationId);
  await expect(applications).toContainText('742 Evergreen Terrace, Sacramento, CA 95814');
  await expect(applications).toContainText(/Created\d{2}\/\d{2}\/\d{4}/);
  await expect(
    applications.getByRole('link', { name: `Continue application ${applicationId}` }),
  ).toHaveAttribute('href', /^\/account\/heloc\/[0-9a-f-]{36}$/);
  await expectNoAxeViolations(page);

  await logOut(page);
  await expectNoAxeViolations(page);

  // A valid redirectUrl is honoured.
  await page.goto(`/auth/login?redirectUrl=${encodeURIComponent('/dashboard/settings')}`);
  await logIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('main').getByLabel('First name')).toHaveValue('Marge');
  await expectNoAxeViolations(page);
});

for (const hostile of ['//evil.example', 'https://evil.example', '/\\evil']) {
  test(`a hostile redirectUrl ${hostile} lands on the dashboard`, async ({ page }) => {
    await page.goto(`/auth/login?org=MAIN&redirectUrl=${encodeURIComponent(hostile)}`);
    await logIn(page, DEMO.email, DEMO.password);
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your applications' })).toBeVisible();
  });
}

test('a visitor opening /dashboard signs in and comes back', async ({ page }) => {
  await page.goto('/dashboard?org=MAIN');
  await expect(page).toHaveURL(/\/auth\/login\?redirectUrl=%2Fdashboard%3Forg%3DMAIN$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  await expectNoAxeViolations(page);
  await logIn(page, DEMO.email, DEMO.password);
  await expect(page).toHaveURL(/\/dashboard\?org=MAIN$/);
  await expect(page.getByRole('list', { name: 'Applications' }).getByRole('listitem')).not.toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('the guard keeps the redirectUrl of a visitor without a query', async ({ page }) => {
  await page.goto('/account/heloc/?org=MAIN');
  // The app index sends a visitor on to the login page itself: let that navigation finish first, or it
  // interrupts the next one (seen once in CI).
  await expect(page).toHaveURL(/\/auth\/login\?redirectUrl=/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\/login\?redirectUrl=%2Fdashboard$/);
});

test('the identity-broker login hands over the token in the fragment, which the page takes and removes', async ({
  page,
}) => {
  // The broker answers a redirect with the token in the fragment; the fingerprint cookie lands in this
  // browser context (the request shares its cookies).
  const answer = await page.request.post('/identity-broker/customer/api/v3/login', {
    data: { ...DEMO, redirectUrl: '/dashboard/settings' },
    maxRedirects: 0,
  });
  expect(answer.status()).toBe(303);
  const location = answer.headers()['location'] ?? '';
  expect(location).toMatch(/^\/dashboard\/settings#jwt=/);
  await page.goto(`${location.replace('#', '?org=MAIN#')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('main').getByLabel('First name')).not.toHaveValue('');
  expect(new URL(page.url()).hash).toBe('');
});

test('a staff account signing in on the borrower site is sent to the lender console, signed out here', async ({
  page,
}) => {
  await page.goto('/auth/login?org=MAIN');
  await page.getByRole('main').getByLabel('Email').fill('lo@heloc.test');
  await page
    .getByRole('main')
    .getByLabel(/^Password/)
    .fill('Ops-password-1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/ops\/\?staffAccount=1$/);
  await expect(page.getByText('This is a lender staff account')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lender console sign in' })).toBeVisible();
  await expectNoAxeViolations(page);
  // No borrower session was kept for the staff account.
  expect(await page.evaluate(() => localStorage.getItem('jwt'))).toBeNull();
});

test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
  await page.goto('/auth/login?org=MAIN');
  await logIn(page, DEMO.email, 'not-the-password');
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await expect(page).toHaveURL(/\/auth\/login\?org=MAIN$/);
  await expectNoAxeViolations(page);
});

test('registration shows "Required", a field error, and keeps what was typed across a reload', async ({
  page,
}) => {
  await page.goto('/account/heloc/register?org=MAIN');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Required').first()).toBeVisible();
  await expect(page.getByRole('main').getByLabel('Street address')).toBeFocused();
  await expect(page.getByRole('main').getByLabel('Street address')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);

  await page.getByRole('main').getByLabel('Street address').fill('1 Main St');
  await page.getByRole('main').getByLabel('ZIP code').fill('123');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter a 5-digit ZIP code')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.reload();
  await expect(page.getByRole('main').getByLabel('Street address')).toHaveValue('1 Main St');
  await expect(page.getByRole('main').getByLabel('ZIP code')).toHaveValue('123');
});

test('the wholesale organisation shows the not-accepting page for registration', async ({ page }) => {
  await page.goto('/account/heloc/register?org=MAIN_WHOLESALE');
  await expect(
    page.getByRole('heading', { level: 1, name: 'We are not accepting applications here' }),
  ).toBeVisible();
  await expect(page.getByRole('main')).toContainText('broker');
  await expectNoAxeViolations(page);

  // The app index of an organisation that needs a referring loan originator shows it too.
  await page.goto('/account/heloc/?org=MAIN_WHOLESALE');
  await expect(
    page.getByRole('heading', { level: 1, name: 'We are not accepting applications here' }),
  ).toBeVisible();
});

test('the login form works by keyboard', async ({ page }) => {
  await page.goto('/auth/login?org=MAIN');
  await expect(page.getByRole('heading', { level: 1, name: 'Log in' })).toBeVisible();
  // From the top of the page, Tab reaches the e-mail field (past the skip link and the header).
  const email = page.getByRole('main').getByLabel('Email');
  for (
    let presses = 0;
    presses < 20 && !(await email.evaluate((el) => el === document.activeElement));
    presses++
  ) {
    await page.keyboard.press('Tab');
  }
  await expect(email).toBeFocused();
  await page.keyboard.type(DEMO.email);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').getByLabel(/^Password/)).toBeFocused();
  await page.keyboard.type(DEMO.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your applications' })).toBeVisible();
});

test('the support and account-setup pages work for visitors', async ({ page }) => {
  await page.goto('/account/heloc/register/support?org=MAIN');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Need help with your application?' }),
  ).toBeVisible();
  await expect(page.getByRole('main')).toContainText('(888) 819-6388');
  await expectNoAxeViolations(page);

  await page.goto('/account/heloc/register/account-setup?org=MAIN');
  await expect(page.getByRole('heading', { level: 1, name: 'Your account is ready' })).toBeVisible();
  await expectNoAxeViolations(page);
});
