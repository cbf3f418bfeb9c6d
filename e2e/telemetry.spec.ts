/**
 * Telemetry and feedback through the real server: a visit opens one session (libVersion 2.2.23, the
 * tracker kept as telemetry_trackerUuid) and sends a page view per route (productType HELOC) plus the
 * funnel events of the screens passed; the CEO feedback modal validates, submits, and reaches the
 * staff listing. Pages and the open modal are checked with axe.
 */
import { expect, request as playwrightRequest, test, type Page, type Request } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';

test.use({ reducedMotion: 'reduce' });

const DEMO = { email: 'demo@heloc.test', password: 'Demo-password-1' };
const STAFF = { email: 'ops@heloc.test', password: 'Ops-password-1' };

type SentEvent = {
  event: string;
  pagePath: string;
  productType: string;
  eventType: string;
  sessionKey: { uuid: string; trackerUuid: string };
  eventProperties: Record<string, unknown>;
  applicationUuid: string | null;
};

/** Records the telemetry calls the page makes and the server's answers. */
function recordTelemetry(page: Page) {
  const sessions: Record<string, unknown>[] = [];
  const decisions: Record<string, unknown>[] = [];
  const events: SentEvent[] = [];
  const answers: number[] = [];
  page.on('request', (req: Request) => {
    if (req.method() !== 'POST') return;
    if (req.url().includes('/ft/heloc/session')) sessions.push(req.postDataJSON() as Record<string, unknown>);
    if (req.url().includes('/ft/heloc/event')) events.push(req.postDataJSON() as SentEvent);
    if (req.url().includes('/service-optimize/heloc/api/v2/decision'))
      decisions.push(req.postDataJSON() as Record<string, unknown>);
  });
  page.on('response', (res) => {
    if (res.url().includes('/ft/heloc/')) answers.push(res.status());
  });
  return { sessions, decisions, events, answers };
}

async function signIn(page: Page): Promise<string> {
  const response = await page.request.post('/identity/api/v1/login', { data: DEMO });
  expect(response.ok()).toBe(true);
  const { jwt } = (await response.json()) as { jwt: string };
  await page.addInitScript((token) => {
    if (!localStorage.getItem('jwt')) localStorage.setItem('jwt', token);
  }, jwt);
  return jwt;
}

test('a visit opens one session and sends page views and funnel events', async ({ page }) => {
  const sent = recordTelemetry(page);

  await page.goto('/account/heloc/register?org=MAIN&utm_source=mail');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(() => sent.events.map((e) => e.event))
    .toEqual(expect.arrayContaining(['HELOC: Page View', 'HELOC: Registration Started']));
  expect(sent.sessions).toHaveLength(1);
  expect(sent.sessions[0]).toMatchObject({
    platform: 'web',
    libVersion: '2.2.23',
    queryParams: { org: 'MAIN', utm_source: 'mail' },
    sessionKey: null,
  });
  const view = sent.events.find((e) => e.event === 'HELOC: Page View')!;
  expect(view).toMatchObject({
    pagePath: '/account/heloc/register',
    productType: 'HELOC',
    eventType: 'PAGE_VIEW',
  });
  const tracker = await page.evaluate(() => localStorage.getItem('telemetry_trackerUuid'));
  expect(tracker).toBe(view.sessionKey.trackerUuid);

  // The chat launcher renders an experiment (spec 2 §7 v2/decision): asked for alone, for the page's
  // organisation with this browser's tracker; the variation it shows is recorded as an exposure.
  await expect.poll(() => sent.decisions.length).toBeGreaterThan(0);
  expect(sent.decisions[0]).toEqual({
    optimizeUser: { organization: 'MAIN', trackerId: tracker },
    experimentKeys: ['exp-heloc-chat-launcher'],
  });
  await expect
    .poll(() => sent.events.find((e) => e.event === 'HELOC: Experiment Exposure')?.eventProperties)
    .toMatchObject({ experimentKey: 'exp-heloc-chat-launcher', variationKey: expect.any(String) });
  const exposure = sent.events.find((e) => e.event === 'HELOC: Experiment Exposure')!;
  await expect(page.getByRole('button', { name: 'Chat with us' })).toHaveAttribute(
    'data-variation',
    String(exposure.eventProperties.variationKey),
  );

  // Signed in: the application frame, then the dashboard and a route change inside the host router.
  const jwt = await signIn(page);
  const apps = await page.request.get('/service-application/api/v1/application/heloc/all', {
    headers: { authorization: `Bearer ${jwt}` },
  });
  const [application] = (await apps.json()) as { uuid: string; step: string }[];
  const trackerLink = page.waitForRequest((req) => req.url().endsWith(`/${application!.uuid}/tracker-uuid`));
  await page.goto(`/account/heloc/${application!.uuid}`);
  await expect(page.getByRole('heading', { name: 'Application Progress' })).toBeVisible();
  expect((await trackerLink).postDataJSON()).toEqual({ trackerUuid: tracker });
  await expect
    .poll(() => sent.events.map((e) => e.event))
    .toEqual(expect.arrayContaining(['HELOC: Application Viewed', 'HELOC: Step Reached']));
  expect(sent.events.find((e) => e.event === 'HELOC: Step Reached')).toMatchObject({
    eventProperties: { step: application!.step },
    applicationUuid: application!.uuid,
  });
  // The application index leads to the screen its status resolves to; leave only once that is viewed.
  await expect(page).toHaveURL(new RegExp(`/${application!.uuid}/start/profile$`));
  await expect
    .poll(() => sent.events.some((e) => e.pagePath === `/account/heloc/${application!.uuid}/start/profile`))
    .toBe(true);

  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Settings' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect
    .poll(() => sent.events.filter((e) => e.event === 'HELOC: Page View').map((e) => e.pagePath))
    .toEqual([
      '/account/heloc/register',
      // The application index never renders: its loader sends the borrower to the screen the status
      // resolves to, so that screen is the page viewed (not the index and then the screen).
      `/account/heloc/${application!.uuid}/start/profile`,
      '/dashboard',
      '/dashboard/settings',
    ]);

  // One tracker for the whole visit; each document load resumes the tab's session.
  expect(new Set(sent.events.map((e) => e.sessionKey.trackerUuid))).toEqual(new Set([tracker]));
  expect(new Set(sent.events.map((e) => e.sessionKey.uuid)).size).toBe(1);
  expect(sent.answers.every((status) => status === 200 || status === 202)).toBe(true);
});

test('the CEO feedback modal validates, submits and reaches the staff listing', async ({ page, baseURL }) => {
  await signIn(page);
  await page.goto('/dashboard?org=MAIN');
  const open = page
    .getByRole('contentinfo')
    .getByRole('button', { name: 'Share your thoughts with our CEO' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Share your thoughts with our CEO' });
  await expect(dialog).toBeVisible();

  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Required', { exact: true })).toHaveCount(3);
  await expect(dialog.getByRole('radio', { name: 'Improve our product' })).toBeFocused();
  await expectNoAxeViolations(page);

  await dialog.getByRole('radio', { name: 'Give us a compliment' }).check();
  const message = dialog.getByRole('textbox', { name: /Your message/ });
  await message.fill('Too short');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByText('Must be at least 10 characters')).toBeVisible();
  const text = `Lovely service, thank you! ${Date.now()}`;
  await message.fill(text);
  await dialog.getByRole('radio', { name: 'Yes' }).check();
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Thank you. Your message is on its way to our CEO.');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  // A separate request context: staff sign-in must not replace the borrower's fingerprint cookie.
  const staff = await playwrightRequest.newContext({ baseURL });
  try {
    const login = await staff.post('/identity/api/v1/login', { data: STAFF });
    const { jwt } = (await login.json()) as { jwt: string };
    const listing = await staff.get('/service-profile/api/v1/feedback/ceo?orgCode=MAIN', {
      headers: { authorization: `Bearer ${jwt}` },
    });
    expect(listing.status()).toBe(200);
    const { items } = (await listing.json()) as { items: Record<string, unknown>[] };
    expect(items.find((item) => item.message === text)).toMatchObject({
      email: DEMO.email,
      topic: 'Give us a compliment',
      marketingConsent: true,
      pathname: '/dashboard',
      productType: 'HELOC',
      applicationUuid: null,
    });
  } finally {
    await staff.dispose();
  }
});
