/**
 * The application file's records in the browser against the real server: revealing the full SSN
 * (the Reveal button, the reason dialog refusing an empty reason, the value in place, the reveal in
 * the timeline as a staff read of sensitive data with who and why), staff notes (added from the
 * keyboard, listed, in the timeline) and the chat transcripts section; a loan officer, in a second
 * browser context, sees the SSN masked with no Reveal button and reads the note. The application is
 * brought to a submitted step (SSN on file) through the HTTP API. Axe on each screen.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { driveToIncomeVerification } from './closing-api';
import { registerOverHttp } from './driver';
import { expectNoAxeViolations } from './fixtures';

const PASSWORD = 'Ops-password-1';
/** Jordan Reyes, the seeded loan originator of lo@heloc.test. */
const JORDAN_REYES = '7c1a2b3c-0000-4000-8000-000000000001';

async function signInToConsole(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/ops/');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/^Signed in as /)).toBeVisible();
  return page;
}

async function press(page: Page, button: Locator) {
  await button.focus();
  await page.keyboard.press('Enter');
}

test('a processor reveals the SSN with a reason (audited in the timeline) and adds a note; a loan officer cannot reveal', async ({
  browser,
  page,
}) => {
  test.setTimeout(180_000);
  const who = await registerOverHttp(page.request, {
    property: { street1: '21 Quarry Road', city: 'Fresno', state: 'CA', zip: '93701' },
    name: { firstName: 'Robin', lastName: 'Records' },
    email: `records-${Date.now()}@example.com`,
    referrer: JORDAN_REYES,
  });
  const { applicationUuid } = who;
  // The additional profile on the way puts the SSN 123-45-6789 on file.
  await driveToIncomeVerification(page, who);

  const processor = await signInToConsole(browser, 'processor@heloc.test');
  await processor.goto(`/ops/applications/${applicationUuid}`);
  const borrower = processor.getByRole('region', { name: 'Borrower' });
  await expect(borrower).toContainText('***-**-6789');
  await expect(borrower).not.toContainText('123-45-6789');
  await press(processor, borrower.getByRole('button', { name: 'Reveal the full SSN' }));
  const dialog = processor.getByRole('dialog', { name: 'Reveal the full SSN' });
  await expect(dialog).toBeVisible();
  // The reason field has the focus; an empty reason is refused before anything is sent.
  await expect(dialog.getByLabel('Why you need the full value')).toBeFocused();
  await press(processor, dialog.getByRole('button', { name: 'Reveal' }));
  await expect(dialog.getByText('Give a reason (at least 3 characters)')).toBeVisible();
  await expectNoAxeViolations(processor);
  await dialog.getByLabel('Why you need the full value').fill('Matching the title report');
  await press(processor, dialog.getByRole('button', { name: 'Reveal' }));
  await expect(dialog).toBeHidden();
  await expect(borrower).toContainText('123-45-6789');
  const reveal = processor
    .getByRole('table', { name: 'Timeline entries' })
    .getByTestId('timeline-entry')
    .filter({ hasText: 'SENSITIVE_DATA_REVEALED' });
  await expect(reveal).toHaveCount(1);
  await expect(reveal).toContainText('Sensitive data reads');
  await expect(reveal).toContainText('processor@heloc.test');
  await expect(reveal).toContainText('Matching the title report');
  await press(processor, borrower.getByRole('button', { name: 'Hide the full SSN' }));
  await expect(borrower).not.toContainText('123-45-6789');

  // A staff note from the keyboard: listed, and in the timeline.
  const notes = processor.getByRole('region', { name: 'Staff notes' });
  await expect(notes.getByText('No notes yet.')).toBeVisible();
  await press(processor, notes.getByRole('button', { name: 'Add note' }));
  await expect(notes.getByText('Write the note')).toBeVisible();
  await notes.getByLabel(/New note/).fill('Title company asked for the SSN; sent by phone.');
  await press(processor, notes.getByRole('button', { name: 'Add note' }));
  const note = notes.getByTestId('staff-note');
  await expect(note).toHaveCount(1);
  await expect(note).toContainText('processor@heloc.test');
  await expect(note).toContainText('Title company asked for the SSN; sent by phone.');
  await expect(notes.getByLabel(/New note/)).toHaveValue('');
  await expect(
    processor
      .getByRole('table', { name: 'Timeline entries' })
      .getByTestId('timeline-entry')
      .filter({ hasText: 'STAFF_NOTE_ADDED' }),
  ).toContainText('Title company asked for the SSN');
  // Nothing manual is waited on at income verification.
  await expect(
    processor
      .getByRole('region', { name: 'Work items' })
      .getByText('The engine is not waiting for anyone on this application.'),
  ).toBeVisible();
  const chats = processor.getByRole('region', { name: 'Chat transcripts' });
  await expect(chats.getByText('No chats with this borrower.')).toBeVisible();
  await expectNoAxeViolations(processor);

  // The loan officer: the note, the SSN masked and no Reveal.
  const lo = await signInToConsole(browser, 'lo@heloc.test');
  await lo.goto(`/ops/applications/${applicationUuid}`);
  const loBorrower = lo.getByRole('region', { name: 'Borrower' });
  await expect(loBorrower).toContainText('***-**-6789');
  await expect(loBorrower.getByRole('button', { name: /Reveal/ })).toHaveCount(0);
  await expect(lo.getByRole('region', { name: 'Staff notes' }).getByTestId('staff-note')).toContainText(
    'Title company asked for the SSN',
  );
  await expectNoAxeViolations(lo);
});
