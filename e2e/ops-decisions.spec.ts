/**
 * The Decisions panel of the lender console in the browser against the real server, with two staff
 * members in two browser contexts (maker-checker): the loan officer (lo@heloc.test, LOAN_OFFICER)
 * proposes a counter-offer on a borrower of theirs at offer selection, the server's refusal of a line
 * that is not lower shown in words first; the processor-underwriter (processor@heloc.test) sees it
 * proposed and approves it, and the borrower's offers call answers the new line. Then the
 * processor-underwriter declines another application with Regulation B reasons, applied at once:
 * the file says Declined, the panel offers only an exception, and the timeline lists the decision. Applications are brought to their
 * step through the HTTP API (the borrower screens have their own tests). Axe on the panel's screens.
 */
import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { apiGet } from './closing-api';
import { registerOverHttp, walkOverHttp } from './driver';
import { expectNoAxeViolations } from './fixtures';

const PASSWORD = 'Ops-password-1';
/** Jordan Reyes, the seeded loan originator of lo@heloc.test (their borrowers are theirs to read). */
const JORDAN_REYES = '7c1a2b3c-0000-4000-8000-000000000001';

let counter = 0;

/** A borrower of Jordan Reyes registered through the API by the one borrower driver. */
async function register(request: APIRequestContext, lastName: string) {
  counter += 1;
  return registerOverHttp(request, {
    property: { street1: '18 Quarry Road', city: 'Fresno', state: 'CA', zip: '93701' },
    name: { firstName: 'Riley', lastName },
    email: `decisions-${Date.now()}-${counter}@example.com`,
    referrer: JORDAN_REYES,
  });
}

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

/** Presses a button from the keyboard, as a person without a mouse would. */
async function press(page: Page, button: Locator) {
  await button.focus();
  await page.keyboard.press('Enter');
}

test('maker-checker: a loan officer proposes a counter-offer, a second member approves it; a decline with reasons is taken at once', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  // A borrower of Jordan Reyes at offer selection.
  const countered = await register(request, 'Counter');
  await walkOverHttp(request, countered, 'OFFER_SELECTION');
  const before = (await apiGet(request, countered, '/offers')) as { maxLineCents: number };
  // A round line $25,000 or more below the maximum (whole thousands read the same in every format).
  const line = Math.floor((before.maxLineCents - 25_000_00) / 100_000) * 100_000;
  const dollars = (cents: number) => (cents / 100).toLocaleString('en-US');

  // The loan officer finds the borrower in their pipeline and proposes the counter-offer.
  const lo = await signInToConsole(browser, 'lo@heloc.test');
  const search = lo.getByLabel('Search', { exact: false });
  await search.fill(countered.email);
  await search.press('Enter');
  await lo.getByRole('table', { name: 'Applications' }).getByRole('link', { name: 'Riley Counter' }).click();
  await expect(lo).toHaveURL(`/ops/applications/${countered.applicationUuid}`);
  const loPanel = lo.getByRole('region', { name: 'Decisions' });
  await expect(loPanel.getByText('No decisions yet.')).toBeVisible();
  const form = loPanel.getByRole('form', { name: 'Take or propose a decision' });
  await form.getByLabel('Decision', { exact: true }).selectOption({ label: 'Counter-offer (a lower line)' });
  // The server refuses a line that is not lower, in words.
  await form.getByLabel('New maximum line (dollars)').fill(dollars(before.maxLineCents));
  await form.getByLabel('Note (why)').fill('Keep the CLTV lower');
  const propose = form.getByRole('button', { name: 'Propose decision' });
  await press(lo, propose);
  await expect(form.getByRole('alert')).toHaveText(
    'A counter-offer must be lower than the current maximum line',
  );
  await form.getByLabel('New maximum line (dollars)').fill(dollars(line));
  await press(lo, propose);
  await expect(form.getByRole('status')).toHaveText(
    'The decision was proposed: a different member who may approve decisions applies it.',
  );
  const proposed = loPanel.getByTestId('decision');
  await expect(proposed).toHaveCount(1);
  await expect(proposed).toContainText('Proposed');
  await expect(proposed).toContainText(`New maximum line: $${dollars(line)}`);
  await expect(proposed).toContainText('Proposed by lo@heloc.test');
  await expect(proposed).toContainText('Waiting for a different member who may approve decisions.');
  await expect(proposed.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(
    lo.getByRole('table', { name: 'Timeline entries' }).getByTestId('timeline-entry').filter({
      hasText: 'DECISION_PROPOSED',
    }),
  ).toContainText('lo@heloc.test');
  await expectNoAxeViolations(lo);
  // Proposed only: the borrower still sees the old line.
  expect(((await apiGet(request, countered, '/offers')) as { maxLineCents: number }).maxLineCents).toBe(
    before.maxLineCents,
  );

  // The processor-underwriter, in their own browser context, sees it proposed and approves it.
  const processor = await signInToConsole(browser, 'processor@heloc.test');
  await processor.goto(`/ops/applications/${countered.applicationUuid}`);
  const panel = processor.getByRole('region', { name: 'Decisions' });
  const waiting = panel.getByTestId('decision').filter({ hasText: 'Counter-offer' });
  await expect(waiting).toContainText('Proposed');
  await expect(waiting).toContainText('Proposed by lo@heloc.test');
  await expectNoAxeViolations(processor);
  await press(processor, waiting.getByRole('button', { name: 'Approve' }));
  await expect(waiting).toContainText('Applied');
  await expect(waiting).toContainText('Approved by processor@heloc.test');
  await expect(waiting.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await expect(
    processor
      .getByRole('table', { name: 'Timeline entries' })
      .getByTestId('timeline-entry')
      .filter({ hasText: 'STAFF_COUNTER_OFFER' }),
  ).toContainText('Keep the CLTV lower');
  // The borrower's next poll of the offers has the new line.
  const after = (await apiGet(request, countered, '/offers')) as { maxLineCents: number };
  expect(after.maxLineCents).toBe(line);

  // A decline with Regulation B reasons, taken at once by the underwriter.
  const declined = await register(request, 'Decline');
  await processor.goto(`/ops/applications/${declined.applicationUuid}`);
  await expect(processor.getByRole('heading', { name: 'Riley Decline', level: 2 })).toBeVisible();
  const declineForm = panel.getByRole('form', { name: 'Take or propose a decision' });
  await expect(declineForm.getByLabel('Decision', { exact: true })).toHaveValue('DECLINE');
  await declineForm.getByRole('checkbox', { name: 'Bankruptcy' }).check();
  await declineForm.getByRole('checkbox', { name: 'Other', exact: true }).check();
  await declineForm.getByLabel(/The other reason/).fill('Property held in an unacceptable trust');
  await declineForm.getByLabel('Note (why)').fill('Bankruptcy discharged last month');
  await expectNoAxeViolations(processor);
  await press(processor, declineForm.getByRole('button', { name: 'Take decision' }));
  const taken = panel.getByTestId('decision');
  await expect(taken).toHaveCount(1);
  await expect(taken).toContainText('Applied');
  await expect(taken).toContainText('Reasons: Bankruptcy; Other: Property held in an unacceptable trust');
  await expect(taken).toContainText('Taken by processor@heloc.test');
  // The file says Declined, the panel offers only an exception, the timeline lists the decision.
  await expect(processor.getByText('Declined', { exact: true })).toBeVisible();
  // A staff decline takes no exception (only the engine's own underwriting decline does): the panel
  // offers it, the server refuses in words.
  await expect(
    panel.getByText(
      'This application is declined: an exception to the rules the engine declined on is the only decision it takes.',
    ),
  ).toBeVisible();
  const declineEntry = processor
    .getByRole('table', { name: 'Timeline entries' })
    .getByTestId('timeline-entry')
    .filter({ hasText: 'STAFF_DECLINE' });
  await expect(declineEntry).toContainText('Declined');
  await expect(declineEntry).toContainText('processor@heloc.test');
  await expect(declineEntry).toContainText('Bankruptcy discharged last month');
  await expectNoAxeViolations(processor);
});
