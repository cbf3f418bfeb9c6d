/**
 * Additional signers through the real server: a borrower whose home is jointly owned is driven through
 * the API to CO_DEED (signing/additional), invites the co-owner, and the co-owner — in a second browser
 * context — opens the link from the staff outbox, sets a password, confirms identity, e-signs, signs the
 * deed with the notary; the borrower then goes on to the notary. Plus a used link, a signer on a
 * borrower-only URL, and axe on every signer screen.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';
import { ADDRESSES, registerBorrower, storedAuthorization } from './borrower';
import { httpBorrower } from './driver';

const engine = (uuid: string) => `/service-application/api/v1/application/heloc/${uuid}`;
const statusUrl = (uuid: string) => `/service-krang-heloc/borrower/secure/api/v1/${uuid}/status`;

/**
 * Answers of the many endpoints the test drives, read field by field; typing each here would only
 * restate the server's schemas.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Answer = Record<string, any>;

async function call(page: Page, method: 'GET' | 'POST', path: string, data?: unknown, multipart?: unknown) {
  const response = await page.request.fetch(path, {
    method,
    headers: { authorization: await storedAuthorization(page) },
    ...(data !== undefined && { data }),
    ...(multipart !== undefined && { multipart: multipart as Record<string, string> }),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as Answer;
}

async function settled(page: Page, uuid: string): Promise<string> {
  for (let attempt = 0; attempt < 90; attempt += 1) {
    const { status } = (await call(page, 'GET', statusUrl(uuid))) as { status: string };
    if (!/^(WAITING_FOR_|GEN_)/.test(status)) return status;
    await page.waitForTimeout(500);
  }
  throw new Error('the status kept waiting');
}

/** The borrower's application through the API to CO_DEED (the one borrower driver), the home owned jointly. */
async function borrowerAtCoDeed(page: Page, lastName: string): Promise<string> {
  const uuid = await registerBorrower(page, lastName);
  const jwt = (await storedAuthorization(page)).replace(/^Bearer /, '');
  await httpBorrower(
    page.request,
    { applicationUuid: uuid, jwt },
    {
      firstName: 'Sandy',
      lastName,
      dob: '1980-02-29',
      email: `joint-${Date.now()}@heloc.test`,
      phoneNumber: '(415) 555-0100',
      address: ADDRESSES.CA,
      ownership: 'JOINT',
      employerName: 'Acme Tools',
    },
  ).walkTo('CO_DEED');
  return uuid;
}

async function staffOutboxLink(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post('/identity/api/v1/login', {
    headers: { 'x-org-code': 'MAIN' },
    data: { email: 'ops@heloc.test', password: 'Ops-password-1' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { jwt } = (await login.json()) as { jwt: string };
  const outbox = await request.get(
    `/service-ops/api/v1/mail/outbox?to=${encodeURIComponent(email)}&limit=1`,
    {
      headers: { authorization: `Bearer ${jwt}` },
    },
  );
  expect(outbox.status(), await outbox.text()).toBe(200);
  const [mail] = (await outbox.json()) as { text: string }[];
  const match = /(\/account\/heloc\/heloc-signer\/resume\?token=[A-Za-z0-9_-]{43})/.exec(mail!.text);
  expect(match, mail?.text).not.toBeNull();
  return match![1]!;
}

test('the borrower’s invited owners fit a phone: name, e-mail, progress and both actions in view', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const uuid = await borrowerAtCoDeed(page, 'Narrow');
  const email = `a-rather-long-co-owner-address-${Date.now()}@heloc.test`;
  await call(page, 'POST', `${engine(uuid)}/co-deed/invitations`, {
    signers: [{ firstName: 'Casey', lastName: 'Narrow', email }],
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/account/heloc/${uuid}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Invited owners' })).toBeVisible({ timeout: 30_000 });
  await expect(main).not.toContainText('No other owners are listed');
  const row = main.getByRole('row', { name: /Casey Narrow/ });
  await expect(row).toContainText(email);
  // The table needs no sideways scroll (the actions were behind one), nor does the page.
  const table = main.getByRole('table');
  expect(
    await table.evaluate((node) => node.parentElement!.scrollWidth - node.parentElement!.clientWidth),
  ).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const action of ['Re-send the invitation to Casey Narrow', 'Cancel the invitation of Casey Narrow']) {
    const button = row.getByRole('button', { name: action });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport({ ratio: 1 });
  }
  await expectNoAxeViolations(page);
});

test('the co-owner accepts from the outbox link, signs and is notarized; the borrower goes on', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  const uuid = await borrowerAtCoDeed(page, 'Happypath');
  const email = `co-owner-${Date.now()}@heloc.test`;
  await call(page, 'POST', `${engine(uuid)}/co-deed/invitations`, {
    signers: [{ firstName: 'Casey', lastName: 'Happypath', email }],
  });
  // Staff sign in from their own context: a sign-in replaces the session cookie of the context it is in.
  const staffContext = await browser.newContext();
  const link = await staffOutboxLink(staffContext.request, email);
  await staffContext.close();

  // The co-owner shares where they sign, as the borrower does (the geolocation alert first).
  const signerContext = await browser.newContext({
    permissions: ['geolocation'],
    geolocation: { latitude: 37.7749, longitude: -122.4194 },
  });
  const signer = await signerContext.newPage();
  const main = signer.getByRole('main');
  await signer.goto(link);
  await expect(main.getByRole('heading', { level: 1, name: 'You are invited to sign' })).toBeVisible();
  await expect(main.getByText(/Sandy Happypath asked you to sign/)).toBeVisible();
  await expectNoAxeViolations(signer);
  await main.getByLabel(/Create a password/).fill('Co-owner-passw0rd!');
  await main.getByRole('button', { name: 'Accept and continue' }).click();

  await expect(signer).toHaveURL(/\/heloc-signer\/identity$/);
  await expect(main.getByRole('heading', { level: 1, name: 'Confirm who you are' })).toBeVisible();
  await expect(signer.getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
  await expectNoAxeViolations(signer);
  await main.getByLabel(/Birthdate/).fill('03/15/1982');
  await main.getByLabel(/Mobile phone/).fill('(415) 555-0111');
  await main.getByRole('button', { name: 'Continue' }).click();

  await expect(signer).toHaveURL(/\/heloc-signer\/documents$/);
  await expect(main.getByRole('heading', { level: 1, name: 'Sign your documents' })).toBeVisible();
  const viewer = main.getByRole('document').first();
  await expect(viewer).toBeVisible({ timeout: 15_000 });
  await expectNoAxeViolations(signer);
  const signButton = main.getByRole('button', { name: /^Sign / });
  await expect(signButton).toBeDisabled();
  // Signing opens only once the last page has been seen: page to the end of the document.
  await main.getByLabel(/I agree to sign this document electronically/).check();
  // Each "Next page" names the page it went to, at once (no retry hides a viewer that lags behind).
  const nextPage = main.getByRole('button', { name: 'Next page' });
  const pages = Number((await main.getByText(/^Page 1 of \d+$/).textContent())?.split(' of ')[1]);
  expect(pages).toBeGreaterThan(1);
  for (let page = 2; page <= pages; page += 1) {
    await nextPage.click();
    await expect(main.getByText(`Page ${page} of ${pages}`)).toBeVisible();
  }
  await expect(nextPage).toBeDisabled();
  await viewer.scrollIntoViewIfNeeded();
  await expect(signButton).toBeEnabled();
  await signButton.click();
  const locationAlert = signer.getByRole('dialog', { name: 'Why We Need Your Location' });
  await expect(locationAlert).toBeVisible();
  // Checked once it has faded in (mid-transition its text is not yet at full contrast).
  await expect(locationAlert).toHaveCSS('opacity', '1');
  await expectNoAxeViolations(signer);
  await locationAlert.getByRole('button', { name: 'Allow' }).click();

  await expect(signer).toHaveURL(/\/heloc-signer\/intro$/, { timeout: 15_000 });
  await expect(
    main.getByRole('heading', { level: 1, name: 'Sign the deed with an online notary' }),
  ).toBeVisible();
  await expectNoAxeViolations(signer);
  await main.getByRole('button', { name: 'Start my notary session' }).click();
  await expect(signer).toHaveURL(/\/heloc-signer\/sign$/);
  await expect(main.getByRole('heading', { level: 1, name: 'Your notary session' })).toBeVisible();
  await expectNoAxeViolations(signer);
  await main.getByLabel(/I agree to sign this document electronically/).check();
  await main.getByRole('button', { name: 'Sign the deed' }).click();
  await expect(signer).toHaveURL(/\/heloc-signer\/documents$/);
  await expect(main.getByRole('heading', { level: 1, name: 'Your documents' })).toBeVisible();
  await expect(main.getByText('You have signed everything')).toBeVisible();
  await expectNoAxeViolations(signer);

  // A signer on the borrower's own application sees none of it.
  await signer.goto(`/account/heloc/${uuid}`);
  // Not theirs: the application is missing for them, which leads to the dashboard (spec 1 §4).
  await signer.waitForURL(/\/dashboard/);
  await expect(signer.getByText('Sandy Happypath')).toHaveCount(0);
  const denied = await signer.request.get(engine(uuid), {
    headers: { authorization: await storedAuthorization(signer) },
  });
  expect(denied.status()).toBe(404);

  // The reused link: no longer valid (in a fresh tab, clear of the dashboard's own navigation).
  const reused = await signerContext.newPage();
  await reused.goto(link);
  const reusedMain = reused.getByRole('main');
  await expect(reusedMain.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
  await expect(reusedMain.getByRole('alert')).toContainText('not valid');
  await expectNoAxeViolations(reused);

  // The borrower goes on to the notary.
  expect(await settled(page, uuid)).not.toBe('CO_DEED');
  const coDeed = await call(
    page,
    'GET',
    `${engine(uuid).replace(/\/[^/]+$/, '')}/co-deed/status?applicationUuid=${uuid}`,
  );
  expect(coDeed.signers[0].status).toBe('COMPLETE');
  await signerContext.close();
});

test('signer screens for visitors: login, cancelled and a malformed link are axe-clean', async ({ page }) => {
  await page.goto('/account/heloc/heloc-signer');
  await expect(page).toHaveURL(/\/heloc-signer\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Log in to sign' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/account/heloc/heloc-signer/cancelled');
  await expect(page.getByRole('heading', { level: 1, name: 'Your invitation was cancelled' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/account/heloc/heloc-signer/resume?token=nope');
  await expect(page.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/account/heloc/heloc-signer/identity');
  await expect(page).toHaveURL(/\/heloc-signer\/login$/);
});
