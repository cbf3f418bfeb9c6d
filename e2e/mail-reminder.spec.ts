/**
 * Issue 19 item 3, done when: "a reminder e-mail's link opens the exact step after sign-in". A
 * borrower registers on a weekday morning (server clock) and leaves; the dev clock moves 46 minutes
 * on (DEV_CLOCK_CONTROL) and the due reminder job runs; the reminder in the outbox links to the step
 * the application waits at; opened signed out, it asks to log in and then shows exactly that step.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';
import { moveClock, toWeekdayMorning } from './closing-api';
import { registerOverHttp } from './driver';

const PASSWORD = 'Sturdy-pass-42';

test('a reminder e-mail’s link opens the exact step after sign-in', async ({ browser, request, baseURL }) => {
  await toWeekdayMorning(baseURL!);
  const { email, applicationUuid } = await registerOverHttp(request, {
    name: { firstName: 'Remy', lastName: 'Example' },
    email: `reminder-${Date.now()}@heloc.test`,
    password: PASSWORD,
  });

  await moveClock(baseURL!, { advanceMs: 46 * 60_000 });

  const login = await request.post('/identity/api/v1/login', {
    headers: { 'x-org-code': 'MAIN' },
    data: { email: 'ops@heloc.test', password: 'Ops-password-1' },
  });
  const { jwt } = (await login.json()) as { jwt: string };
  let reminder: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const outbox = await request.get(
        `/service-ops/api/v1/mail/outbox?to=${encodeURIComponent(email)}&limit=10`,
        {
          headers: { authorization: `Bearer ${jwt}` },
        },
      );
      const mails = (await outbox.json()) as { subject: string; text: string }[];
      reminder = mails.find((mail) => mail.subject === 'Your application is waiting for you');
      return reminder !== undefined;
    })
    .toBe(true);
  const link = /(https:\/\/\S+\/account\/heloc\/\S+)/.exec(reminder!.text)![1]!;
  const target = new URL(link);
  expect(target.pathname).toBe(`/account/heloc/${applicationUuid}/start/profile`);
  expect(reminder!.text).toContain('/identity/api/v1/mail/unsubscribe?token=');

  // The link opened on this server (the e-mail names the organisation's own host), signed out.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${target.pathname}${target.search}`);
  await expect(page).toHaveURL(/\/auth\/login\?/);
  await page.getByRole('main').getByLabel('Email').fill(email);
  await page
    .getByRole('main')
    .getByLabel(/^Password/)
    .fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/heloc/${applicationUuid}/start/profile$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();
});
