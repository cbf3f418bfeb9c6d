/**
 * The other closing paths in the browser (the happy path is borrower-closing.spec.ts): the manual
 * notary ($300 fee, a slot in Pacific time), the Texas valuation ($180 consent, then the hold), the
 * Paystub scenario (the condition on the dashboard, the upload count, submit, on to the employer).
 * Earlier steps run through the API. Every screen is checked with axe.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';
import {
  bankLinkApi,
  apiPost,
  driveClosingApi,
  driveToIncomeVerification,
  insuredApi,
  moveClock,
  statusOf,
  registerBorrower,
  toWeekdayMorning,
  waitForStatus,
} from './closing-api';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const main = (page: Page) => page.getByRole('main');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test.beforeEach(({ baseURL }) => toWeekdayMorning(baseURL!));

test('manual notary: the $300 consent, a slot in Pacific time, the booked appointment', async ({ page }) => {
  test.setTimeout(150_000);
  const who = await registerBorrower(page);
  await driveToIncomeVerification(page, who);
  await driveClosingApi(page, who, 'SIGNED');

  await page.goto(`/account/heloc/${who.applicationUuid}`);
  await expect(heading(page, 'Meet your notary')).toBeVisible();
  await main(page)
    .getByRole('radio', { name: /A notary comes to you/ })
    .check();
  await main(page).getByRole('button', { name: 'Continue' }).click();
  await expect(
    main(page).getByRole('checkbox', { name: 'I agree to pay the $300 manual notarization fee' }),
  ).toHaveAccessibleDescription('Required');
  await main(page).getByRole('checkbox', { name: 'I agree to pay the $300 manual notarization fee' }).check();
  await expectNoAxeViolations(page);
  await main(page).getByRole('button', { name: 'Continue' }).click();

  await expect(heading(page, 'Schedule your notary')).toBeVisible();
  await expect(page).toHaveURL(/\/notary\/reserve-manual$/);
  await expectNoAxeViolations(page);
  await main(page).getByRole('link', { name: 'Choose a time' }).click();
  await expect(heading(page, 'Choose a time')).toBeVisible();
  await expect(main(page).getByText('Times are shown in Pacific time (PT).')).toBeVisible();
  const slot = main(page)
    .getByRole('radio', { name: /Pacific time$/ })
    .first();
  await expect(slot).toBeVisible();
  await expectNoAxeViolations(page);
  await slot.check();
  await main(page).getByRole('button', { name: 'Reserve this time' }).click();
  await expect(heading(page, 'Your notary appointment is booked')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/notary\/intro$/);
  await expectNoAxeViolations(page);
});

test('Texas: the valuation is explained, ordered with the $180 consent, held; signing opens on the 12th day', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const who = await registerBorrower(page, { lastName: 'Texas', state: 'TX' });
  await driveToIncomeVerification(page, who);
  await driveClosingApi(page, who, 'IDENTITY');
  await waitForStatus(page.request, who, 'BPO_ORDER');

  await page.goto(`/account/heloc/${who.applicationUuid}`);
  await expect(heading(page, 'Your home needs a valuation')).toBeVisible();
  await expect(page).toHaveURL(/\/bpo\/condition$/);
  await expectNoAxeViolations(page);
  await main(page).getByRole('link', { name: 'Continue' }).click();
  await expect(heading(page, 'Order your home valuation')).toBeVisible();
  await expect(main(page).getByText(/It costs \$180\./)).toBeVisible();
  await main(page).getByRole('button', { name: 'Order valuation' }).click();
  await expect(
    main(page).getByRole('checkbox', { name: 'I agree to pay the $180 valuation fee' }),
  ).toHaveAccessibleDescription('Required');
  await main(page).getByRole('checkbox', { name: 'I agree to pay the $180 valuation fee' }).check();
  await expectNoAxeViolations(page);
  await main(page).getByRole('button', { name: 'Order valuation' }).click();
  await expect(heading(page, 'Your home valuation is in progress')).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/bpo\/hold$/);
  await expectNoAxeViolations(page);

  // The report comes back two days later: the documents can be read, but the 12-day notice has not
  // run, so the page says when signing opens and Sign stays disabled (no 409 after pressing it).
  await moveClock(baseURL!, { advanceMs: 2 * 86_400_000 });
  await waitForStatus(page.request, who, 'NOTE_SIGNING');
  await page.goto(`/account/heloc/${who.applicationUuid}`);
  await expect(heading(page, 'Sign your documents')).toBeVisible({ timeout: 30_000 });
  await expect(main(page).getByText('Signing opens later')).toBeVisible();
  await expect(main(page)).toContainText(
    /A Texas home equity loan can close on or after \d{2}\/\d{2}\/\d{4}, 12 days after/,
  );
  await main(page).getByRole('link', { name: 'Start signing' }).click();
  await expect(page).toHaveURL(/\/signing\/sign$/);
  await expect(main(page).getByText('Signing opens later')).toBeVisible();
  await expect(main(page).getByRole('button', { name: /^Sign / })).toBeDisabled();
  await expectNoAxeViolations(page);
});

test('Paystub: the open condition, one pay stub uploaded, sent for review, on to the employer', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const who = await registerBorrower(page, { lastName: 'Paystub' });
  await driveToIncomeVerification(page, who);
  const link = await bankLinkApi(page, who);
  await apiPost(page.request, who, '/income/link', { publicToken: link.publicToken });
  await expect
    .poll(async () => {
      const res = await page.request.get(
        `/service-krang-heloc/borrower/secure/api/v1/${who.applicationUuid}/status`,
        { headers: { authorization: `Bearer ${who.jwt}` } },
      );
      return ((await res.json()) as { applicationStatus: { manualPaystubUpload: boolean } }).applicationStatus
        .manualPaystubUpload;
    })
    .toBe(true);

  await page.goto(`/account/heloc/${who.applicationUuid}/conditions`);
  await expect(heading(page, 'Items we need from you')).toBeVisible();
  await expect(main(page).getByRole('heading', { name: 'Manual paystub upload' })).toBeVisible();
  await expectNoAxeViolations(page);
  await main(page).getByRole('link', { name: 'Upload pay stubs' }).click();

  await expect(heading(page, 'Upload your pay stubs')).toBeVisible();
  await expect(main(page).getByText('0 of 1 uploaded')).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Submit documents' })).toBeDisabled();
  await expectNoAxeViolations(page);
  await main(page)
    .getByLabel('Add a pay stub')
    .setInputFiles({ name: 'stub.pdf', mimeType: 'application/pdf', buffer: PDF });
  await main(page).getByRole('button', { name: 'Upload' }).click();
  await expect(main(page).getByText('1 of 1 uploaded')).toBeVisible();
  await main(page).getByRole('button', { name: 'Submit documents' }).click();
  await expect(heading(page, 'Verify your employment')).toBeVisible({ timeout: 30_000 });
});

test('Selfemployed: two tax returns asked for, both uploaded, then the accounts', async ({ page }) => {
  test.setTimeout(150_000);
  const who = await registerBorrower(page, { lastName: 'Selfemployed', employmentType: 'SELF_EMPLOYED' });
  await driveToIncomeVerification(page, who);
  const link = await bankLinkApi(page, who);
  await apiPost(page.request, who, '/income/link', { publicToken: link.publicToken });
  await page.goto(`/account/heloc/${who.applicationUuid}`);
  await expect(main(page).getByText('We need a few documents')).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page);
  await main(page)
    .getByRole('link', { name: /Upload Tax Return/i })
    .click();
  await expect(heading(page, 'Upload your tax returns')).toBeVisible();
  await expect(main(page).getByText('0 of 2 uploaded')).toBeVisible();
  const input = main(page).getByLabel('Add a tax return');
  for (const [index, name] of ['2024.pdf', '2025.pdf'].entries()) {
    await input.setInputFiles({
      name,
      mimeType: 'application/pdf',
      buffer: Buffer.concat([PDF, Buffer.from(`% ${name}\n`)]),
    });
    await main(page).getByRole('button', { name: 'Upload' }).click();
    await expect(main(page).getByText(`${index + 1} of 2 uploaded`)).toBeVisible();
    if (index === 0)
      await expect(main(page).getByRole('button', { name: 'Submit documents' })).toBeDisabled();
  }
  await expectNoAxeViolations(page);
  await main(page).getByRole('button', { name: 'Submit documents' }).click();
  await expect(heading(page, 'Where should we send your funds?')).toBeVisible({ timeout: 30_000 });
});

test('Flood: the certificate wait has its own page, then the documents are ready to sign', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const who = await registerBorrower(page, { lastName: 'Flood' });
  await driveToIncomeVerification(page, who);
  await driveClosingApi(page, who, 'IDENTITY');
  await waitForStatus(page.request, who, 'WAITING_FOR_FLOOD_CERT');
  await page.goto(`/account/heloc/${who.applicationUuid}`);
  await expect(heading(page, 'We are waiting for your flood certificate')).toBeVisible();
  await expect(page).toHaveURL(/\/error\/flood-cert$/);
  await expectNoAxeViolations(page);
  await moveClock(baseURL!, { advanceMs: 2 * 3_600_000 });
  await waitForStatus(page.request, who, 'NOTE_SIGNING');
  await page.reload();
  await expect(heading(page, 'Sign your documents')).toBeVisible();
});

test('Noavm: the borrower estimates the value, consents to the $180 valuation, then waits', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const who = await registerBorrower(page, { lastName: 'Noavm' });
  await apiPost(page.request, who, '/profile', {
    name: { firstName: 'Ann', lastName: who.lastName },
    dob: '1980-02-29',
    softCreditConsent: true,
  });
  await waitForStatus(page.request, who, 'LIEN_VERIFICATION');
  await apiPost(page.request, who, '/liens/confirm');
  await waitForStatus(page.request, who, 'NO_AVM');
  await page.goto(`/account/heloc/${who.applicationUuid}`);
  await expect(heading(page, 'What is your home worth?')).toBeVisible();
  await expectNoAxeViolations(page);
  await main(page)
    .getByLabel(/Estimated home value/)
    .fill('700,000');
  await main(page).getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 'Order your home valuation')).toBeVisible();
  await main(page).getByRole('checkbox', { name: 'I agree to pay the $180 valuation fee' }).check();
  await main(page).getByRole('button', { name: 'Order valuation' }).click();
  await expect(heading(page, 'Your home valuation is in progress')).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);
});

test('on a phone, by keyboard: the income review and the link modal', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const who = await registerBorrower(page);
  await driveToIncomeVerification(page, who);
  await page.goto(`/account/heloc/${who.applicationUuid}`);
  await expect(heading(page, 'Verify your income')).toBeVisible();
  // Nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);

  const link = main(page).getByRole('link', { name: 'Link bank account' });
  await link.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Link your bank account' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Sandbox Bank' })).toBeVisible();
  await dialog.getByRole('radio', { name: 'Sandbox Bank' }).focus();
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('radio', { name: 'Sandbox Bank' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/income\/review$/);
  await expect(heading(page, 'Verify your income')).toBeVisible();
});

test('Cancel my line during the right-to-cancel period: confirmed, cancelled, never funded', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const who = await registerBorrower(page, { lastName: 'Rescind' });
  await driveToIncomeVerification(page, who);
  await driveClosingApi(page, who, 'SIGNED');
  await insuredApi(page, who);
  await waitForStatus(page.request, who, 'RESCISSION');

  await page.goto(`/account/heloc/${who.applicationUuid}`);
  await expect(heading(page, 'Funding is pending')).toBeVisible({ timeout: 30_000 });
  await main(page).getByRole('button', { name: 'Cancel my line' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your line of credit?' });
  await expect(dialog).toContainText('Any fees you paid are returned within 20 days.');
  // Axe reads colours as drawn: wait for the dialog's fade-in to end.
  await expect(dialog).toHaveCSS('opacity', '1');
  await expectNoAxeViolations(page);
  // Keeping it changes nothing.
  await dialog.getByRole('button', { name: 'Keep my line' }).click();
  await expect(dialog).toBeHidden();
  expect(await statusOf(page.request, who)).toBe('RESCISSION');

  await main(page).getByRole('button', { name: 'Cancel my line' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, cancel my line' }).click();
  await expect(heading(page, 'Your line of credit is cancelled')).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(page);
  expect(await statusOf(page.request, who)).toBe('CANCELLED');
  // The confirmation stays on view past the screen's status refreshes (1 s doubling to 5 s), although a
  // CANCELLED application routes to the dashboard: it once gave way mid-read.
  await page.waitForTimeout(8_000);
  await expect(heading(page, 'Your line of credit is cancelled')).toBeVisible();
  await main(page).getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Past the deadline and recording day: nothing is recorded or funded.
  await moveClock(baseURL!, { advanceMs: 8 * 24 * 3_600_000 });
  expect(await statusOf(page.request, who)).toBe('CANCELLED');
  // Coming back, the application is a cancelled card on the dashboard.
  await page.goto(`/account/heloc/${who.applicationUuid}`);
  await expect(page.getByRole('main')).toContainText('Cancelled');
  await expect(page).toHaveURL(/\/dashboard$/);
});
