/**
 * The lender console's pipeline and application file in the browser against the real server: the
 * loan officer (lo@heloc.test) finds the demo borrower in their pipeline and opens the file, then
 * finds a borrower of theirs who has started (registered and submitted the profile through the API)
 * and reads the timeline; the second lender's admin (ops-cascade@heloc.test) finds nothing of MAIN
 * and the API answers 404 for MAIN's application; the processor waives and reopens a condition.
 * Keyboard only where a person would use it; axe on
 * each screen.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { answeredStatus } from '@heloc/borrower-driver';
import { httpBorrower, registerOverHttp } from './driver';
import { expectNoAxeViolations } from './fixtures';

const PASSWORD = 'Ops-password-1';
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

async function search(page: Page, text: string) {
  const field = page.getByLabel('Search', { exact: false });
  await field.fill(text);
  await field.press('Enter');
}

test('a loan officer finds the demo borrower and a borrower of theirs, opens the file, reads the timeline; another lender finds nothing', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  // A borrower referred by Jordan Reyes (lo@heloc.test) who has submitted the profile: a step change
  // by the borrower, then the sandbox bureau's result.
  const who = await registerOverHttp(request, {
    property: { street1: '18 Quarry Road', city: 'Fresno', state: 'CA', zip: '93701' },
    name: { firstName: 'Quinn', lastName: 'Console' },
    email: `console-${Date.now()}@example.com`,
    referrer: JORDAN_REYES,
  });
  const { email, applicationUuid } = who;
  // The profile, as the one borrower driver answers it (a move it must make).
  answeredStatus(await httpBorrower(request, who, who.plan).move('IN_PROGRESS'));

  const lo = await signInToConsole(browser, 'lo@heloc.test');
  // The loan officer lands on their pipeline.
  const table = lo.getByRole('table', { name: 'Applications' });
  await expect(lo.getByText('Showing your own borrowers.')).toBeVisible();
  await search(lo, 'Dana Demo');
  const dana = table.getByRole('link', { name: 'Dana Demo' });
  await expect(dana).toBeVisible();
  await expect(table.getByTestId('pipeline-row')).toHaveCount(1);
  await expect(table.getByTestId('pipeline-row')).toContainText('Jordan Reyes');
  // The search as a saved view of their own.
  await lo.getByLabel('Save the applied filters as').fill('Dana');
  await lo.getByRole('button', { name: 'Save view' }).click();
  await expect(lo.getByLabel('Saved view')).toHaveValue(/.+/);
  await expect(lo.getByLabel('Saved view').locator('option', { hasText: 'Dana' })).toHaveCount(1);
  await expectNoAxeViolations(lo);
  const demoHref = await dana.getAttribute('href');
  const demoUuid = demoHref!.split('/').at(-1)!;
  // Keyboard: the link opens the file.
  await dana.focus();
  await lo.keyboard.press('Enter');
  await expect(lo).toHaveURL(`/ops/applications/${demoUuid}`);
  await expect(lo.getByRole('heading', { name: 'Dana Demo', level: 2 })).toBeVisible();
  const borrower = lo.getByRole('region', { name: 'Borrower' });
  await expect(borrower).toContainText('demo@heloc.test');
  await expect(lo.getByRole('region', { name: 'Property and liens' })).toContainText('742 Evergreen Terrace');
  await expect(lo.getByRole('region', { name: 'Timeline' })).toBeVisible();
  await expectNoAxeViolations(lo);

  // Back to the pipeline; the borrower who started: the timeline has their step change.
  await lo.getByRole('link', { name: '← Back to the pipeline' }).click();
  await search(lo, email);
  await table.getByRole('link', { name: 'Quinn Console' }).click();
  await expect(lo).toHaveURL(`/ops/applications/${applicationUuid}`);
  const timeline = lo.getByRole('table', { name: 'Timeline entries' });
  const submitted = timeline
    .getByTestId('timeline-entry')
    .filter({ hasText: 'Profile in progress → Waiting for credit' });
  await expect(submitted).toContainText(email);
  await expect(submitted).toContainText('Step changes');
  // Only step changes, then only conditions (none).
  await lo.getByRole('checkbox', { name: 'Step changes' }).check();
  await expect(timeline.getByTestId('timeline-entry').first()).toContainText('Step changes');
  await lo.getByRole('checkbox', { name: 'Step changes' }).uncheck();
  await lo.getByRole('checkbox', { name: 'Conditions' }).check();
  await expect(lo.getByText('Nothing of this kind.')).toBeVisible();
  await expectNoAxeViolations(lo);

  // The processor waives a condition raised on that application (raised through the API) and reopens it.
  const processorLogin = await request.post('/identity/api/v1/login', {
    data: { email: 'processor@heloc.test', password: PASSWORD },
  });
  const processorJwt = ((await processorLogin.json()) as { jwt: string }).jwt;
  const raised = await request.post(`/service-ops/api/v1/applications/${applicationUuid}/conditions`, {
    headers: { authorization: `Bearer ${processorJwt}` },
    data: { category: 'REVIEW_TRUST_REQUIREMENTS', commentsToBorrower: 'Your trust certificate, please.' },
  });
  expect(raised.status(), await raised.text()).toBe(200);
  const processor = await signInToConsole(browser, 'processor@heloc.test');
  await search(processor, email);
  await processor.getByRole('link', { name: 'Quinn Console' }).click();
  const condition = processor
    .getByTestId('console-condition')
    .filter({ hasText: 'REVIEW_TRUST_REQUIREMENTS' });
  await expect(condition).toContainText('Open');
  await condition.getByRole('button', { name: 'Waive' }).click();
  await condition.getByRole('button', { name: 'Waive condition' }).click();
  await expect(condition.getByText('Give a reason (at least 3 characters)')).toBeVisible();
  await condition.getByLabel('Reason').fill('The title company reviewed the trust');
  await condition.getByLabel('Reason').press('Enter');
  await expect(condition).toContainText('Waived');
  await expect(condition).toContainText('The title company reviewed the trust');
  const processorTimeline = processor.getByRole('table', { name: 'Timeline entries' });
  await expect(
    processorTimeline.getByTestId('timeline-entry').filter({ hasText: 'CONDITION_WAIVED' }),
  ).toContainText('processor@heloc.test');
  await expectNoAxeViolations(processor);
  await condition.getByRole('button', { name: 'Reopen' }).click();
  await condition.getByLabel('Reason').fill('The trust was amended');
  await condition.getByRole('button', { name: 'Reopen condition' }).click();
  await expect(condition).toContainText('Open');
  await expect(
    processorTimeline.getByTestId('timeline-entry').filter({ hasText: 'CONDITION_REOPENED' }),
  ).toContainText('The trust was amended');

  // The second lender's admin: nothing of MAIN in the pipeline, 404 from the API.
  const cascade = await signInToConsole(browser, 'ops-cascade@heloc.test');
  await cascade.getByRole('button', { name: 'Applications' }).click();
  await search(cascade, 'Dana Demo');
  await expect(cascade.getByText('No applications match these filters.')).toBeVisible();
  await search(cascade, email);
  await expect(cascade.getByText('No applications match these filters.')).toBeVisible();
  await cascade.goto(`/ops/applications/${demoUuid}`);
  await expect(cascade.getByRole('alert')).toHaveText('Application not found.');
  const login = await request.post('/identity/api/v1/login', {
    data: { email: 'ops-cascade@heloc.test', password: PASSWORD },
  });
  const cascadeJwt = ((await login.json()) as { jwt: string }).jwt;
  for (const path of [demoUuid, applicationUuid, `${demoUuid}/timeline`]) {
    const res = await request.get(`/service-ops/api/v1/applications/${path}`, {
      headers: { authorization: `Bearer ${cascadeJwt}` },
    });
    expect(res.status(), path).toBe(404);
  }
});
