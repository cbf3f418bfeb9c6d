/**
 * Issue 17: an application page's first reads (application, profile, status, feature flags, and the
 * step screen's own read where its loader makes one) leave while the app's scripts are still on their way (apps/web/src/app/early-requests.ts), and the app
 * takes those answers instead of asking again. The shared chunk is held back here, as a slow phone
 * network would, so "before the scripts ran" is certain rather than a race.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { driveToIncomeVerification, registerBorrower } from './closing-api';

const HOLD_MS = 1500;

/** The page's book of early requests (apps/web/src/app/early-requests.ts). */
type WithEarlyRequests = { helocEarlyRequests?: { closed: boolean; byCall: Map<string, unknown> } };

/**
 * Opens `path` with the shared chunk held back and checks that each of `reads` left before the chunk
 * arrived, once, and that the book is closed and empty afterwards.
 */
async function expectEarly(page: Page, path: string, heading: string, reads: string[]) {
  // The page before (registration) is left first: its own reads must not count as this page's.
  await page.goto('about:blank');
  const events: string[] = [];
  const call = (request: Request) => `${request.method()} ${new URL(request.url()).pathname}`;
  page.on('request', (request) => events.push(`sent ${call(request)}`));
  page.on('requestfinished', (request) => {
    if (/\/assets\/shared-[\w-]+\.js$/.test(request.url())) events.push('shared chunk arrived');
  });
  await page.route(/\/assets\/shared-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
    await route.continue();
  });

  await page.goto(path);
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await page.waitForLoadState('networkidle');

  const arrived = events.indexOf('shared chunk arrived');
  expect(arrived, events.join('\n')).toBeGreaterThan(-1);
  for (const read of reads) {
    const sent = events.filter((event) => event === `sent ${read}`);
    // Once: the early answer was taken (the status may be read again later by the flow's own polling).
    if (!read.endsWith('/status')) expect(sent, `${read}\n${events.join('\n')}`).toHaveLength(1);
    expect(events.indexOf(`sent ${read}`), `${read} before the scripts`).toBeLessThan(arrived);
  }
  // Every early answer was taken, and the book is closed for later reads.
  expect(
    await page.evaluate(() => {
      const book = (window as WithEarlyRequests).helocEarlyRequests;
      return { closed: book?.closed, left: book?.byCall.size };
    }),
  ).toEqual({ closed: true, left: 0 });
}

const frameReads = (applicationUuid: string) => [
  `GET /service-application/api/v1/application/heloc/${applicationUuid}`,
  'GET /service-profile/api/v1/profile',
  `GET /service-krang-heloc/borrower/secure/api/v1/${applicationUuid}/status`,
  'POST /service-optimize/heloc/api/v1/features',
];

test('the first reads leave before the app’s scripts arrive, each once', async ({ page }) => {
  const { applicationUuid } = await registerBorrower(page);
  await expectEarly(
    page,
    `/account/heloc/${applicationUuid}/start/profile`,
    'Basic Info',
    frameReads(applicationUuid),
  );
});

test('so does the step screen’s own read: the offers', async ({ page }) => {
  const who = await registerBorrower(page, { lastName: 'Early' });
  await driveToIncomeVerification(page, who, { until: 'OFFER_SELECTION' });
  await expectEarly(page, `/account/heloc/${who.applicationUuid}/product/select`, 'Select Offer', [
    ...frameReads(who.applicationUuid),
    `GET /service-application/api/v1/application/heloc/${who.applicationUuid}/offers`,
  ]);
});

test('a visitor’s page names no early requests', async ({ page }) => {
  await page.goto('/auth/login?org=MAIN');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('script[src*="early-requests"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as WithEarlyRequests).helocEarlyRequests?.byCall.size ?? 0)).toBe(
    0,
  );
});
