/**
 * The application shell through the real server: the footer of four kinds of organisation with their
 * phone hours, the application frame (progress sidebar, loan officer card and its top-bar panel), the
 * mobile drawers, the maintenance page, the error fallback, the coming-soon page, and the menus and
 * drawers by keyboard. Every page is checked with axe.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';

// Menus and drawers open without animation (the theme honours reduced motion), so axe never measures a
// half-faded colour.
test.use({ reducedMotion: 'reduce' });

const DEMO = { email: 'demo@heloc.test', password: 'Demo-password-1' };
const DEFAULT_PHONE_HOURS =
  'Hours: Monday–Friday: 6:00 AM – 6:00 PM PT, Saturday: 8:00 AM – 2:00 PM PT, Sunday: Closed';

/**
 * Signs the demo borrower in through the login API. page.request shares the browser context's cookies,
 * so the fingerprint cookie the token is bound to lands in the browser; the token goes into local
 * storage ('jwt') before any page script runs. Returns the token for API calls of the test itself.
 */
async function signIn(page: Page): Promise<string> {
  const response = await page.request.post('/identity/api/v1/login', { data: DEMO });
  expect(response.ok()).toBe(true);
  const { jwt } = (await response.json()) as { jwt: string };
  await page.addInitScript((token) => {
    if (!localStorage.getItem('jwt')) localStorage.setItem('jwt', token);
  }, jwt);
  return jwt;
}

/** The demo borrower's (seeded) application. */
async function demoApplicationUuid(page: Page, jwt: string): Promise<string> {
  const response = await page.request.get('/service-application/api/v1/application/heloc/all', {
    headers: { authorization: `Bearer ${jwt}` },
  });
  expect(response.ok()).toBe(true);
  const [first] = (await response.json()) as { uuid: string }[];
  expect(first).toBeDefined();
  return first!.uuid;
}

test.describe('footer', () => {
  const cases = [
    {
      org: 'MAIN_NY',
      notice: /is a licensed mortgage banker with the New York State Department of Financial Services/,
      hours: DEFAULT_PHONE_HOURS,
      // The New York variant of the main lender (canonical MAIN) with 6 states.
      moreStates: true,
    },
    {
      org: 'PINECREST',
      notice: /^No New York property applications are accepted through this site\.$/,
      hours: DEFAULT_PHONE_HOURS,
    },
    {
      org: 'CASCADE_TEACHERS',
      notice: /^No New York property applications are accepted through this site\.$/,
      hours: 'Hours: Monday–Friday: 7:00 AM – 4:00 PM PT, Saturday–Sunday: Closed',
      ncua: true,
    },
    {
      org: 'MAIN',
      notice: /^No New York property applications are accepted through this site\.$/,
      hours: DEFAULT_PHONE_HOURS,
      moreStates: true,
      illinois: true,
    },
  ];

  for (const { org, notice, hours, ncua = false, moreStates = false, illinois = false } of cases) {
    test(`${org}: New York notice, hours line, NCUA mark, more states and legal links`, async ({ page }) => {
      await page.goto(`/terms?org=${org}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeVisible();
      const footer = page.getByRole('contentinfo');
      await expect(footer.getByText(notice)).toBeVisible();
      await expect(footer.getByText(hours, { exact: true })).toBeVisible();
      await expect(footer.getByText(/^Web chat: select .*live agents during chat hours\.$/)).toBeVisible();
      const notices = footer.getByRole('list', { name: 'Lender notices' });
      if (ncua) await expect(notices).toContainText('Federally insured by NCUA');
      else await expect(notices).not.toContainText('NCUA');
      await expect(footer.getByText('More states coming soon.')).toHaveCount(moreStates ? 1 : 0);
      await expect(footer.getByRole('link', { name: 'Illinois Community Reinvestment Notice' })).toHaveCount(
        illinois ? 1 : 0,
      );
      await expectNoAxeViolations(page);
    });
  }

  test('the Illinois notice link lands on the notice of the licenses page', async ({ page }) => {
    await page.goto('/terms?org=MAIN');
    await page.getByRole('link', { name: 'Illinois Community Reinvestment Notice' }).click();
    await expect(page).toHaveURL(/\/licenses#illinois-community-reinvestment-notice$/);
    const notice = page.getByRole('region', { name: 'Illinois Community Reinvestment Notice' });
    await expect(notice).toBeInViewport();
    await expect(notice).toContainText('Department of Financial and Professional Regulation');
    await expectNoAxeViolations(page);
  });
});

test.describe('application frame', () => {
  test('wide screen: progress sidebar and the loan officer card beside the page', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const jwt = await signIn(page);
    const uuid = await demoApplicationUuid(page, jwt);
    await page.goto(`/account/heloc/${uuid}?org=MAIN`);

    const progress = page.getByRole('region', { name: 'Application Progress' });
    await expect(progress).toBeVisible();
    await expect(progress).toContainText(
      'Complete the loan process today and get funded in as little as five days.',
    );
    await expect(progress.getByRole('listitem')).toHaveText([
      /^Basic Info/,
      /^Select Offer/,
      /^Provide More Info/,
      /^Link Income Sources/,
      /^Verify Identity/,
      /^Sign Documents/,
      /^Talk to eNotary/,
    ]);
    await expect(progress.locator('[aria-current="step"]')).toHaveText(/^Basic Info/);
    // No offer has been selected yet: no offer box.
    await expect(page.getByRole('region', { name: 'Your Offer Details' })).toHaveCount(0);

    // The index shows the step the server status resolves to: the demo application is at its start.
    await expect(page).toHaveURL(new RegExp(`/account/heloc/${uuid}/start/profile$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Basic Info' })).toBeVisible();

    const card = page.getByRole('region', { name: 'Your Loan Officer' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Jordan Reyes');
    await expect(card).toContainText('NMLS #2104871');
    await expect(card.getByRole('link', { name: 'Call' })).toHaveAttribute('href', /^tel:/);
    await expect(card.getByRole('link', { name: 'Email' })).toHaveAttribute('href', /^mailto:/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Your Loan Officer' })).toBeHidden();
    await expectNoAxeViolations(page);
  });

  test('narrower screen: a top-bar button opens the loan officer as a panel', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    const jwt = await signIn(page);
    const uuid = await demoApplicationUuid(page, jwt);
    await page.goto(`/account/heloc/${uuid}?org=MAIN`);

    await expect(page.getByRole('region', { name: 'Application Progress' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your Loan Officer' })).toBeHidden();
    const open = page.getByRole('banner').getByRole('button', { name: 'Your Loan Officer' });
    await open.click();
    const panel = page.getByRole('dialog', { name: 'Your Loan Officer' });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('NMLS #2104871');
    await expect(panel.getByRole('link', { name: 'Call' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(open).toBeFocused();
  });

  test('a segment that is not an application id is not found', async ({ page }) => {
    await signIn(page);
    await page.goto('/account/heloc/not-an-application?org=MAIN');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  });

  test('an application that is not the borrower’s goes to the dashboard', async ({ page }) => {
    await signIn(page);
    await page.goto('/account/heloc/00000000-0000-4000-8000-000000000000?org=MAIN');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('the error fallback, then Try again', async ({ page }) => {
    const jwt = await signIn(page);
    const uuid = await demoApplicationUuid(page, jwt);
    const applicationCall = `**/service-application/api/v1/application/heloc/${uuid}`;
    await page.route(applicationCall, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'INTERNAL', message: 'Something unexpected happened' }),
      }),
    );
    await page.goto(`/account/heloc/${uuid}?org=MAIN`);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Sorry, looks like we have hit a snag!' })).toBeVisible();
    await expect(main.getByRole('link', { name: '(888) 819-6388' })).toHaveAttribute(
      'href',
      'tel:+18888196388',
    );
    await expect(main.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.unroute(applicationCall);
    await main.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('region', { name: 'Application Progress' })).toBeVisible();
  });
});

test.describe('mobile (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('navigation drawer and notifications drawer', async ({ page }) => {
    await signIn(page);
    await page.goto('/contact?org=MAIN');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(DEFAULT_PHONE_HOURS.replace('Hours: ', ''));
    // Below 768px the side bar gives way to the drawer.
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    const nav = menu.getByRole('navigation', { name: 'Main navigation' });
    for (const name of [
      'Dashboard',
      'Marketplace',
      'Portfolio Manager',
      'Passport',
      'Pay',
      'Contact',
      'Settings',
    ]) {
      await expect(nav.getByRole('link', { name, exact: true }).first()).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Contact' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);
    await menu.getByRole('button', { name: 'Close navigation' }).click();
    await expect(menu).toBeHidden();

    const bell = page.getByRole('button', { name: 'Notifications, 2 unread' });
    await bell.click();
    const drawer = page.getByRole('dialog', { name: 'Notifications' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('listitem')).toHaveCount(2);
    await expect(drawer.getByRole('listitem').first()).toContainText('Meet your loan officer');
    await expect(drawer.getByRole('listitem').first().locator('time')).toHaveText('2h');
    await expectNoAxeViolations(page);

    // A call to action marks its notification read and follows its in-app path.
    await drawer.getByRole('button', { name: 'Go to dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible();
  });
});

test.describe('maintenance', () => {
  test('on for the demo organisation: the maintenance page with its dashboard link', async ({ page }) => {
    await page.goto('/account/heloc/register?org=SAGEBRUSH');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Scheduled Maintenance' })).toBeVisible();
    await expect(main).toContainText(
      'We are currently undergoing scheduled maintenance. Please check back shortly. Thank you for your patience!',
    );
    await expect(main.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
    await expectNoAxeViolations(page);
  });

  test('off for MAIN: the page itself', async ({ page }) => {
    await page.goto('/account/heloc/register?org=MAIN');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Apply for a Home Equity Line of Credit' }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Scheduled Maintenance' })).toHaveCount(0);
  });
});

test.describe('coming soon', () => {
  test('a platform app outside this deployment shows what it is and links back', async ({ page }) => {
    await signIn(page);
    await page.goto('/universal-marketplace?org=MAIN');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Marketplace is coming soon' })).toBeVisible();
    await expect(main).toContainText('Marketplace is not available in this deployment yet.');
    await expect(main.getByRole('link', { name: 'Back to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    await expect(
      page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Marketplace' }),
    ).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);
  });

  test('/coming-soon is open to visitors', async ({ page }) => {
    await page.goto('/coming-soon?org=MAIN');
    await expect(page.getByRole('heading', { level: 1, name: 'Coming soon' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('keyboard', () => {
  test('the profile menu opens and closes by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page);
    // The wallet address arrives with its own call; wait for it so the menu's items are settled.
    const walletAccess = page.waitForResponse((response) =>
      response.url().includes('/service-wallet/secure/api/v4/account/access'),
    );
    await page.goto('/contact?org=MAIN');
    await walletAccess;
    const trigger = page.getByRole('button', { name: 'Profile menu' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    // Focus moves to the first item, and the arrow keys move between items.
    await expect(menu.getByRole('menuitem', { name: 'Copy wallet address' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'Support' })).toBeFocused();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test('the navigation drawer opens and closes by keyboard', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page);
    await page.goto('/contact?org=MAIN');
    const hamburger = page.getByRole('button', { name: 'Open navigation' });
    await hamburger.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    // Focus moves into the drawer and stays there.
    await expect(drawer.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Tab');
    await expect(drawer.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(hamburger).toBeFocused();
  });
});
