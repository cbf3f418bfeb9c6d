/**
 * Other owners on title, before and after the closing documents (issue 19): the borrower lists them
 * on the ID screen, so the deed of trust names every owner, and sends their invitations once signed;
 * a co-owner who signed may cancel the line during the right-to-cancel period, like the borrower.
 * Earlier steps run through the API.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';
import {
  apiGet,
  bankLinkApi,
  apiPost,
  coOwnerSignsApi,
  driveClosingApi,
  driveToIncomeVerification,
  employerAndAccountsApi,
  insuredApi,
  outboxMail,
  registerBorrower,
  signAllApi,
  statusOf,
  toWeekdayMorning,
  uploadIdApi,
  waitForStatus,
} from './closing-api';

const main = (page: Page) => page.getByRole('main');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test.beforeEach(({ baseURL }) => toWeekdayMorning(baseURL!));

test('the other owners are listed before the closing documents, then invited once the borrower has signed', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const who = await registerBorrower(page, { lastName: 'Listing' });
  await driveToIncomeVerification(page, who, { ownership: 'JOINT' });
  const link = await bankLinkApi(page, who);
  await apiPost(page.request, who, '/income/link', { publicToken: link.publicToken });
  await waitForStatus(page.request, who, 'EMPLOYMENT_VERIFICATION');
  await employerAndAccountsApi(page, who, link);
  await waitForStatus(page.request, who, 'IDENTITY_VERIFICATION');

  await page.goto(`/account/heloc/${who.applicationUuid}`);
  await expect(heading(page, 'Verify your identity')).toBeVisible({ timeout: 30_000 });
  // The home is held jointly: the owners come first, before the ID upload moves the borrower on.
  const form = main(page).getByRole('form', { name: 'List the other owners' });
  await expect(form).toBeVisible();
  await expectNoAxeViolations(page);
  const email = `listed-${Date.now()}@heloc.test`;
  await form.getByLabel('First name').fill('Lee');
  await form.getByLabel('Last name').fill('Listing');
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('button', { name: 'Save the owners' }).click();
  await expect(
    main(page)
      .getByRole('status')
      .filter({ hasText: `Saved. We will invite ${email} to sign once you have signed your documents.` }),
  ).toBeVisible();
  const row = main(page).getByRole('row', { name: /Lee Listing/ });
  await expect(row).toContainText('Invited once you have signed');
  await expect(row.getByRole('button', { name: 'Remove Lee Listing' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The ID, the closing package (its deed names Lee: the server suite reads the PDF), the signatures.
  await uploadIdApi(page, who);
  await signAllApi(page, who, 'CO_DEED');
  await page.goto(`/account/heloc/${who.applicationUuid}`);
  await expect(heading(page, 'Other owners must sign')).toBeVisible({ timeout: 30_000 });
  await main(page).getByRole('button', { name: 'Send the invitation' }).click();
  await expect(
    main(page)
      .getByRole('status')
      .filter({ hasText: `Invitation sent to ${email}` }),
  ).toBeVisible();
  await expect(main(page).getByRole('row', { name: /Lee Listing/ })).toContainText('Invitation sent');
  await expectNoAxeViolations(page);
  expect(await outboxMail(baseURL!, email)).toMatch(/\/heloc-signer\/resume\?token=[A-Za-z0-9_-]{43}/);
});

test('a co-owner who signed cancels the line during the right-to-cancel period; it is never funded', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(200_000);
  const who = await registerBorrower(page, { lastName: 'Coowner' });
  await driveToIncomeVerification(page, who, { ownership: 'JOINT' });
  await driveClosingApi(page, who, 'SIGNED', 'CO_DEED');
  const signerContext = await browser.newContext();
  const signer = await signerContext.newPage();
  await coOwnerSignsApi(page, who, signer, baseURL!);
  await insuredApi(page, who);
  await waitForStatus(page.request, who, 'RESCISSION');
  const { rescissionDeadline } = (await apiGet(page.request, who, '/closing-summary')) as {
    rescissionDeadline: string;
  };
  const [year, month, day] = rescissionDeadline.split('-');

  await signer.goto('/account/heloc/heloc-signer/documents');
  await expect(heading(signer, 'Your documents')).toBeVisible({ timeout: 30_000 });
  await expect(main(signer)).toContainText(
    `As an owner on title you may cancel this line of credit until midnight Pacific time at the end of ${month}/${day}/${year}.`,
  );
  await expectNoAxeViolations(signer);
  await main(signer).getByRole('button', { name: 'Cancel my line' }).click();
  const dialog = signer.getByRole('dialog', { name: 'Cancel your line of credit?' });
  await expect(dialog).toBeVisible();
  // Axe reads colours as drawn: wait for the dialog's fade-in to end (mid-fade, text is paler).
  await expect(dialog).toHaveCSS('opacity', '1');
  await expectNoAxeViolations(signer);
  await dialog.getByRole('button', { name: 'Yes, cancel my line' }).click();
  await expect(
    main(signer).getByRole('status').filter({ hasText: 'The line of credit is cancelled' }),
  ).toBeVisible();
  await expect(main(signer).getByRole('button', { name: 'Cancel my line' })).toHaveCount(0);
  await expectNoAxeViolations(signer);
  expect(await statusOf(page.request, who)).toBe('CANCELLED');
  await signerContext.close();
});
