/**
 * Borrower screens after the offer choice, through the real server and its sandbox providers
 * (DESIGN.md §7: the applicant's last name picks the scenario): Provide More Info, HMDA, the summary
 * and the submission, asset depletion, and the decline and timeout pages with their adverse action
 * notices. Each test registers a borrower through the registration API and drives the steps before
 * the offer choice through the engine's API as that borrower (the pre-offer screens have their own
 * browser tests), then opens the application and follows the screens the server status routes to,
 * asserting the URL, the words on each screen and axe.
 */
import { expect, test, type Page } from '@playwright/test';
import { registerBorrower, stepUrl, storedAuthorization, submitBasicInfo } from './borrower';
import { expectNoAxeViolations } from './fixtures';

const engine = (uuid: string) => `/service-application/api/v1/application/heloc/${uuid}`;
const statusUrl = (uuid: string) => `/service-krang-heloc/borrower/secure/api/v1/${uuid}/status`;

/** A call as the signed-in borrower of this page (token from its storage, cookie from its context). */
async function asBorrower(page: Page, method: 'GET' | 'POST', path: string, data?: unknown) {
  const response = await page.request.fetch(path, {
    method,
    headers: { authorization: await storedAuthorization(page) },
    ...(data !== undefined && { data }),
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

/** Polls the status until it is not a waiting one (the jobs run in the server). */
async function settledStatus(page: Page, uuid: string): Promise<string> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const { status } = (await asBorrower(page, 'GET', statusUrl(uuid))) as { status: string };
    if (!/^(WAITING_FOR_|GEN_)/.test(status)) return status;
    await page.waitForTimeout(500);
  }
  throw new Error('the status kept waiting');
}

/**
 * The steps before the offer choice through the API, as the browser's screens would send them after
 * the basic info: the liens as found, the first offer at the maximum line. Stops at the first status
 * that is none of those (a decline, asset depletion, more info).
 */
async function continueBeforeOffer(page: Page, uuid: string): Promise<string> {
  for (let steps = 0; steps < 5; steps += 1) {
    const status = await settledStatus(page, uuid);
    if (status === 'LIEN_VERIFICATION') {
      await asBorrower(page, 'POST', `${engine(uuid)}/liens/confirm`, {});
    } else if (status === 'OFFER_SELECTION') {
      const offers = (await asBorrower(page, 'GET', `${engine(uuid)}/offers`)) as {
        maxLineCents: number;
        offers: { uuid: string }[];
      };
      await asBorrower(page, 'POST', `${engine(uuid)}/offer`, {
        offerUuid: offers.offers[0]!.uuid,
        amountCents: offers.maxLineCents,
      });
    } else {
      return status;
    }
  }
  throw new Error('too many steps before the offer');
}

test('happy path in the browser: registration, basic info, liens, offer, more info, HMDA, summary, submission', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const uuid = await registerBorrower(page, 'Happypath');
  // The screens before the offer (their own checks are in borrower-pre-offer.spec.ts), clicked through.
  await submitBasicInfo(page, uuid);
  const main = page.getByRole('main');
  await expect(page).toHaveURL(stepUrl('liens'), { timeout: 20_000 });
  await main.getByRole('button', { name: 'Confirm and see my offers' }).click();
  await expect(page).toHaveURL(stepUrl('product/select'), { timeout: 20_000 });
  await main.getByRole('button', { name: 'Select this offer' }).click();

  // Provide More Info: contact.
  await expect(page).toHaveURL(stepUrl('start/contact'), { timeout: 20_000 });
  await expect(main.getByRole('heading', { level: 1, name: 'Provide More Info' })).toBeVisible();
  await expect(main.getByLabel('Mobile phone')).toHaveValue('(415) 555-0100');
  await expectNoAxeViolations(page);
  await main.getByLabel('Email').fill('');
  await main.getByRole('button', { name: 'Continue' }).click();
  await expect(main.getByLabel('Email')).toBeFocused();
  await expect(main.getByLabel('Email')).toHaveAccessibleDescription(/Required/);
  await expect(main.getByLabel('Mobile phone')).toHaveValue('(415) 555-0100');
  await expectNoAxeViolations(page);
  await main.getByLabel('Email').fill(`happy-${Date.now()}@heloc.test`);
  await main.getByRole('button', { name: 'Continue' }).click();

  // The additional profile: ownership, SSN (none on file after a matched soft pull), hard-credit consent.
  await expect(page).toHaveURL(stepUrl('start/additional-profile'));
  await expect(main.getByRole('heading', { level: 1, name: 'A few more details' })).toBeVisible();
  await expect(main.getByText('Hard credit authorization')).toBeVisible();
  await expectNoAxeViolations(page);
  await main.getByRole('button', { name: 'Continue' }).click();
  await expect(main.getByRole('radio', { name: 'I am the only owner' })).toBeFocused();
  await expect(main.getByLabel('Social Security number')).toHaveAccessibleDescription(/Required/);
  await expect(main.getByText('Please authorize the credit check to continue')).toBeVisible();
  await main.getByRole('radio', { name: 'I am the only owner' }).check();
  await main.getByLabel('Social Security number').fill('123-45-6789');
  await main.getByLabel(/I authorize a hard credit check/).check();
  await main.getByRole('button', { name: 'Continue' }).click();

  // HMDA: the statement, each question with its opt-out; several races.
  await expect(page).toHaveURL(stepUrl('start/hmda'), { timeout: 15_000 });
  await expect(main.getByRole('heading', { level: 1, name: 'Demographic Information' })).toBeVisible();
  await expect(main.getByText(/Federal law requires that we ask applicants/)).toBeVisible();
  await expect(main.getByRole('checkbox', { name: 'I do not wish to provide this information' })).toHaveCount(
    3,
  );
  await expectNoAxeViolations(page);
  await main.getByRole('button', { name: 'Continue' }).click();
  await expect(
    main.getByText('Please choose at least one option or "I do not wish to provide this information"'),
  ).toHaveCount(3);
  await expect(main.getByRole('checkbox', { name: 'Hispanic or Latino', exact: true })).toBeFocused();
  await main
    .getByRole('group', { name: 'Ethnicity' })
    .getByLabel('I do not wish to provide this information')
    .check();
  await expect(main.getByRole('checkbox', { name: 'Hispanic or Latino', exact: true })).toBeDisabled();
  await main.getByRole('checkbox', { name: 'Asian' }).check();
  await main.getByRole('checkbox', { name: 'White' }).check();
  await main.getByRole('checkbox', { name: 'Female' }).check();
  await expectNoAxeViolations(page);
  await main.getByRole('button', { name: 'Continue' }).click();

  // The summary (generated in a job while the processing modal shows), with the viewer.
  await expect(page).toHaveURL(stepUrl('start/app-summary'), { timeout: 30_000 });
  await expect(main.getByRole('heading', { level: 1, name: 'Review and Submit' })).toBeVisible();
  await expect(main.getByRole('document', { name: 'Application Summary' })).toBeVisible({ timeout: 15_000 });
  await expect(main.getByText(/^Page 1 of \d+$/)).toBeVisible();
  await expectNoAxeViolations(page);

  // The disclosures, and back.
  await main.getByRole('link', { name: 'Early HELOC Disclosure and the consumer booklet' }).click();
  await expect(page).toHaveURL(stepUrl('document/disclosures'));
  await expect(main.getByRole('heading', { level: 2, name: 'Early HELOC Disclosure' })).toBeVisible();
  await expect(
    main.getByRole('heading', { level: 2, name: 'What You Should Know About Home Equity Lines of Credit' }),
  ).toBeVisible();
  await expect(main.getByRole('document', { name: 'Early HELOC Disclosure' })).toBeVisible({
    timeout: 15_000,
  });
  await expectNoAxeViolations(page);
  await main.getByRole('link', { name: 'Back to my application' }).click();
  await expect(page).toHaveURL(stepUrl('start/app-summary'));

  // Submit: both boxes are required; then the hard pull and the hand-over.
  await main.getByRole('button', { name: 'Submit my application' }).click();
  await expect(main.getByText('Please confirm that your application summary is correct')).toBeVisible();
  await expect(main.getByLabel(/I have read my application summary/)).toBeFocused();
  await main.getByLabel(/I have read my application summary/).check();
  await main.getByLabel(/I authorize a hard credit check/).check();
  await main.getByRole('button', { name: 'Submit my application' }).click();
  await expect(page).toHaveURL(stepUrl('income/review'), { timeout: 45_000 });
  expect(((await asBorrower(page, 'GET', statusUrl(uuid))) as { status: string }).status).toBe(
    'INCOME_VERIFICATION',
  );
  // The submission is confirmed, and the progress sidebar is on the new step at once (it lagged one).
  await expect(page.getByText('Application submitted')).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Application Progress' }).locator('[aria-current="step"]'),
  ).toContainText('Link Income Sources');
});

test('Assets: DTI limited → product/assets; savings qualify → the offers', async ({ page }) => {
  const uuid = await registerBorrower(page, 'Assets');
  await asBorrower(page, 'POST', `${engine(uuid)}/profile`, {
    name: { firstName: 'Sandy', lastName: 'Assets' },
    dob: '1980-02-29',
    softCreditConsent: true,
  });
  expect(await continueBeforeOffer(page, uuid)).toBe('ASSETS_PREQUAL');
  await page.goto(`/account/heloc/${uuid}`);
  await expect(page).toHaveURL(stepUrl('product/assets'));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Tell Us About Your Assets' })).toBeVisible();
  await expect(main.getByText(/we spread the balances of your accounts over \d+ months/)).toBeVisible();
  await expectNoAxeViolations(page);
  await main.getByRole('button', { name: 'Continue' }).click();
  await expect(main.getByLabel('Account type')).toBeFocused();
  await expect(main.getByLabel('Current balance')).toHaveAccessibleDescription(/Required/);
  await main.getByLabel('Account type').selectOption({ label: 'Savings account' });
  await main.getByLabel('Bank or institution').fill('Sandbox Bank');
  await main.getByLabel('Current balance').fill('12ab');
  await main.getByRole('button', { name: 'Continue' }).click();
  await expect(main.getByLabel('Current balance')).toHaveAccessibleDescription(
    /Enter the balance in dollars/,
  );
  await expectNoAxeViolations(page);
  await main.getByLabel('Current balance').fill('1,200,000');
  await main.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(stepUrl('product/select'), { timeout: 20_000 });
  expect(((await asBorrower(page, 'GET', statusUrl(uuid))) as { status: string }).status).toBe(
    'OFFER_SELECTION',
  );
});

const declines = [
  { lastName: 'Lowscore', step: 'error/credit', title: /based on your credit score/ },
  { lastName: 'Highdebt', step: 'error/income', title: /based on your debt-to-income ratio/ },
  { lastName: 'Poorcondition', step: 'error/decline', title: 'We are unable to approve your application' },
  { lastName: 'Declined', step: 'error/decline', title: 'We are unable to approve your application' },
] as const;

for (const { lastName, step, title } of declines) {
  test(`${lastName} → ${step} with the adverse action notice`, async ({ page }) => {
    test.setTimeout(60_000);
    const uuid = await registerBorrower(page, lastName);
    await asBorrower(page, 'POST', `${engine(uuid)}/profile`, {
      name: { firstName: 'Sandy', lastName },
      dob: '1980-02-29',
      softCreditConsent: true,
    });
    expect(await continueBeforeOffer(page, uuid)).toBe('DECLINED');
    await page.goto(`/account/heloc/${uuid}`);
    await expect(page).toHaveURL(stepUrl(step));
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(
      main.getByRole('heading', { level: 2, name: 'Notice of Action Taken and Statement of Reasons' }),
    ).toBeVisible();
    await expect(main.getByRole('document', { name: /Notice/ })).toBeVisible({ timeout: 20_000 });
    await expect(main.getByText(/^Page 1 of \d+$/)).toBeVisible();
    await expect(main.getByRole('button', { name: 'Download the notice (PDF)' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}

test('Timeout: the bureau never answers; polling gives up on the timeout page', async ({ page }) => {
  test.setTimeout(150_000);
  const uuid = await registerBorrower(page, 'Timeout');
  await asBorrower(page, 'POST', `${engine(uuid)}/profile`, {
    name: { firstName: 'Sandy', lastName: 'Timeout' },
    dob: '1980-02-29',
    softCreditConsent: true,
  });
  // The page's polling backoff runs on its own timers: jump them forward instead of waiting the
  // minute it takes to give up (the server is asked for real at every attempt).
  await page.clock.install();
  await page.goto(`/account/heloc/${uuid}`);
  await expect(page.getByRole('dialog', { name: 'Please wait' })).toBeVisible();
  await expect(async () => {
    await page.clock.fastForward(5_000);
    await expect(page).toHaveURL(stepUrl('error/timeout'), { timeout: 250 });
  }).toPass({ timeout: 90_000, intervals: [100] });
  const main = page.getByRole('main');
  await expect(
    main.getByRole('heading', { level: 1, name: 'This is taking longer than expected' }),
  ).toBeVisible();
  await expect(main.getByText(/Your application and your answers are saved/)).toBeVisible();
  await expect(main.getByRole('link', { name: 'Check again' })).toBeVisible();
  await expectNoAxeViolations(page);
});
