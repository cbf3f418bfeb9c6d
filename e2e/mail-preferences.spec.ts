/**
 * Issue 19 (the e-mail remainder): a reminder's unsubscribe link opens a page in the organisation's
 * brand (its logo served at /brand/{org}/logo, its colour), unsubscribes, offers to subscribe again;
 * the borrower's settings show the same preference as "Reminder e-mails" and change it. Every page
 * is axe-clean and used by keyboard.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';
import { moveClock, registerBorrower, toWeekdayMorning } from './closing-api';

async function reminderFor(page: Page, email: string): Promise<{ text: string }> {
  const login = await page.request.post('/identity/api/v1/login', {
    headers: { 'x-org-code': 'MAIN' },
    data: { email: 'ops@heloc.test', password: 'Ops-password-1' },
  });
  const { jwt } = (await login.json()) as { jwt: string };
  let reminder: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        const outbox = await page.request.get(
          `/service-ops/api/v1/mail/outbox?to=${encodeURIComponent(email)}&limit=10`,
          { headers: { authorization: `Bearer ${jwt}` } },
        );
        const mails = (await outbox.json()) as { subject: string; text: string }[];
        reminder = mails.find((mail) => mail.subject === 'Your application is waiting for you');
        return reminder !== undefined;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  return reminder!;
}

/** The brand's logo really loaded (served by /brand/{org}/logo), not just its alt text. */
async function expectLogoLoaded(page: Page, name: string) {
  const logo = page.getByRole('img', { name });
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('src', '/brand/MAIN/logo');
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
}

test('unsubscribe from a reminder on a branded page, subscribe again, and the same switch in settings', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await toWeekdayMorning(baseURL!);
  const borrower = await registerBorrower(page, { lastName: 'Optout' });
  await moveClock(baseURL!, { advanceMs: 46 * 60_000 });
  const reminder = await reminderFor(page, borrower.email);
  const link = /(https:\/\/\S+\/identity\/api\/v1\/mail\/unsubscribe\?token=\S+)/.exec(reminder.text)![1]!;
  const target = new URL(link);
  const served = await (await page.request.get('/account/heloc/?org=MAIN')).text();
  const brand = (
    JSON.parse(/<script id="org-data" type="application\/json">([\s\S]*?)<\/script>/.exec(served)![1]!) as {
      orgBrand: { name: string };
    }
  ).orgBrand.name;

  // The link opened on this server (the e-mail names the organisation's own host).
  await page.goto(`${target.pathname}${target.search}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from reminders?' })).toBeVisible();
  await expectLogoLoaded(page, brand);
  await expect(page.getByRole('contentinfo')).toContainText('NMLS #');
  await expectNoAxeViolations(page);
  // By keyboard: the one button is reached with Tab and pressed with Enter.
  const unsubscribe = page.getByRole('button', { name: 'Unsubscribe from reminders' });
  await unsubscribe.focus();
  await expect(unsubscribe).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();
  await expect(page.getByRole('status')).toContainText('no more reminders');
  await expectLogoLoaded(page, brand);
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Subscribe again' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'You will receive reminders again' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Unsubscribe from reminders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'You are unsubscribed' })).toBeVisible();

  // Settings (signing in again: the clock moved past the token's life): the same preference, off,
  // and turned on.
  await page.goto('/dashboard/settings');
  await expect(page).toHaveURL(/\/auth\/login\?/);
  await page.getByRole('main').getByLabel('Email').fill(borrower.email);
  await page
    .getByRole('main')
    .getByLabel(/^Password/)
    .fill('Strong-passw0rd!');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/, { timeout: 30_000 });
  const toggle = page.getByRole('switch', { name: 'Reminder e-mails' });
  await expect(toggle).toBeEnabled({ timeout: 30_000 });
  await expect(toggle).not.toBeChecked();
  await expectNoAxeViolations(page);
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();
  await expect(page.getByText('Reminder e-mails are on.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Reminder e-mails' })).toBeChecked({ timeout: 30_000 });
  const jwt = await page.evaluate(() => localStorage.getItem('jwt'));
  const stored = await page.request.get('/identity/secure/api/v1/mail-preferences', {
    headers: { authorization: jwt! },
  });
  expect(await stored.json()).toEqual({ reminders: true });
});
