/**
 * The closing screens against the real server: a submitted application (driven through the API) goes
 * in the browser from income verification to a funded line — bank link in the sandbox modal, employer,
 * disbursement and autopay accounts, ID front with preview, e-signing each document in the PDF viewer
 * (geolocation alert first), the eNotary session, hazard insurance (an upload failing on the network
 * and retried), the rescission countdown, then the development clock moved past rescission and
 * recording to the funded line. Every screen is checked with axe.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';
import {
  driveToIncomeVerification,
  moveClock,
  registerBorrower,
  statusOf,
  toWeekdayMorning,
  waitForStatus,
} from './closing-api';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

test.use({
  permissions: ['geolocation'],
  geolocation: { latitude: 36.7378, longitude: -119.7871 },
});

const main = (page: Page) => page.getByRole('main');
const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

/** Scrolls the PDF viewer's pages to the last one (rendered pages may still be growing: retried). */
async function readToTheEnd(page: Page, viewer: Locator, reached: string) {
  await expect(async () => {
    await viewer.scrollIntoViewIfNeeded();
    await viewer.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(main(page).getByText(reached)).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}

async function linkInModal(page: Page, title: string, institution: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: institution }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Test credentials')).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByLabel('Username').fill('user_good');
  await dialog.getByRole('textbox', { name: 'Password' }).fill('pass_good');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
}

test('from a submitted application to a funded line, in the browser', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const started = Date.now();
  await toWeekdayMorning(baseURL!);
  const who = await registerBorrower(page);
  await driveToIncomeVerification(page, who);
  const browserStart = Date.now();

  // Income: the review, then the bank link in the modal.
  await page.goto(`/account/heloc/${who.applicationUuid}`);
  await expect(heading(page, 'Verify your income')).toBeVisible();
  await expect(page).toHaveURL(/\/income\/review$/);
  await expectNoAxeViolations(page);
  await main(page).getByRole('link', { name: 'Link bank account' }).click();
  await expect(page).toHaveURL(/\/income\/link\/bank$/);
  await linkInModal(page, 'Link your bank account', 'Sandbox Bank');

  // Employment.
  await expect(heading(page, 'Verify your employment')).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page);
  await main(page).getByRole('button', { name: 'Continue' }).click();
  await expect(main(page).getByText('Required')).toBeVisible();
  await main(page).getByLabel('Employer name').fill('Acme Tools');
  await main(page).getByRole('button', { name: 'Continue' }).click();

  // Disbursement: link, choose the account, the success page with the number masked.
  await expect(heading(page, 'Where should we send your funds?')).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page);
  await main(page).getByRole('button', { name: 'Link bank account' }).click();
  await linkInModal(page, 'Link your bank account', 'Sandbox Bank');
  await expect(main(page).getByRole('radio', { name: /Checking ••••1111/ })).toBeChecked();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await main(page).getByRole('button', { name: 'Use this account' }).click();
  await expect(heading(page, 'Your account is linked')).toBeVisible();
  await expect(page).toHaveURL(/\/bank\/confirm$/);
  await expect(main(page).getByText('••••1111')).toBeVisible();
  await expect(main(page).getByText(/\d{5,}1111/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await main(page).getByRole('button', { name: 'Continue' }).click();

  // Autopay from the same account.
  await expect(heading(page, 'How would you like to repay?')).toBeVisible();
  await expect(main(page).getByRole('radio', { name: 'Autopay from Checking ••••1111' })).toBeChecked();
  await expectNoAxeViolations(page);
  await main(page).getByRole('button', { name: 'Continue' }).click();

  // Identity: ID type and the front, previewed.
  await expect(heading(page, 'Verify your identity')).toBeVisible();
  await main(page)
    .getByLabel('Front of your ID')
    .setInputFiles({ name: 'license.png', mimeType: 'image/png', buffer: PNG });
  const idPreview = main(page).getByRole('img', { name: 'Preview of license.png' });
  await expect(idPreview).toBeVisible();
  // Drawn, not a broken image: the Content Security Policy lets the object URL through (img-src blob:).
  await expect
    .poll(() => idPreview.evaluate((image) => (image as HTMLImageElement).naturalWidth))
    .toBeGreaterThan(0);
  await main(page).getByRole('button', { name: 'Upload and verify' }).click();
  await expect(main(page).getByRole('radiogroup', { name: /ID type/ })).toHaveAccessibleDescription(
    'Required',
  );
  await main(page).getByRole('radio', { name: "US Driver's License" }).check();
  await expectNoAxeViolations(page);
  await main(page).getByRole('button', { name: 'Upload and verify' }).click();

  // Signing: each e-signed document read to the end, the E-SIGN consent, the location alert first.
  await expect(heading(page, 'Sign your documents')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/signing\/intro$/);
  await expectNoAxeViolations(page);
  await main(page).getByRole('link', { name: 'Start signing' }).click();
  await expect(page).toHaveURL(/\/signing\/sign$/);
  for (let signed = 0; signed < 3; signed += 1) {
    const viewer = main(page).getByRole('document');
    await expect(viewer.locator('canvas').first()).toBeVisible();
    const sign = main(page).getByRole('button', { name: /^Sign / });
    // Closed until the end is seen. The first document runs several pages; a one-page document's end
    // is in view as soon as it renders, so its button may open at once.
    if (signed === 0) await expect(sign).toBeDisabled();
    await readToTheEnd(page, viewer, 'You have reached the end of this document.');
    if (signed === 0) {
      await expectNoAxeViolations(page);
      await main(page)
        .getByRole('checkbox', { name: /agree to sign my documents electronically/ })
        .check();
    }
    await sign.click();
    if (signed === 0) {
      const alert = page.getByRole('dialog', { name: 'Why We Need Your Location' });
      await expect(alert).toBeVisible();
      await expect(alert).toHaveCSS('opacity', '1');
      await expectNoAxeViolations(page);
      await alert.getByRole('button', { name: 'Allow' }).click();
    }
    if (signed < 2) await expect(main(page).getByText(`Document ${signed + 2} of 3`)).toBeVisible();
  }

  // eNotary.
  await expect(heading(page, 'Meet your notary')).toBeVisible({ timeout: 30_000 });
  await expect(main(page).getByText('($300 fee)')).toBeVisible();
  await expectNoAxeViolations(page);
  await main(page)
    .getByRole('radio', { name: /eNotary/ })
    .check();
  await main(page).getByRole('button', { name: 'Continue' }).click();
  await expect(heading(page, 'Your eNotary session')).toBeVisible();
  // The provider's session identifier is internal: the borrower never sees it.
  await expect(main(page)).not.toContainText('sbx_ron');
  await expectNoAxeViolations(page);
  await main(page).getByRole('radio', { name: '1980' }).check();
  await main(page).getByRole('radio', { name: /Oak/i }).check();
  await main(page)
    .getByRole('radio', { name: /Fresno/i })
    .check();
  await main(page).getByRole('button', { name: 'Confirm my identity' }).click();
  const deed = main(page).getByRole('document');
  await expect(deed.locator('canvas').first()).toBeVisible();
  await readToTheEnd(page, deed, 'You have reached the end of the deed.');
  await main(page).getByRole('button', { name: 'I have reviewed the deed' }).click();
  await main(page)
    .getByRole('checkbox', { name: /sign the deed of trust/ })
    .check();
  await expectNoAxeViolations(page);
  await main(page).getByRole('button', { name: 'Sign the deed' }).click();

  // Insurance: an unsupported type is refused before sending; a network failure keeps the file for a retry.
  await expect(heading(page, 'Upload your insurance')).toBeVisible({ timeout: 30_000 });
  await expectNoAxeViolations(page);
  const file = main(page).getByLabel('Choose your file');
  await file.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(main(page).getByRole('alert')).toContainText('Type not supported');
  await file.setInputFiles({ name: 'policy.pdf', mimeType: 'application/pdf', buffer: PDF });
  let failOnce = true;
  await page.route('**/insurance/upload/hazard', async (route) => {
    if (failOnce) {
      failOnce = false;
      await route.abort('connectionreset');
    } else {
      await route.continue();
    }
  });
  await main(page).getByRole('button', { name: 'Upload' }).click();
  await expect(main(page).getByRole('alert')).toBeVisible();
  await expect(main(page).getByText('Selected: policy.pdf')).toBeVisible();
  await main(page).getByRole('button', { name: 'Try again' }).click();

  // Rescission: funding pending, the deadline and its countdown.
  await expect(heading(page, 'Funding is pending')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/complete$/);
  await expect(main(page).getByRole('timer')).toContainText('left to cancel');
  await expect(main(page).locator('dt:has-text("Line amount") + dd')).toHaveText('$100,000');
  await expect(main(page).getByRole('button', { name: /Download Deed of Trust/i })).toBeVisible();
  await expectNoAxeViolations(page);
  const browserMs = Date.now() - browserStart;

  // The clock passes rescission, then recording: the line funds.
  for (let hop = 0; hop < 4 && (await statusOf(page.request, who)) !== 'COMPLETE'; hop += 1) {
    await moveClock(baseURL!, { advanceMs: 4 * 24 * 3_600_000 });
    await page.waitForTimeout(1500);
  }
  await waitForStatus(page.request, who, 'COMPLETE');
  await page.reload();
  await expect(heading(page, 'Your line of credit is funded')).toBeVisible();
  await expect(main(page).getByText(/Funded \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expectNoAxeViolations(page);
  test.info().annotations.push({
    type: 'timing',
    description: `browser happy path ${browserMs} ms (whole test ${Date.now() - started} ms)`,
  });
  console.log(`closing happy path in the browser: ${browserMs} ms; whole test ${Date.now() - started} ms`);
});
