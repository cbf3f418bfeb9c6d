/**
 * Reports (/ops/reports) in the browser against the real server: an underwriter (processor@heloc.test)
 * opens Reports from the console's sections with the keyboard, reads the funnel, switches report with
 * the arrow keys, sees the pull-through chart drawn for a borrower registered just before (referred by
 * Jordan Reyes), downloads its CSV and finds exactly the table's figures in it; the filters work from
 * the keyboard; a loan officer has no Reports section. Axe on each report.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { registerOverHttp } from './driver';
import { expectNoAxeViolations } from './fixtures';

const PASSWORD = 'Ops-password-1';
const JORDAN_REYES = '7c1a2b3c-0000-4000-8000-000000000001';

async function signInToConsole(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  await page.goto('/ops/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/^Signed in as /)).toBeVisible();
  return page;
}

/** The data table's cells as text: the header row, then each row. */
async function tableCells(table: Locator): Promise<string[][]> {
  return table
    .locator('tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('th, td')).map((cell) => (cell.textContent ?? '').trim()),
      ),
    );
}

/** RFC 4180 CSV (the fields the domain's reportCsv writes) back into rows of text. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 1;
    } else field += char;
  }
  return rows;
}

test('an underwriter reads the reports: charts drawn, CSV of exactly the table, keyboard filters', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await registerOverHttp(request, {
    property: { street1: '9 Report Street', city: 'Fresno', state: 'CA', zip: '93701' },
    name: { firstName: 'Rhea', lastName: 'Reports' },
    email: `reports-${Date.now()}@example.com`,
    referrer: JORDAN_REYES,
  });

  const page = await signInToConsole(browser, 'processor@heloc.test');
  const sections = page.getByRole('navigation', { name: 'Sections' });
  await sections.getByRole('button', { name: 'Reports' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/ops\/reports$/);

  // The funnel: seven stages, in the chart's table.
  const funnel = page.getByTestId('report-table-stages');
  await expect(funnel.getByRole('heading', { name: 'Funnel' })).toBeVisible();
  await expect(funnel.locator('tbody tr')).toHaveCount(7);
  await expect(funnel.locator('tbody th')).toHaveText([
    'Sessions',
    'Registered',
    'Offer shown',
    'Offer selected',
    'Submitted',
    'Signed',
    'Funded',
  ]);
  await expectNoAxeViolations(page);

  // Arrow keys move between the reports (tabs); the pull-through shows today's borrower.
  await page.getByRole('tab', { name: 'Funnel' }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Pull-through and declines' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page).toHaveURL(/\/ops\/reports\/pull-through$/);
  const byOfficer = page.getByTestId('report-table-pull-through-officer');
  const table = byOfficer.getByRole('table');
  await expect(table.getByRole('rowheader', { name: 'Jordan Reyes' })).toBeVisible();
  // The chart is drawn: bars with a height for the rows that have figures (zero bars draw nothing).
  const bars = byOfficer.locator('path.recharts-rectangle');
  await expect(bars.locator('visible=true').first()).toBeVisible();
  expect(await bars.count()).toBeGreaterThan(0);
  await expectNoAxeViolations(page);

  // The CSV holds exactly the figures of the table (the same answer feeds both).
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    byOfficer.getByRole('button', { name: /Download CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^pull-through-pull-through-officer-MAIN-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = parseCsv(await readFile((await download.path())!, 'utf8'));
  const cells = await tableCells(table);
  expect(cells.length).toBeGreaterThan(1);
  expect(csv).toEqual(cells);

  // Filters from the keyboard: a range with nothing in it, submitted with Enter.
  const filters = page.getByRole('form', { name: 'Report filters' });
  await filters.getByLabel('From').fill('2020-01-01');
  await filters.getByLabel('To (included)').fill('2020-01-31');
  await filters.getByLabel('To (included)').press('Enter');
  await expect(page.getByText('MAIN · 2020-01-01 to 2020-01-31 (UTC days)')).toBeVisible();
  await expect(byOfficer.getByText('No figures for this range.')).toBeVisible();
  await expect(byOfficer.locator('tbody tr')).toHaveCount(0);

  // Step times and operations draw too (the operations' hours are always 24 rows).
  await page.getByRole('tab', { name: 'Operations' }).click();
  await expect(page.getByTestId('report-table-chat-volume').locator('tbody tr')).toHaveCount(24);
  await expectNoAxeViolations(page);
  await page.context().close();

  // A loan officer has no reports.
  const officer = await signInToConsole(browser, 'lo@heloc.test');
  await expect(
    officer.getByRole('navigation', { name: 'Sections' }).getByRole('button', { name: 'Reports' }),
  ).toHaveCount(0);
  await officer.context().close();
});
