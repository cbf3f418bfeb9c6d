/**
 * A phone-width pass (issue 19: "a phone-width (390 px) pass over every screen: nothing covered, nothing
 * cut off, axe clean"): at 390×844 every borrower screen a visitor and one borrower reach — the borrower's
 * application moved through its statuses by the API, from the basic info to the rescission period —
 * must not scroll sideways (`scrollWidth <= 390`), must have no focusable control that, once focused
 * (the browser scrolls it into view), lies under the sticky top bar or the floating "Chat with us"
 * button, and must be axe-clean.
 *
 * Also the screens four sandbox scenarios route to after the basic info (credit/social, credit/error,
 * review-app/property, review-app/delinquency).
 *
 * The other phone-width specs: phone-width-holds.spec.ts (the decline pages, error/timeout,
 * review-app/no-credit, -incorrect-pin, -incorrect-ownership and -datatree, product/assets and
 * product/prequal-winback, the valuation (bpo/*), payoff and flood-certificate holds),
 * phone-width-closing.spec.ts (the closing screens: signing and notary after their intros, the
 * conditions' upload and phone screens, the income link modal, the co-owner's signer screens) and
 * phone-width-ops.spec.ts (the console).
 *
 * Not covered by any: review-app/uw and review-app/signdocs (no status the server reaches routes
 * there: it never decides REVIEW, and no step is CLOSING_DISCLOSURE).
 */
import { expect, test, type Page } from '@playwright/test';
import {
  API,
  apiGet,
  apiPost,
  bankLinkApi,
  enotaryApi,
  registerBorrower,
  signAllApi,
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

test('every visitor screen at 390 px', async ({ page }) => {
  // Eleven screens, each scanned by axe: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
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
  ]) {
    await checkScreen(page, path);
  }
});

test('every borrower screen from the basic info to the rescission period at 390 px', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
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
  await post('/profile', {
    name: { firstName: 'Ann', lastName: who.lastName },
    dob: '1980-02-29',
    softCreditConsent: true,
  });
  await at('LIEN_VERIFICATION', 'liens');
  await post('/liens/confirm');
  await at('OFFER_SELECTION', 'product/select');
  await expect(page.getByTestId('offer-cost-chart')).toBeVisible();
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
