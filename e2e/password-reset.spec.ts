/**
 * Account recovery end to end (issue 19): a borrower signed in elsewhere forgets the password, asks
 * for a link on the login page, opens it from the outbox, sets a new password (the registration rule
 * checked on screen), is sent to log in with a notice, logs in with the new password; the other
 * session has ended and the link does not work twice. Every screen is checked with axe.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';

const OLD_PASSWORD = 'Sturdy-pass-42';
const NEW_PASSWORD = 'Fresh-start-2027';

async function registerByApi(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/identity/api/v1/registration/register', {
    headers: { 'x-org-code': 'MAIN' },
    data: {
      property: { street1: '12 Oak Street', city: 'Fresno', state: 'CA', zip: '93701' },
      saleStatus: 'NOT_SELLING',
      income: { employmentType: 'FULL_TIME', annualIncomeCents: 150_000_00 },
      name: { firstName: 'Robin', lastName: 'Reset' },
      dob: '1980-02-29',
      email,
      phoneNumber: '(415) 555-0100',
      password: OLD_PASSWORD,
      acceptedTerms: true,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { jwt: string }).jwt;
}

/** The path of the newest reset link mailed to `email`, read from the outbox as lender staff. */
async function resetLinkFromOutbox(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/identity/api/v1/login', {
    headers: { 'x-org-code': 'MAIN' },
    data: { email: 'ops@heloc.test', password: 'Ops-password-1' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { jwt } = (await login.json()) as { jwt: string };
  const outbox = await request.get(
    `/service-ops/api/v1/mail/outbox?to=${encodeURIComponent(email)}&limit=1`,
    { headers: { authorization: `Bearer ${jwt}` } },
  );
  expect(outbox.status(), await outbox.text()).toBe(200);
  const [mail] = (await outbox.json()) as { subject: string; text: string }[];
  expect(mail?.subject).toMatch(/^Reset your .+ password$/);
  const match = /(\/auth\/reset-password\?token=[A-Za-z0-9_-]{43})/.exec(mail!.text);
  expect(match, mail?.text).not.toBeNull();
  return match![1]!;
}

test('forgot password: the outbox link sets a new password, other sessions end, the link works once', async ({
  browser,
  page,
}) => {
  // Three browser contexts, four password hashings (registration, reset, two sign-ins) and five axe
  // scans: 18 s on a quiet machine, 29 s on a loaded CI one, so the default 30 s is too tight.
  test.setTimeout(60_000);
  const email = `reset-${Date.now()}@heloc.test`;

  // Signed in in another browser (its own cookie jar): that session must end with the reset.
  const elsewhere = await browser.newContext();
  const elsewhereJwt = await registerByApi(elsewhere.request, email);
  const identityElsewhere = () =>
    elsewhere.request.get('/identity/secure/api/v1/identity', {
      headers: { authorization: `Bearer ${elsewhereJwt}` },
    });
  expect((await identityElsewhere()).status()).toBe(200);

  // The login page links to recovery.
  await page.goto('/auth/login?org=MAIN');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
  await expectNoAxeViolations(page);

  // By keyboard: the e-mail, Enter.
  const emailField = page.getByRole('main').getByLabel(/^Email/);
  await emailField.fill(email);
  await emailField.press('Enter');
  const sent = page.getByRole('status').filter({ hasText: 'If an account exists for this e-mail' });
  await expect(sent).toBeVisible();
  await expect(sent).toBeFocused();
  await expectNoAxeViolations(page);

  // The link from the outbox.
  const link = await resetLinkFromOutbox(page.request, email);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expectNoAxeViolations(page);
  const passwordField = page.getByRole('main').getByLabel(/^New password/);
  await passwordField.fill('weak');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(passwordField).toHaveAccessibleDescription(/Must be at least 10 characters/);
  await expect(passwordField).toBeFocused();
  await passwordField.fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save the new password' }).click();

  // Back to log in, told it worked.
  await expect(page).toHaveURL(/\/auth\/login\?passwordReset=1$/);
  await expect(page.getByRole('status').filter({ hasText: 'Your password was changed' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The session in the other browser has ended.
  expect((await identityElsewhere()).status()).toBe(401);

  // The old password is refused; the new one signs in.
  const main = page.getByRole('main');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel(/^Password/).fill(OLD_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await main.getByLabel(/^Password/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link does not work twice.
  const fresh = await browser.newContext();
  const again = await fresh.newPage();
  await again.goto(link);
  await again
    .getByRole('main')
    .getByLabel(/^New password/)
    .fill('Another-start-2028');
  await again.getByRole('button', { name: 'Save the new password' }).click();
  await expect(again.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
  await expect(again.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  await expectNoAxeViolations(again);
  await fresh.close();
  await elsewhere.close();
});
