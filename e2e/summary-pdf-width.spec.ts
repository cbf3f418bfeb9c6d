/**
 * The application summary PDF beside the loan officer card (issue 19: "the application summary PDF is
 * 440 px wide with ~7 pt text"): for a borrower who came through a loan officer's link (`referrer`:
 * Jordan Reyes, lo@heloc.test) the card sits beside the application (spec 1 §2: from 1200 px) — under
 * the progress card up to 1600 px, in a column of its own from there — and the summary on
 * start/app-summary is drawn at least 600 px wide at 1280 px (and at 1600 px), readable without zooming.
 */
import { expect, test } from '@playwright/test';
import { driveToIncomeVerification, registerBorrower } from './closing-api';

const JORDAN_REYES = '7c1a2b3c-0000-4000-8000-000000000001';

test.use({ viewport: { width: 1280, height: 900 } });

test('the summary PDF is at least 600 px wide at 1280 and 1600 px beside the loan officer card', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const who = await registerBorrower(page, { lastName: 'Wide', referrer: JORDAN_REYES });
  await driveToIncomeVerification(page, who, { until: 'SUMMARY' });
  await page.goto(`/account/heloc/${who.applicationUuid}/start/app-summary`);
  await expect(page.getByRole('heading', { name: 'Review and Submit' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Your Loan Officer' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Jordan Reyes');
  const canvas = page.locator('canvas').first();
  await expect(canvas).toBeVisible({ timeout: 20_000 });
  /** The PDF's width, and whether the card sits to its left or right (beside it, not under it). */
  const layout = async () => {
    const pdf = (await canvas.boundingBox())!;
    const beside = (await card.boundingBox())!;
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    const side =
      beside.x + beside.width <= pdf.x ? 'left' : beside.x >= pdf.x + pdf.width ? 'right' : 'overlapping';
    return { width: Math.round(pdf.width), side, scrollWidth };
  };
  // 1280 px: the card under the progress card, left of the step; the PDF readable at 100%.
  const narrow = await layout();
  expect(narrow.side).toBe('left');
  expect(narrow.width).toBeGreaterThanOrEqual(600);
  expect(narrow.scrollWidth).toBeLessThanOrEqual(1280);
  // 1600 px: room for the card's own column on the right, the PDF as wide.
  await page.setViewportSize({ width: 1600, height: 900 });
  await expect.poll(async () => (await layout()).side).toBe('right');
  const wide = await layout();
  expect(wide.width).toBeGreaterThanOrEqual(600);
  expect(wide.scrollWidth).toBeLessThanOrEqual(1600);
});
