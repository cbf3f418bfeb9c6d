/**
 * Issue 19's screen fixes in the real app: the upload boxes' styled picker (no raw "Choose File"), the
 * PDF viewer fitting its container with zoom (the application summary at 1280 px and 390 px), and the
 * bank linked for income offered again on bank/disburse.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  apiPost,
  bankLinkApi,
  driveToIncomeVerification,
  registerBorrower,
  waitForStatus,
} from './closing-api';
import { expectNoAxeViolations } from './fixtures';

test.describe.configure({ timeout: 90_000 });

const main = (page: Page) => page.getByRole('main');
const heading = (page: Page, name: string) => main(page).getByRole('heading', { level: 1, name });

test('an upload box is a styled, labelled picker that names the chosen file and works by keyboard', async ({
  page,
}) => {
  const who = await registerBorrower(page);
  await driveToIncomeVerification(page, who);
  await page.goto(`/account/heloc/${who.applicationUuid}/income/upload/paystub`);
  const input = main(page).getByLabel('Add a pay stub');
  await expect(input).toHaveAttribute('type', 'file');
  // The native control is hidden (1 px, clipped); the label beside it is the visible button.
  const box = await input.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(1);
  const button = main(page).getByText('Choose file', { exact: true });
  await expect(button).toBeVisible();
  await expect(main(page).getByText('No file chosen')).toBeVisible();
  // A click on it opens the file chooser (it is a label of the input).
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  expect(chooser.element()).toBeTruthy();
  await chooser.setFiles({
    name: 'stub.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.4\n'),
  });
  await expect(main(page).getByText(/^Selected: stub\.pdf/)).toBeVisible();
  await expect(main(page).getByText('Choose another file')).toBeVisible();
  // Keyboard: the input takes focus and its button shows it.
  await input.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(input).toBeFocused();
  const outline = await main(page)
    .getByText('Choose another file')
    .evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).toBe('solid');
  await expectNoAxeViolations(page);
});

for (const width of [1280, 390]) {
  test(`the application summary fits the viewer at ${width} px and zooms in and out`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const who = await registerBorrower(page);
    await driveToIncomeVerification(page, who, { until: 'SUMMARY' });
    await page.goto(`/account/heloc/${who.applicationUuid}/start/app-summary`);
    const viewer = main(page).getByRole('document');
    const firstPage = viewer.locator('canvas').first();
    await expect(firstPage).toBeVisible({ timeout: 20_000 });
    const measure = () =>
      page.evaluate(() => {
        const box = document.querySelector('[role="document"]') as HTMLElement;
        const canvas = box.querySelector('canvas') as HTMLCanvasElement;
        // The viewer (its controls and this box) sits in the step's column.
        const column = box.parentElement!.parentElement!;
        return {
          box: box.clientWidth,
          canvas: canvas.getBoundingClientRect().width,
          column: column.clientWidth,
          scroll: box.scrollWidth,
          page: document.documentElement.scrollWidth,
        };
      });
    const fitted = await measure();
    // Fits the box; the box is as wide as the step's column up to the spec's 700 px (less its border).
    expect(Math.abs(fitted.canvas - fitted.box)).toBeLessThanOrEqual(1);
    expect(fitted.box).toBeGreaterThanOrEqual(Math.min(700, fitted.column) - 2);
    expect(fitted.page).toBeLessThanOrEqual(width);
    // Letter paper is 612 pt wide: at 1280 px the text is drawn at least at its own size.
    if (width === 1280) expect(fitted.canvas / 612).toBeGreaterThanOrEqual(1);
    await expect(main(page).getByTestId('pdf-zoom')).toHaveText('Zoom 100%');

    await main(page).getByRole('button', { name: 'Zoom in' }).click();
    await expect(main(page).getByTestId('pdf-zoom')).toHaveText('Zoom 125%');
    const zoomed = await measure();
    expect(zoomed.canvas).toBeCloseTo(fitted.box * 1.25, 0);
    expect(zoomed.scroll).toBeGreaterThan(zoomed.box); // scrolls sideways inside the box…
    expect(zoomed.page).toBeLessThanOrEqual(width); // …never the page
    // The keyboard: + and − on the focused document.
    await viewer.focus();
    await page.keyboard.press('Equal');
    await expect(main(page).getByTestId('pdf-zoom')).toHaveText('Zoom 150%');
    await page.keyboard.press('Minus');
    await page.keyboard.press('Minus');
    await page.keyboard.press('Minus');
    await expect(main(page).getByTestId('pdf-zoom')).toHaveText('Zoom 75%');
    expect((await measure()).canvas).toBeCloseTo(fitted.box * 0.75, 0);
    await expect(main(page).getByRole('button', { name: 'Zoom out' })).toBeDisabled();
    await expectNoAxeViolations(page);
  });
}

test('bank/disburse offers the account linked for income: one click, no second link', async ({ page }) => {
  const who = await registerBorrower(page);
  await driveToIncomeVerification(page, who);
  const link = await bankLinkApi(page, who);
  await apiPost(page.request, who, '/income/link', { publicToken: link.publicToken });
  await waitForStatus(page.request, who, 'EMPLOYMENT_VERIFICATION');
  await apiPost(page.request, who, '/income/employer-verification', { employerName: 'Acme Tools' });
  await waitForStatus(page.request, who, 'DISBURSEMENT_ACCOUNT');

  await page.goto(`/account/heloc/${who.applicationUuid}/bank/disburse`);
  await expect(heading(page, 'Where should we send your funds?')).toBeVisible();
  const section = main(page).getByRole('region', { name: 'The bank you linked for your income' });
  const use = section.getByRole('button', {
    name: 'Use the account you linked: Sandbox Bank Sandbox Checking ••••1111',
  });
  await expect(use).toBeVisible();
  await expect(section.getByRole('button', { name: /Savings ••••2222/ })).toBeVisible();
  await expect(section.getByRole('button', { name: /Payroll/ })).toHaveCount(0);
  // The other ways stay.
  await expect(main(page).getByRole('button', { name: 'Link bank account' })).toBeVisible();
  await expectNoAxeViolations(page);

  await use.click();
  await expect(heading(page, 'Your account is linked')).toBeVisible();
  await expect(main(page).getByText('Sandbox Bank')).toBeVisible();
  await expect(main(page).getByText('••••1111')).toBeVisible();
  await expect(main(page).getByText(/\d{5,}1111/)).toHaveCount(0);
  await waitForStatus(page.request, who, 'AUTOPAY_ACCOUNT');
});
