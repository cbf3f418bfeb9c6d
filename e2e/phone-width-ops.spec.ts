/**
 * The staff console at phone width (issue 19: "a phone-width (390 px) pass over every screen: nothing
 * covered, nothing cut off, axe clean"): at 390×844 every console screen — the sign-in, then as the
 * platform admin (admin@heloc.test, who holds every permission, so every section and every panel of the
 * file shows) the overview, the pipeline, an application's file (borrower facts, conditions, decisions,
 * documents, notes, e-mails and timeline: one page), each report, the webhooks and one subscription's
 * deliveries, the exports (HMDA), the staff, the settings (every fieldset: one form) and their versions,
 * the mail outbox and the chat desk — passes the shared checks of `e2e/phone.ts`: no sideways scroll, no
 * focused control under the top bar, axe clean. The sections are a burger menu at this width: it opens,
 * moves by keyboard and closes.
 *
 * The application is made through the API first: a borrower walked to income verification (documents,
 * e-mails and a timeline on file) with a condition raised by the processor.
 */
import { expect, test } from '@playwright/test';
import { driveToIncomeVerification, registerBorrower } from './closing-api';
import { checkScreen, checkShown, PHONE } from './phone';

const PASSWORD = 'Ops-password-1';

test.use({ viewport: PHONE });

test('every console screen at 390 px', async ({ page, browser, request }) => {
  test.setTimeout(150_000);
  const staffToken = async (email: string) => {
    const login = await request.post('/identity/api/v1/login', { data: { email, password: PASSWORD } });
    expect(login.status(), await login.text()).toBe(200);
    return `Bearer ${((await login.json()) as { jwt: string }).jwt}`;
  };
  // A webhook subscription first, so the borrower's events give it deliveries (to a closed port).
  const subscribed = await request.post('/service-ops/api/v1/webhooks/subscriptions', {
    headers: { authorization: await staffToken('admin@heloc.test') },
    data: {
      orgCode: 'MAIN',
      url: `http://127.0.0.1:9/phone-width/${Date.now()}`,
      description: 'Phone-width pass',
      eventTypes: ['application.created', 'step.changed'],
    },
  });
  expect(subscribed.status(), await subscribed.text()).toBe(201);
  const subscriptionUuid = ((await subscribed.json()) as { subscription: { uuid: string } }).subscription
    .uuid;
  // The borrower's own context: its sign-in stays out of the staff page.
  const borrowerContext = await browser.newContext();
  const who = await registerBorrower(await borrowerContext.newPage(), { lastName: 'Narrow' });
  const borrowerPage = borrowerContext.pages()[0]!;
  await driveToIncomeVerification(borrowerPage, who);
  await borrowerContext.close();
  const raised = await request.post(`/service-ops/api/v1/applications/${who.applicationUuid}/conditions`, {
    headers: { authorization: await staffToken('processor@heloc.test') },
    data: { category: 'REVIEW_TRUST_REQUIREMENTS', commentsToBorrower: 'Your trust certificate, please.' },
  });
  expect(raised.status(), await raised.text()).toBe(200);

  await page.goto('/ops/');
  await checkShown(page, 'sign-in', true);
  await page.getByLabel('Email').fill('admin@heloc.test');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // A member who answers chats lands on the chat desk.
  await expect(page.getByRole('heading', { name: 'Chats' })).toBeVisible();
  await checkShown(page, 'chat desk', true);
  await checkScreen(page, '/ops/overview');

  // The fixed top bar does not widen the page when its content overflows: it must fit on its own.
  const topBar = page.getByRole('banner');
  expect(await topBar.evaluate((bar) => bar.scrollWidth - bar.clientWidth), 'the top bar overflows').toBe(0);

  // The sections behind the burger: opened by keyboard, a section chosen, the menu closed again.
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await expect(sections).toBeHidden();
  const burger = page.getByRole('button', { name: 'Sections menu', exact: true });
  await burger.focus();
  await page.keyboard.press('Enter');
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  await expect(sections).toBeVisible();
  const menu = page.getByRole('dialog', { name: 'Lender console' });
  await expect(menu.getByText('Signed in as Admin · All organisations')).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await sections.getByRole('button', { name: 'Applications' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ops\/applications$/);
  await expect(sections).toBeHidden();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await checkShown(page, 'pipeline', true);
  // The pipeline's table scrolls in its own labelled, focusable region, not the page.
  const tableRegion = page.getByRole('region', { name: 'Applications table' });
  await expect(tableRegion).toHaveAttribute('tabindex', '0');
  expect(await tableRegion.evaluate((region) => region.scrollWidth > region.clientWidth)).toBe(true);

  await checkScreen(page, `/ops/applications/${who.applicationUuid}`, true);
  await expect(page.getByRole('region', { name: 'Conditions' })).toContainText('trust');
  for (const name of ['Decisions', 'Timeline', 'Documents'])
    await expect(page.getByRole('region', { name, exact: true })).toBeVisible();

  for (const kind of ['funnel', 'step-times', 'pull-through', 'operations']) {
    await checkScreen(page, `/ops/reports/${kind}`);
  }
  await checkScreen(page, '/ops/webhooks');
  await checkScreen(page, `/ops/webhooks/${subscriptionUuid}`);
  // Deliveries of the subscribed kinds: newest first, so with other specs' borrowers running beside
  // this one (the steady project runs two at a time) this borrower's own may be on a later page.
  await expect(page.getByRole('table', { name: 'Deliveries' })).toContainText(
    /application\.created|step\.changed/,
  );
  await checkScreen(page, '/ops/exports');
  await checkScreen(page, '/ops/staff');
  await checkScreen(page, '/ops/settings');
  await checkScreen(page, '/ops/settings/MAIN');
  await checkScreen(page, '/ops/mail');
});
