/**
 * Borrower screens beside the main path, against the real server and its sandboxes (DESIGN.md §7):
 * conditions staff raise (a document and a phone number, from the bell to the screens that clear them);
 * the payroll provider's callback; a failed ID check (the sandbox's unreadable test image) raising the
 * ID verification condition, seen on the conditions dashboard and cleared on the identity screen after
 * a refused file and a refused upload; the income document request from the dashboard; the lower line
 * offered when the hard pull finds more debt on the home (product/prequal-winback); and flood
 * insurance. The steps before each screen run through the API (closing-api.ts); every screen is
 * checked with axe, and each test ends on the status the server reached.
 */
import { expect, test, type Page } from '@playwright/test';
import { SANDBOX_UNREADABLE_ID_PNG_BASE64 } from '../apps/server/src/providers/identity-document/sandbox-images';
import { expectNoAxeViolations } from './fixtures';
import {
  apiPost,
  bankLinkApi,
  driveClosingApi,
  driveToIncomeVerification,
  employerAndAccountsApi,
  enotaryApi,
  moveClock,
  registerBorrower,
  signAllApi,
  statusOf,
  toWeekdayMorning,
  uploadIdApi,
  waitForStatus,
} from './closing-api';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const pdf = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.concat([PDF, Buffer.from(`% ${name}\n`)]),
});
const main = (page: Page) => page.getByRole('main');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test('payroll callback, then a failed ID check: the condition, a refused file and upload, a readable ID', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const who = await registerBorrower(page);
  await driveToIncomeVerification(page, who);

  // income/pointserv-callback: without a token the link did not finish; with one it does.
  const callback = `/account/heloc/${who.applicationUuid}/income/pointserv-callback`;
  await page.goto(callback);
  await expect(heading(page, 'Finishing your payroll link')).toBeVisible();
  await expect(main(page).getByRole('alert')).toContainText('The payroll link did not finish.');
  await expect(main(page).getByRole('link', { name: 'Back to income verification' })).toBeVisible();
  await expectNoAxeViolations(page);
  const token = await apiPost(page.request, who, '/income/link-token', { kind: 'PAYROLL' });
  const payroll = (token.institutions as { institutionId: string; name: string }[]).find(
    (each) => each.name === 'Sandbox Payroll',
  )!;
  const linked = await apiPost(page.request, who, '/income/link/authenticate', {
    linkToken: token.linkToken,
    institutionId: payroll.institutionId,
    username: 'user_good',
    password: 'pass_good',
  });
  await page.goto(`${callback}?publicToken=${encodeURIComponent(String(linked.publicToken))}`);
  await expect(heading(page, 'Verify your employment')).toBeVisible({ timeout: 30_000 });
  expect(await statusOf(page.request, who)).toBe('EMPLOYMENT_VERIFICATION');

  // The accounts through the API, then the sandbox's unreadable ID: the check fails.
  await employerAndAccountsApi(page, who);
  await uploadIdApi(page, who, {
    name: 'blank.png',
    mimeType: 'image/png',
    buffer: Buffer.from(SANDBOX_UNREADABLE_ID_PNG_BASE64, 'base64'),
  });
  await waitForStatus(page.request, who, 'IDENTITY_VERIFICATION');

  await page.goto(`/account/heloc/${who.applicationUuid}/conditions`);
  await expect(heading(page, 'Items we need from you')).toBeVisible();
  await expect(main(page).getByRole('heading', { level: 2, name: 'ID verification failure' })).toBeVisible();
  await expect(
    main(page).getByText(
      'We could not verify your ID. Please upload a clear, complete photo of the front of a valid, unexpired ID.',
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await main(page).getByRole('link', { name: 'Upload your ID again' }).click();

  await expect(heading(page, 'Verify your identity')).toBeVisible();
  await expect(page).toHaveURL(/\/identity$/);
  await expect(main(page).getByText('We could not verify your ID', { exact: true })).toBeVisible();
  await expect(
    main(page).getByText('Please upload a new, clear photo of the front of a valid, unexpired ID.'),
  ).toBeVisible();
  await main(page).getByRole('radio', { name: 'US Passport' }).check();
  const front = main(page).getByLabel('Front of your ID');
  // Refused before sending: ID photos are images.
  await front.setInputFiles(pdf('license.pdf'));
  await expect(
    main(page)
      .getByRole('alert')
      .filter({
        hasText: /^Type not supported: license\.pdf \(.+\)\. Choose a JPEG, PNG up to 10 MB file\.$/,
      }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  // Refused by the server, which reads the content: text named like a photo.
  await front.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a photo') });
  await main(page).getByRole('button', { name: 'Upload and verify' }).click();
  await expect(
    main(page).getByRole('alert').filter({ hasText: 'Type not supported: upload a JPEG, PNG file' }),
  ).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Try again' })).toBeVisible();
  // Retried with a readable photo: verified, on to signing; the condition is cleared.
  await front.setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: PNG });
  await expect(main(page).getByRole('img', { name: 'Preview of passport.png' })).toBeVisible();
  await main(page).getByRole('button', { name: 'Upload and verify' }).click();
  await expect(heading(page, 'Sign your documents')).toBeVisible({ timeout: 30_000 });
  expect(await statusOf(page.request, who)).toBe('NOTE_SIGNING');
  await page.goto(`/account/heloc/${who.applicationUuid}/conditions`);
  await expect(main(page).getByText('There is nothing we need from you right now.')).toBeVisible();
});

test('Selfemployed: the document request on the dashboard leads to the tax return upload', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const who = await registerBorrower(page, { lastName: 'Selfemployed', employmentType: 'SELF_EMPLOYED' });
  await driveToIncomeVerification(page, who);
  const link = await bankLinkApi(page, who);
  await apiPost(page.request, who, '/income/link', { publicToken: link.publicToken });
  await waitForStatus(page.request, who, 'INCOME_VERIFICATION');

  await page.goto(`/account/heloc/${who.applicationUuid}/conditions`);
  await expect(heading(page, 'Items we need from you')).toBeVisible();
  await expect(main(page).getByRole('heading', { level: 2, name: 'Generic document request' })).toBeVisible();
  await expect(
    main(page).getByText(
      'Self-employed income is verified from documents: please upload your 2 most recent federal tax returns.',
    ),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await main(page).getByRole('link', { name: 'Upload tax returns' }).click();

  await expect(heading(page, 'Upload your tax returns')).toBeVisible();
  await expect(page).toHaveURL(/\/income\/upload\/tax-return$/);
  await expect(main(page).getByText('0 of 2 uploaded')).toBeVisible();
  const input = main(page).getByLabel('Add a tax return');
  for (const [index, name] of ['2024.pdf', '2025.pdf'].entries()) {
    await input.setInputFiles(pdf(name));
    await main(page).getByRole('button', { name: 'Upload' }).click();
    await expect(main(page).getByText(`${index + 1} of 2 uploaded`)).toBeVisible();
  }
  await main(page).getByRole('button', { name: 'Submit documents' }).click();
  await expect(heading(page, 'Where should we send your funds?')).toBeVisible({ timeout: 30_000 });
  expect(await statusOf(page.request, who)).toBe('DISBURSEMENT_ACCOUNT');
  await page.goto(`/account/heloc/${who.applicationUuid}/conditions`);
  await expect(main(page).getByText('There is nothing we need from you right now.')).toBeVisible();
});

test('prequal winback: the hard pull finds the lien the borrower lowered; a lower line accepted', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const who = await registerBorrower(page);
  // The borrower says the mortgage is down to $100,000 and takes the maximum line ($400,000); the
  // full credit report shows it at $250,000: 85% × $650,000 − $250,000 = $302,500.
  await driveToIncomeVerification(page, who, {
    lienBalanceCents: 100_000_00,
    amount: 'MAX',
    until: 'CLTV_REQUALIFY',
  });
  await page.goto(`/account/heloc/${who.applicationUuid}`);
  await expect(heading(page, 'Your Updated Offer')).toBeVisible();
  await expect(page).toHaveURL(/\/product\/prequal-winback$/);
  await expect(
    main(page).getByText(
      /so the line we can offer is lower than the \$400,000 you chose\. You can still get a line of up to \$302,500 for 10 years at \d+\.\d{2}%/,
    ),
  ).toBeVisible();
  const amount = main(page).getByLabel('Initial draw amount');
  await expect(amount).toHaveValue('302,500');
  await expect(amount).toHaveAccessibleDescription(/From \$15,000 to \$302,500/);
  // The sidebar's offer box does not show the $400,000 draw that is no longer on offer.
  await expect(page.getByRole('region', { name: 'Your Offer Details' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await amount.fill('350,000');
  await main(page).getByRole('button', { name: 'Accept and submit' }).click();
  await expect(amount).toHaveAccessibleDescription(/Enter an amount from \$15,000 to \$302,500/);
  await expectNoAxeViolations(page);
  await amount.fill('250,000');
  await main(page).getByRole('button', { name: 'Accept and submit' }).click();
  await expect(heading(page, 'Verify your income')).toBeVisible({ timeout: 30_000 });
  expect(await statusOf(page.request, who)).toBe('INCOME_VERIFICATION');
  await expect(page.getByRole('region', { name: 'Your Offer Details' })).toContainText(
    'Initial draw$250,000',
  );
});

test('Flood: hazard and flood insurance both required; the second upload starts rescission', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await toWeekdayMorning(baseURL!);
  const who = await registerBorrower(page, { lastName: 'Flood' });
  await driveToIncomeVerification(page, who);
  await driveClosingApi(page, who, 'IDENTITY');
  await waitForStatus(page.request, who, 'WAITING_FOR_FLOOD_CERT');
  await moveClock(baseURL!, { advanceMs: 2 * 3_600_000 });
  await signAllApi(page, who);
  await enotaryApi(page, who);
  await waitForStatus(page.request, who, 'TRUST_AND_INSURANCE');

  await page.goto(`/account/heloc/${who.applicationUuid}`);
  await expect(heading(page, 'Upload your insurance')).toBeVisible();
  await expect(page).toHaveURL(/\/insurance\/upload$/);
  const hazard = main(page).getByRole('region', { name: 'Proof of homeowners (hazard) insurance' });
  const flood = main(page).getByRole('region', { name: 'Proof of flood insurance' });
  await expect(
    flood.getByText('Your home is in a special flood hazard area, so flood insurance is required.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await main(page).getByRole('link', { name: 'What is required?' }).click();
  await expect(heading(page, 'Insurance requirements')).toBeVisible();
  // The requirements (the progress steps in the sidebar are list items too, without a colon).
  await expect(main(page).getByRole('listitem').filter({ hasText: ': ' })).toHaveText([
    'Proof of homeowners (hazard) insurance: Your policy declarations page showing the property address and the coverage.',
    'Proof of flood insurance: Your home is in a special flood hazard area, so flood insurance is required.',
  ]);
  await expectNoAxeViolations(page);
  await main(page).getByRole('link', { name: 'Upload documents' }).click();

  await expect(heading(page, 'Upload your insurance')).toBeVisible();
  await hazard.getByLabel('Choose your file').setInputFiles(pdf('hazard.pdf'));
  await hazard.getByRole('button', { name: 'Upload' }).click();
  await expect(hazard.getByText('Received: hazard.pdf')).toBeVisible();
  expect(await statusOf(page.request, who)).toBe('TRUST_AND_INSURANCE');
  await flood.getByLabel('Choose your file').setInputFiles(pdf('flood.pdf'));
  await flood.getByRole('button', { name: 'Upload' }).click();
  await expect(heading(page, 'Funding is pending')).toBeVisible({ timeout: 30_000 });
  await waitForStatus(page.request, who, 'RESCISSION');
});

test('staff ask for a document and a phone number: the bell, the dashboard, the upload and the number', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const who = await registerBorrower(page);
  // Staff sign in from their own context: a sign-in replaces the session cookie of the context it is in.
  const staff = await browser.newContext();
  const login = await staff.request.post('/identity/api/v1/login', {
    data: { email: 'processor@heloc.test', password: 'Ops-password-1' },
  });
  const { jwt } = (await login.json()) as { jwt: string };
  for (const data of [
    {
      category: 'GENERIC_DOCUMENT_REQUEST',
      commentsToBorrower: 'Upload your homeowners association statement.',
      numDocsRequired: 1,
    },
    { category: 'MISSING_PHONE_NUMBER', commentsToBorrower: 'Add a number we can call you on.' },
  ]) {
    const raised = await staff.request.post(
      `/service-ops/api/v1/applications/${who.applicationUuid}/conditions`,
      {
        headers: { authorization: `Bearer ${jwt}` },
        data,
      },
    );
    expect(raised.status(), await raised.text()).toBe(200);
  }
  await staff.close();

  // The bell tells the borrower and leads to the dashboard of open items.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Notifications' });
  await expect(drawer.getByRole('listitem').filter({ hasText: 'We need something from you' })).toHaveCount(2);
  await drawer.getByRole('button', { name: 'See what we need' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/account/heloc/${who.applicationUuid}/conditions$`));
  await expect(heading(page, 'Items we need from you')).toBeVisible();
  await expect(main(page)).toContainText('Upload your homeowners association statement.');
  await expectNoAxeViolations(page);

  // conditions/upload-document: one document asked for, then everything is in.
  await main(page).getByRole('link', { name: 'Upload documents' }).click();
  await expect(heading(page, 'Upload documents')).toBeVisible();
  await expect(main(page)).toContainText('Upload your homeowners association statement. (1 document)');
  await expectNoAxeViolations(page);
  await main(page).getByLabel('Document').setInputFiles(pdf('hoa-statement.pdf'));
  await main(page).getByRole('button', { name: 'Upload' }).click();
  await expect(main(page).getByRole('status').filter({ hasText: 'Received.' })).toContainText(
    'We have everything we asked for; we review it and let you know.',
  );
  await expect(main(page)).not.toContainText('(1 document)');
  await main(page).getByRole('link', { name: 'Back to your open items' }).click();

  // conditions/phone-number: checked like every phone field, then saved and cleared.
  await main(page).getByRole('link', { name: 'Add your phone number' }).click();
  await expect(heading(page, 'Add your phone number')).toBeVisible();
  await main(page).getByRole('button', { name: 'Save' }).click();
  await expect(main(page).getByLabel(/Mobile phone/)).toHaveAccessibleDescription('Required');
  await expectNoAxeViolations(page);
  await main(page)
    .getByLabel(/Mobile phone/)
    .fill('(415) 555-0199');
  await main(page).getByRole('button', { name: 'Save' }).click();
  // The number is in; the statement waits for the lender's review, with nothing left to send.
  await expect(heading(page, 'Items we need from you')).toBeVisible();
  const items = main(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2 }) });
  await expect(items).toHaveCount(1);
  await expect(items).toContainText('Generic document request');
  await expect(items).toContainText('We are reviewing this; nothing to do for now.');
  await expect(main(page).getByRole('link', { name: 'Upload documents' })).toHaveCount(0);
});
