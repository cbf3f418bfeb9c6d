/**
 * A phone-width pass (issue 19: "a phone-width (390 px) pass over every screen: nothing covered, nothing
 * cut off, axe clean"): at 390×844 every borrower screen a visitor and one borrower reach — the borrower's
 * application moved through its statuses by the API, from the basic info through the rescission period
 * to the funded line — must not scroll sideways (`scrollWidth <= 390`), must have no focusable control
 * that, once focused (the browser scrolls it into view), lies under the sticky top bar or the floating
 * "Chat with us" button, and must be axe-clean.
 *
 * The visitor's screens include every step of the registration form (the personal step refused empty),
 * register/account-setup signed out and heloc-signer/cancelled (both open to visitors). The borrower's
 * include the host pages of a signed-in person (/contact, each platform app's coming-soon page,
 * register/account-setup with the Application ID), income/pointserv-callback (no token, a refused token)
 * and the complete screen twice: funding pending, then funded (COMPLETE, the clock moved past rescission
 * and recording). Also the screens four sandbox scenarios route to after the basic info (credit/social,
 * credit/error, review-app/property, review-app/delinquency).
 *
 * The other phone-width specs: phone-width-holds.spec.ts (the decline pages, error/timeout,
 * review-app/no-credit, -incorrect-pin, -incorrect-ownership and -datatree, product/assets and
 * product/prequal-winback, the valuation (bpo/*), payoff and flood-certificate holds),
 * phone-width-closing.spec.ts (the closing screens: signing and notary after their intros, the
 * conditions' upload and phone screens, the income link modal, the "Cancel my line" dialog and the
 * cancelled line's confirmation, the co-owner's signer screens and their conditions, conditions/
 * upload-document and conditions/identity) and phone-width-ops.spec.ts (the console).
 *
 * Not covered by any: review-app/uw and review-app/signdocs (no status the server reaches routes
 * there: it never decides REVIEW, and no step is CLOSING_DISCLOSURE); income/pointserv-callback while
 * it verifies (a moment before it moves on: a real token links the income and leaves the screen).
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  API,
  apiGet,
  apiPost,
  bankLinkApi,
  enotaryApi,
  moveClock,
  registerBorrower,
  signAllApi,
  statusOf,
  toWeekdayMorning,
  uploadIdApi,
  waitForStatus,
  type Borrower,
} from './closing-api';
import { checkScreen, checkShown, escape, PHONE } from './phone';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
test.use({ viewport: PHONE });

/** The platform's other apps (apps/web/src/config/paths.ts `paths.platform`): each a coming-soon page. */
const PLATFORM_APPS = [
  ['/universal-marketplace', 'Marketplace'],
  ['/universal-passport', 'Passport'],
  ['/group-manager', 'Group Manager'],
  ['/portfolio', 'Portfolio Manager'],
  ['/pay', 'Pay'],
  ['/exchange', 'Exchange'],
] as const;

/** checkScreen once `ready` (in `main`) shows: content that comes after the screen's heading. */
async function checkWhen(page: Page, path: string, ready: (main: Locator) => Locator) {
  await page.goto(path);
  await expect(page, `${path} stays on its screen`).toHaveURL(new RegExp(`${escape(path)}$`));
  await expect(ready(page.getByRole('main'))).toBeVisible({ timeout: 15_000 });
  await checkShown(page, path);
}

test('every visitor screen at 390 px', async ({ page }) => {
  // Eighteen screens, each scanned by axe: more than the default 30 s on a busy machine.
  test.setTimeout(150_000);
  await checkScreen(page, '/auth/login?org=MAIN', true);
  for (const path of [
    '/auth/forgot-password',
    // A well-formed link shows the new-password form (the token is checked when it is sent).
    `/auth/reset-password?token=${'A'.repeat(43)}`,
    '/account/heloc/register',
    '/terms',
    '/privacy',
    '/licenses',
    '/communications',
    '/coming-soon',
    '/account/heloc/register/support',
    '/account/heloc/heloc-signer/login',
    '/account/heloc/heloc-signer/cancelled',
  ]) {
    await checkScreen(page, path);
  }
  // Signed out, the confirmation after registering asks for the login.
  await checkWhen(page, '/account/heloc/register/account-setup', (main) =>
    main.getByRole('link', { name: 'Log in', exact: true }),
  );
  // The registration form past its first step (the step is the query's `step`).
  for (const [step, title] of [
    ['income', 'Income Info'],
    ['personal', 'Personal Info'],
    ['contact', 'Contact Info'],
    ['login', 'Login Info'],
  ] as const) {
    await checkWhen(page, `/account/heloc/register?step=${step}`, (main) =>
      main.getByRole('heading', { level: 2, name: title }),
    );
  }
  // The personal step refused empty: each required field says so.
  await page.goto('/account/heloc/register?step=personal');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Continue' }).click();
  await expect(main.getByLabel('First name')).toHaveAccessibleDescription('Required');
  await expect(main.getByLabel('Birthdate')).toHaveAccessibleDescription(/Required/);
  await checkShown(page, 'register, the personal step refused empty');
});

test('every borrower screen from the basic info to the funded line at 390 px', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  await toWeekdayMorning(baseURL!);
  const who = await registerBorrower(page);
  const app = (step: string) => `/account/heloc/${who.applicationUuid}/${step}`;
  const at = async (status: string, ...steps: string[]) => {
    await waitForStatus(page.request, who, status);
    for (const step of steps) await checkScreen(page, app(step));
  };
  const post = (path: string, body?: unknown) => apiPost(page.request, who, path, body);

  await waitForStatus(page.request, who, 'IN_PROGRESS');
  await checkScreen(page, app('start/profile'), true);
  await checkScreen(page, '/dashboard', true);
  await checkScreen(page, '/dashboard/settings');
  // The host pages of a signed-in borrower: the contacts (once the phone hours are in), each platform
  // app's coming-soon page, the confirmation after registering (once the Application ID is in).
  await page.goto('/contact');
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('Loading our hours');
  await checkShown(page, '/contact');
  for (const [path, name] of PLATFORM_APPS) {
    await checkWhen(page, path, (main) =>
      main.getByRole('heading', { level: 1, name: `${name} is coming soon` }),
    );
  }
  await checkWhen(
    page,
    `/account/heloc/register/account-setup?applicationUuid=${who.applicationUuid}`,
    (main) => main.getByText('Application ID', { exact: true }),
  );
  await post('/profile', {
    name: { firstName: 'Ann', lastName: who.lastName },
    dob: '1980-02-29',
    softCreditConsent: true,
  });
  await at('LIEN_VERIFICATION', 'liens');
  await post('/liens/confirm');
  await at('OFFER_SELECTION', 'product/select');
  // The chart loads once scrolled near: scrolled to, drawn, and the screen checked again with it.
  const chart = page.getByTestId('offer-cost-chart');
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('svg').first()).toBeVisible();
  await checkShown(page, 'product/select with its chart');
  await chooseOffer(page, who);
  await at('COLLECT_ADDITIONAL_INFO', 'start/contact');
  await post('/contact', { email: who.email, phoneNumber: '(415) 555-0177' });
  await checkScreen(page, app('start/additional-profile'));
  await post('/additional-profile', { ownership: 'SOLE', ssn: '123-45-6789', hardCreditConsent: true });
  await at('HMDA', 'start/hmda');
  await post('/hmda', {
    ethnicity: { declined: true, values: [] },
    race: { declined: true, values: [] },
    sex: { declined: true, values: [] },
  });
  await at('SUMMARY', 'start/app-summary', 'document/disclosures');
  await post('/submit', { summaryAccepted: true, hardCreditConsent: true });
  await at('INCOME_VERIFICATION', 'income/review', 'income/upload/paystub');
  // The payroll provider's return without a token, then with one the server refuses.
  for (const query of ['', '?publicToken=phone-width-not-a-token']) {
    await checkWhen(page, app(`income/pointserv-callback${query}`), (main) =>
      main.getByRole('alert').getByRole('link', { name: 'Back to income verification' }),
    );
  }
  const link = await bankLinkApi(page, who);
  await post('/income/link', { publicToken: link.publicToken });
  await at('EMPLOYMENT_VERIFICATION', 'income/employer-verification');
  await post('/income/employer-verification', { employerName: 'Acme Tools' });
  await at('DISBURSEMENT_ACCOUNT', 'bank/disburse', 'bank/manual-disburse');
  await post('/bank/disburse-income-link', { accountId: link.accounts[0]!.accountId });
  await at('AUTOPAY_ACCOUNT', 'bank/confirm', 'bank/autopay');
  await post('/bank/autopay', { payType: 'AUTOPAY' });
  await at('IDENTITY_VERIFICATION', 'identity');
  await uploadIdApi(page, who);
  await at('NOTE_SIGNING', 'signing/intro');
  await signAllApi(page, who);
  await at('NOTARY_DISCLOSURE', 'notary/intro');
  await enotaryApi(page, who);
  await at('TRUST_AND_INSURANCE', 'insurance/upload', 'insurance/requirements');
  await checkScreen(page, app('conditions'));
  const insured = await page.request.post(`${API}/${who.applicationUuid}/insurance/upload/hazard`, {
    headers: { authorization: `Bearer ${who.jwt}` },
    multipart: { file: { name: 'policy.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(insured.ok(), await insured.text()).toBe(true);
  await at('RESCISSION', 'complete');
  const heading = (name: string) => page.getByRole('main').getByRole('heading', { level: 1, name });
  await expect(heading('Funding is pending')).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Cancel my line' })).toBeVisible();
  // Past the rescission period and the recording day: the line is funded (COMPLETE).
  for (let hop = 0; hop < 6 && (await statusOf(page.request, who)) !== 'COMPLETE'; hop += 1) {
    await moveClock(baseURL!, { advanceMs: 4 * 24 * 3_600_000 });
    await page.waitForTimeout(1500);
  }
  await at('COMPLETE', 'complete');
  await expect(heading('Your line of credit is funded')).toBeVisible();
});

/** The screens a sandbox scenario routes to right after the basic info (DESIGN.md §7). */
const SCENARIO_SCREENS = [
  ['Nomatch', 'credit/social'],
  ['Frozen', 'credit/error'],
  ['Noproperty', 'review-app/property'],
  ['Delinquent', 'review-app/delinquency'],
] as const;

test('the scenario screens after the basic info at 390 px (credit and property problems)', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  // Every borrower is registered and sent on at once (their jobs run side by side); then each screen.
  const borrowers = await Promise.all(
    SCENARIO_SCREENS.map(async ([lastName, step]) => {
      const context = await browser.newContext({ baseURL, viewport: PHONE });
      const page = await context.newPage();
      const who = await registerBorrower(page, { lastName });
      await apiPost(page.request, who, '/profile', {
        name: { firstName: 'Ann', lastName },
        dob: '1980-02-29',
        softCreditConsent: true,
      });
      return { page, who, step };
    }),
  );
  for (const { page, who, step } of borrowers) {
    await page.goto(`/account/heloc/${who.applicationUuid}`);
    await expect(page, `${who.lastName} → ${step}`).toHaveURL(new RegExp(`/${escape(step)}$`), {
      timeout: 30_000,
    });
    await checkShown(page, step);
    await page.context().close();
  }
});

/** The 10-year offer at $100,000 (or the maximum line). */
async function chooseOffer(page: Page, who: Borrower) {
  const offers = (await apiGet(page.request, who, '/offers')) as {
    maxLineCents: number;
    offers: { uuid: string; termYears: number }[];
  };
  const offer = offers.offers.find((each) => each.termYears === 10) ?? offers.offers[0]!;
  await apiPost(page.request, who, '/offer', {
    offerUuid: offer.uuid,
    amountCents: Math.min(offers.maxLineCents, 100_000_00),
  });
}
