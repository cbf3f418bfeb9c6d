/**
 * Exports in the browser against the real server (issue 16 items 4, 5): the organisation's admin
 * (ops@heloc.test) checks the HMDA edits of this year's seeded demo applications, downloads the LAR
 * (transmittal sheet, then rows of 110 fields), and downloads the pipeline's applied view as CSV and
 * an application's PDF bundle. Keyboard where a person would use it; axe on each screen.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';

async function signIn(page: Page, email: string) {
  await page.goto('/ops/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Ops-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/^Signed in as /)).toBeVisible();
}

async function text(download: Download): Promise<string> {
  return readFile((await download.path())!, 'utf8');
}

test('an admin checks the HMDA edits and downloads the LAR, the pipeline CSV and a file bundle', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'ops@heloc.test');
  await page.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Exports' }).click();
  await expect(page).toHaveURL(/\/ops\/exports$/);
  const year = String(new Date().getUTCFullYear());
  await expect(page.getByLabel('Year')).toHaveValue(year);

  // Keyboard: Enter in the form runs the edits.
  await page.getByLabel('Year').press('Enter');
  const report = page.getByTestId('hmda-edit-report');
  await expect(report.getByRole('status')).toContainText(/\d+ applications · every edit passed/);
  await expect(report.getByText('do not file this register')).toBeVisible();
  await expectNoAxeViolations(page);

  const [lar] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download LAR' }).click(),
  ]);
  expect(lar.suggestedFilename()).toBe(`TESTLEI0HARBORLINE33-${year}-LAR.txt`);
  const [ts, ...rows] = (await text(lar)).trimEnd().split('\n');
  expect(ts!.split('|').slice(0, 4)).toEqual(['1', 'Harborline Home Lending, Inc.', year, '4']);
  expect(rows.length).toBeGreaterThanOrEqual(4);
  for (const row of rows) expect(row.split('|')).toHaveLength(110);

  // A quarter without actions: the edit report names V606.
  const other = Math.floor(new Date().getUTCMonth() / 3) + 1 === 1 ? 'Quarter 2' : 'Quarter 1';
  await page.getByLabel('Period').selectOption({ label: other });
  await page.getByRole('button', { name: 'Check edits' }).click();
  await expect(page.getByRole('table', { name: 'Edit failures' })).toContainText('V606');
  await page.getByRole('button', { name: 'Download LAR' }).click();
  await expect(page.getByRole('alert')).toContainText('The LAR fails 1 edit');
  await expectNoAxeViolations(page);

  // The pipeline's applied view as CSV: the declined applications.
  await page
    .getByRole('navigation', { name: 'Sections' })
    .getByRole('button', { name: 'Applications' })
    .click();
  await page.getByLabel('Search', { exact: false }).fill('Denied');
  await page.getByLabel('Search', { exact: false }).press('Enter');
  const table = page.getByRole('table', { name: 'Applications' });
  await expect(table.getByTestId('pipeline-row')).toHaveCount(1);
  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/^applications-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await text(csv)).trimEnd().split('\r\n');
  expect(lines[0]).toMatch(/^Loan number,Borrower,E-mail,/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain('Dmitri Denied');
  await expectNoAxeViolations(page);

  // The application file as one PDF.
  await table.getByRole('link', { name: 'Dmitri Denied' }).click();
  const [bundle] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download file bundle' }).click(),
  ]);
  expect(bundle.suggestedFilename()).toMatch(/^application-\d+-bundle\.pdf$/);
  expect((await readFile((await bundle.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
  await expectNoAxeViolations(page);
});
