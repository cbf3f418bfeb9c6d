/**
 * Browser-test helpers for the borrower's application: a new borrower registered through the API by
 * the one borrower driver (the last name picks the sandbox scenario, DESIGN.md §7) and signed in in the page, calls as that
 * borrower, the step URLs under /account/heloc/{uuid}/, and the basic info submitted.
 */
import { expect, type Page } from '@playwright/test';
import type { TRegistrationInput } from '@heloc/domain';
import { registerOverHttp, type RegisteredBorrower } from './driver';

export const ADDRESSES = {
  CA: { street1: '12 Oak Street', city: 'Fresno', state: 'CA', zip: '93701' },
  TX: { street1: '400 Congress Avenue', city: 'Austin', state: 'TX', zip: '78701' },
} as const;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const stepUrl = (step: string) => new RegExp(`/account/heloc/${UUID}/${step}$`);

let counter = 0;

/**
 * A new borrower of `orgCode` registered through the API by the one borrower driver in the page's
 * context and signed in in the page (token in its storage): the driver's sandbox borrower with
 * `overrides`.
 */
export async function signedInBorrower(
  page: Page,
  overrides: Partial<TRegistrationInput> = {},
  orgCode = 'MAIN',
): Promise<RegisteredBorrower> {
  await page.goto(`/auth/login?org=${orgCode}`);
  const who = await registerOverHttp(page.request, overrides, orgCode);
  await page.evaluate((token) => localStorage.setItem('jwt', `Bearer ${token}`), who.jwt);
  return who;
}

/** A new borrower named `lastName` (the sandbox scenario), signed in in this page; answers the application id. */
export async function registerBorrower(
  page: Page,
  lastName: string,
  state: keyof typeof ADDRESSES = 'CA',
  orgCode = 'MAIN',
): Promise<string> {
  counter += 1;
  const who = await signedInBorrower(
    page,
    {
      property: ADDRESSES[state],
      name: { firstName: 'Sandy', lastName },
      email: `borrower-${Date.now()}-${counter}@heloc.test`,
      password: 'Sturdy-pass-42',
    },
    orgCode,
  );
  return who.applicationUuid;
}

/** The Authorization header of the page's stored sign-in (kept as "Bearer <jwt>", spec 1 §4). */
export async function storedAuthorization(page: Page): Promise<string> {
  const stored = await page.evaluate(() => localStorage.getItem('jwt'));
  if (!stored) throw new Error('no stored jwt');
  return stored.startsWith('Bearer ') ? stored : `Bearer ${stored}`;
}

/** A GET as the signed-in borrower of this page (token from its storage, cookie from its context). */
export async function serverGet(page: Page, path: string): Promise<Record<string, unknown>> {
  const response = await page.request.get(path, {
    headers: { authorization: await storedAuthorization(page) },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

export const serverStatus = (page: Page, uuid: string) =>
  serverGet(page, `/service-krang-heloc/borrower/secure/api/v1/${uuid}/status`) as Promise<{
    status: string;
    applicationStatus: Record<string, unknown>;
  }>;

/** Opens the application: the frame's index routes to start/profile; submits the basic info. */
export async function submitBasicInfo(page: Page, applicationUuid: string): Promise<void> {
  await page.goto(`/account/heloc/${applicationUuid}`);
  await expect(page).toHaveURL(stepUrl('start/profile'));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Basic Info' })).toBeVisible();
  await expect(main.getByLabel('First name')).toHaveValue('Sandy');
  await expect(main.getByLabel('Birthdate')).toHaveValue('02/29/1980');
  await expect(
    main.getByText('A soft credit pull is used for rate checks and a hard pull on application.'),
  ).toBeVisible();
  await main.getByLabel(/I agree to a soft credit check/).check();
  await main.getByRole('button', { name: 'Check my rates' }).click();
}
