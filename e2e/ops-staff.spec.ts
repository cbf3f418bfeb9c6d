/**
 * The lender console per role, in the browser against the real server: every seeded staff account
 * signs in at /ops/ and sees only the sections its roles allow; a second organisation's admin
 * (ops-cascade@heloc.test) sees none of MAIN's waiting chats, while MAIN's agent does. Axe on each screen.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';

const PASSWORD = 'Ops-password-1';

async function signInToConsole(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/ops/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/^Signed in as /)).toBeVisible();
  return page;
}

const sectionNames = async (page: Page) =>
  page.getByRole('navigation', { name: 'Sections' }).getByRole('button').allTextContents();

test('each seeded staff account sees only what its roles allow; CASCADE_TEACHERS sees none of MAIN’s chats', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  // MAIN's chat is open all week (set by the platform admin), and a MAIN visitor waits for an agent.
  const admin = await request.post('/identity/api/v1/login', {
    data: { email: 'admin@heloc.test', password: PASSWORD },
  });
  expect(admin.status()).toBe(200);
  const { jwt } = (await admin.json()) as { jwt: string };
  const days = [1, 2, 3, 4, 5, 6, 7].map((weekdayValue) => ({
    weekdayValue,
    isOpen: true,
    startTime: '00:00',
    endTime: '23:59:59',
  }));
  const hours = await request.put('/service-operating-hours/secure/api/v1/hours/OPS_CHAT', {
    headers: { authorization: `Bearer ${jwt}` },
    data: { orgCode: 'MAIN', days },
  });
  expect(hours.status(), await hours.text()).toBe(200);
  const started = await request.post('/service-csp/external/api/v1/twilio/initWebChat', {
    headers: { 'x-org-code': 'MAIN' },
    data: {
      friendlyName: 'Mona Main',
      emailAddress: 'mona.main@example.com',
      welcomeMessage: 'Hello from MAIN',
    },
  });
  expect(started.status(), await started.text()).toBe(200);

  // The second organisation's admin and agent: chats and staff, but no MAIN chat and no MAIN staff.
  const cascade = await signInToConsole(browser, 'ops-cascade@heloc.test');
  expect(await sectionNames(cascade)).toEqual([
    'Overview',
    'Applications',
    'Chats',
    'Staff',
    'Webhooks',
    'Reports',
    'Exports',
    'Settings',
    'E-mail',
  ]);
  await expect(cascade.getByText('No chats waiting.')).toBeVisible();
  await expect(cascade.getByTestId('desk-conversation').filter({ hasText: 'Mona Main' })).toHaveCount(0);
  await expectNoAxeViolations(cascade);
  await cascade.getByRole('button', { name: 'Staff' }).click();
  const members = cascade.getByRole('table', { name: 'Staff members' });
  await expect(members).toContainText('ops-cascade@heloc.test');
  await expect(members).not.toContainText('ops@heloc.test');
  await expectNoAxeViolations(cascade);

  // MAIN's admin and agent sees the waiting MAIN chat.
  const main = await signInToConsole(browser, 'ops@heloc.test');
  expect(await sectionNames(main)).toEqual([
    'Overview',
    'Applications',
    'Chats',
    'Staff',
    'Webhooks',
    'Reports',
    'Exports',
    'Settings',
    'E-mail',
  ]);
  await expect(main.getByTestId('desk-conversation').filter({ hasText: 'Mona Main' }).first()).toBeVisible();

  // The loan officer and the processor (who also underwrites: the reports; and reads the outbox: the
  // e-mail viewer) land on the applications, with neither the desk nor staff administration.
  for (const [email, sections] of [
    ['lo@heloc.test', ['Overview', 'Applications']],
    ['processor@heloc.test', ['Overview', 'Applications', 'Reports', 'E-mail']],
  ] as const) {
    const page = await signInToConsole(browser, email);
    expect(await sectionNames(page)).toEqual(sections);
    await expect(page.getByRole('table', { name: 'Applications' })).toBeVisible();
    await page.getByRole('button', { name: 'Overview' }).click();
    await expect(page.getByTestId('staff-permissions')).toBeVisible();
    await expectNoAxeViolations(page);
  }

  // The platform admin sees every organisation's chats, MAIN's included, and every organisation's staff.
  const platform = await signInToConsole(browser, 'admin@heloc.test');
  await expect(platform.getByText('Signed in as Admin · All organisations')).toBeVisible();
  await expect(
    platform.getByTestId('desk-conversation').filter({ hasText: 'Mona Main' }).first(),
  ).toBeVisible();
  await platform.getByRole('button', { name: 'Staff' }).click();
  await expect(platform.getByRole('table', { name: 'Staff members' })).toContainText(
    'ops-cascade@heloc.test',
  );
});
