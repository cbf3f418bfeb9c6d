/**
 * The decisions that send an application back into the engine, in the browser against the real
 * server, with two members in two browser contexts: an exception to the engine's own underwriting
 * decline (a Lowscore borrower: the score floor), proposed by the processor-underwriter and approved
 * by a second member, after which the engine's underwriting job prices the offers; a valuation
 * override proposed and approved the same way (the file names the manual value's source); a cancel
 * and a reopening at offer selection, taken at once. Applications are brought to their step through
 * the HTTP API (the borrower screens have their own tests). Axe on the panel's screens.
 */
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { waitForStatus } from './closing-api';
import { registerOverHttp, walkOverHttp } from './driver';
import { expectNoAxeViolations } from './fixtures';

const PASSWORD = 'Ops-password-1';

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

test('an exception to the engine’s decline and a valuation override (maker-checker), then cancel and reopen', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // A Lowscore borrower walked by the one borrower driver: profile, liens, the engine's decline.
  const who = await registerOverHttp(request, {
    property: { street1: '30 Quarry Road', city: 'Fresno', state: 'CA', zip: '93701' },
    name: { firstName: 'Lee', lastName: 'Lowscore' },
    email: `engine-decisions-${Date.now()}@example.com`,
  });
  const { applicationUuid } = who;
  await walkOverHttp(request, who, 'DECLINED');

  // The processor-underwriter proposes an exception to the score floor (out of policy).
  const processor = await signInToConsole(browser, 'processor@heloc.test');
  await processor.goto(`/ops/applications/${applicationUuid}`);
  const panel = processor.getByRole('region', { name: 'Decisions' });
  const form = panel.getByRole('form', { name: 'Take or propose a decision' });
  await expect(form.getByLabel('Decision', { exact: true })).toHaveValue('APPROVE_EXCEPTION');
  await form.getByRole('checkbox', { name: 'Credit score below the floor' }).check();
  await form.getByLabel('Note (why)').fill('Twenty years of on-time mortgage payments');
  await expectNoAxeViolations(processor);
  await press(processor, form.getByRole('button', { name: 'Propose decision' }));
  const exception = panel.getByTestId('decision').filter({ hasText: 'Approve an exception' });
  await expect(exception).toContainText('Proposed');
  await expect(exception).toContainText('Rules excepted: Credit score below the floor');

  // A second member approves it: the engine's underwriting runs again without the rule.
  const second = await signInToConsole(browser, 'admin@heloc.test');
  await second.goto(`/ops/applications/${applicationUuid}`);
  const secondPanel = second.getByRole('region', { name: 'Decisions' });
  const waiting = secondPanel.getByTestId('decision').filter({ hasText: 'Approve an exception' });
  await press(second, waiting.getByRole('button', { name: 'Approve' }));
  await expect(waiting).toContainText('Applied');
  await waitForStatus(request, who, 'OFFER_SELECTION');

  // A valuation override at offer selection, proposed and approved the same way.
  await processor.reload();
  await expect(processor.getByText('Offer selection', { exact: false }).first()).toBeVisible();
  await form.getByLabel('Decision', { exact: true }).selectOption({ label: 'Override the valuation' });
  await form.getByLabel('Value of the home (dollars)').fill('600,000');
  await form.getByLabel(/Source of the value/).fill('Full appraisal, Valley Appraisers');
  await form.getByLabel('Note (why)').fill('The AVM missed the new addition');
  await expectNoAxeViolations(processor);
  await press(processor, form.getByRole('button', { name: 'Propose decision' }));
  const override = panel.getByTestId('decision').filter({ hasText: 'Override the valuation' });
  await expect(override).toContainText('Manual value: $600,000 (Full appraisal, Valley Appraisers)');
  await second.reload();
  await press(
    second,
    secondPanel
      .getByTestId('decision')
      .filter({ hasText: 'Override the valuation' })
      .getByRole('button', { name: 'Approve' }),
  );
  await expect(
    secondPanel.getByTestId('decision').filter({ hasText: 'Override the valuation' }),
  ).toContainText('Applied');
  await waitForStatus(request, who, 'OFFER_SELECTION');
  await processor.reload();
  await expect(processor.getByRole('region', { name: 'Valuation and credit' })).toContainText(
    'Manual: Full appraisal, Valley Appraisers',
  );

  // Cancel, then reopen at offer selection: both in policy, taken at once by the underwriter.
  await form.getByLabel('Decision', { exact: true }).selectOption({ label: 'Cancel the application' });
  await form.getByLabel('Note (why)').fill('The borrower withdrew by phone');
  await press(processor, form.getByRole('button', { name: 'Take decision' }));
  await expect(
    panel.getByText('This application is cancelled: it can be reopened at the step it was cancelled from.'),
  ).toBeVisible();
  await expect(form.getByLabel('Decision', { exact: true })).toHaveValue('REOPEN');
  await form.getByLabel('Note (why)').fill('The borrower called back');
  await expectNoAxeViolations(processor);
  await press(processor, form.getByRole('button', { name: 'Take decision' }));
  await expect(panel.getByTestId('decision').filter({ hasText: 'Reopen the application' })).toContainText(
    'Applied',
  );
  await waitForStatus(request, who, 'OFFER_SELECTION');
  await expect(
    processor
      .getByRole('table', { name: 'Timeline entries' })
      .getByTestId('timeline-entry')
      .filter({ hasText: 'STAFF_REOPEN_TO_OFFER_SELECTION' }),
  ).toContainText('The borrower called back');
});
