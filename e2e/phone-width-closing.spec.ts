/**
 * The phone-width pass, part 2 (issue 19: "a phone-width (390 px) pass over every screen: nothing
 * covered, nothing cut off, axe clean"), with the checks of e2e/phone.ts at 390×844: the closing screens
 * after their intros, which e2e/phone-width.spec.ts leaves out —
 *
 * - signing/sign (each document in the PDF viewer, zoomed in to the last step; the location alert),
 *   signing/support, signing/additional (before and after the invitation), the jointly owned home's identity screen with
 *   its owners list;
 * - notary/session (its three steps), notary/error, the manual notary (the fee consent on notary/intro,
 *   notary/reserve-manual, notary/schedule-manual, the booked appointment);
 * - complete in the rescission period: the "Cancel my line" dialog and, once confirmed, "Your line of
 *   credit is cancelled" (the signing borrower, its deed and insurance then done through the API);
 * - the conditions' upload (a file chosen, then received) and phone number (refused empty) screens;
 * - the income link modal on income/review (the banks, the sign-in with its errors, the code);
 * - password reset (the link from the outbox, a refused password, a used link, the login's notice);
 * - the co-owner's screens (the invitation, identity, documents, the notary intro and session, the
 *   signed documents, the notary error), then their conditions (heloc-signer/conditions before and after
 *   an upload, conditions/upload-document refused empty, conditions/identity): staff raise two, with
 *   fe-heloc-additional-signer-conditions published on for MAIN meanwhile and rolled back after.
 *
 * Each borrower's earlier steps run through the API (closing-api.ts); the five borrowers run side by
 * side, each in its own browser context, so the pass takes about as long as its slowest borrower. A
 * dialog is checked once it has faded in: nothing wider than the phone, "Chat with us" under its overlay
 * (not drawn over it), no control of it under that button or cut off at the screen's edge, and axe on
 * the dialog.
 */
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test';
import { ESIGN_DISCLOSURE_VERSION, FEATURE_FLAGS, MANUAL_NOTARY_FEE_CENTS } from '@heloc/domain';
import {
  API,
  apiGet,
  apiPost,
  bankLinkApi,
  driveClosingApi,
  driveToIncomeVerification,
  employerAndAccountsApi,
  outboxMail,
  outboxMailMatching,
  registerBorrower,
  signAllApi,
  toWeekdayMorning,
  uploadIdApi,
  waitForStatus,
  type Borrower,
} from './closing-api';
import { expectNoAxeViolations } from './fixtures';
import { checkShown as checkShownNow, escape, PHONE, WIDTH } from './phone';

test.use({ viewport: PHONE });

const app = (who: Borrower, step: string) => `/account/heloc/${who.applicationUuid}/${step}`;
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const signerScreen = (screen: string) => `/account/heloc/heloc-signer/${screen}`;

type ClosingDocuments = {
  esignDisclosureVersion: string;
  documents: { uuid: string; label: string; type: string; signingMethod: string; signed: boolean }[];
};

/** A page at phone width in a browser context of its own (its own cookies and session). */
async function phonePage(browser: Browser, baseURL: string, options: { geolocation?: boolean } = {}) {
  const context = await browser.newContext({
    baseURL,
    viewport: PHONE,
    ...(options.geolocation && {
      permissions: ['geolocation'],
      geolocation: { latitude: 36.7378, longitude: -119.7871 },
    }),
  });
  return context.newPage();
}

/**
 * The screen shown now has its heading and no loader. Waited for here, longer than checkShown does: the
 * five borrowers' screens load side by side (and on a busy machine a screen may take a while).
 */
async function settled(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0, { timeout: 60_000 });
}

/** checkShown (e2e/phone.ts) once the screen has settled. */
async function checkShown(page: Page, name: string, whole = false) {
  await settled(page);
  await checkShownNow(page, name, whole);
}

/** checkScreen (e2e/phone.ts) with the longer wait for the screen. */
async function checkScreen(page: Page, path: string, whole = false) {
  await page.goto(path);
  await expect(page, `${path} stays on its screen`).toHaveURL(new RegExp(`${escape(path)}$`));
  await checkShown(page, path, whole);
}

/**
 * The open dialog, once faded in and loaded: no sideways scroll, every control of it, focused (the
 * dialog scrolls it into view), inside the screen's width and not under "Chat with us"; axe on the dialog.
 */
async function checkDialog(page: Page, dialog: Locator, name: string) {
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
  await expect(dialog.locator('.mantine-Loader-root')).toHaveCount(0, { timeout: 60_000 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect.soft(width, `${name} is ${width} px wide`).toBeLessThanOrEqual(WIDTH);
  const problems = await dialog.evaluate((root) => {
    const launcher = Array.from(document.querySelectorAll('button')).find(
      (button) =>
        button.getAttribute('aria-label') === 'Chat with us' || button.textContent?.trim() === 'Chat with us',
    );
    const found: string[] = [];
    if (launcher) {
      // The dialog's overlay covers the page behind it, the launcher too (never drawn over the dialog).
      const over = launcher.getBoundingClientRect();
      const hit = document.elementFromPoint((over.left + over.right) / 2, (over.top + over.bottom) / 2);
      if (hit && launcher.contains(hit)) found.push('"Chat with us" is drawn over the dialog\'s overlay');
    }
    const controls = root.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, [tabindex]:not([tabindex="-1"])',
    );
    for (const control of Array.from(controls)) {
      if ((control as HTMLButtonElement).disabled) continue;
      control.focus();
      if (document.activeElement !== control) continue;
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const label =
        control.getAttribute('aria-label') ??
        (control.textContent?.trim() || (control as HTMLInputElement).value || control.tagName);
      if (box.left < 0 || box.right > window.innerWidth) found.push(`"${label}" is cut off at the side`);
      if (!launcher) continue;
      const over = launcher.getBoundingClientRect();
      const left = Math.max(box.left, over.left);
      const right = Math.min(box.right, over.right);
      const top = Math.max(box.top, over.top);
      const bottom = Math.min(box.bottom, over.bottom);
      if (left >= right || top >= bottom) continue;
      // Drawn above the control where the two meet: the launcher covers it.
      const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
      if (hit && launcher.contains(hit)) found.push(`"${label}" under "Chat with us"`);
    }
    (document.activeElement as HTMLElement | null)?.blur();
    return found;
  });
  expect.soft(problems, name).toEqual([]);
  // The dialog's own content (the page behind it was checked on its screen).
  await expectNoAxeViolations(page, { include: '[role="dialog"]' }).catch((error: unknown) =>
    expect.soft(String(error), `axe on ${name}`).toBe(''),
  );
}

/** The PDF viewer zoomed in to its last step: its pages scroll inside the box, never the page. */
async function checkZoomedIn(page: Page, name: string) {
  const zoomIn = page.getByRole('main').getByRole('button', { name: 'Zoom in' }).first();
  await expect(zoomIn).toBeVisible({ timeout: 15_000 });
  while (await zoomIn.isEnabled()) await zoomIn.click();
  await expect(page.getByRole('main').getByTestId('pdf-zoom').first()).toHaveText(/300%/);
  await checkShown(page, `${name} at 300%`);
}

const closingDocuments = async (page: Page, who: Borrower) =>
  (await apiGet(page.request, who, '/closing-documents')) as unknown as ClosingDocuments;

/** The e-signed documents in order, and `sign`, which signs one through the API. */
async function esigned(page: Page, who: Borrower) {
  const view = await closingDocuments(page, who);
  return {
    documents: view.documents.filter((doc) => doc.signingMethod === 'ESIGN'),
    sign: (documentUuid: string) =>
      apiPost(page.request, who, '/signing/sign', {
        documentUuid,
        esignConsent: true,
        esignDisclosureVersion: view.esignDisclosureVersion,
        scrolledToBottom: true,
      }),
  };
}

/** The income link modal on income/review: the banks (none chosen), the sign-in (refused empty), the code. */
async function incomeLink(browser: Browser, baseURL: string) {
  const page = await phonePage(browser, baseURL);
  const who = await registerBorrower(page, { lastName: 'Phonelink' });
  await driveToIncomeVerification(page, who);
  await page.goto(app(who, 'income/review'));
  await page.getByRole('main').getByRole('link', { name: 'Link bank account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link your bank account' });
  await checkDialog(page, dialog, 'income link: the banks');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Required')).toBeVisible();
  await checkDialog(page, dialog, 'income link: no bank chosen');
  await dialog.getByRole('radio').first().check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByLabel(/^Username/)).toBeVisible();
  await checkDialog(page, dialog, 'income link: the sign-in');
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog.getByText('Required').first()).toBeVisible();
  await checkDialog(page, dialog, 'income link: the sign-in refused empty');
  // The sandbox's credentials as the dialog shows them: username, password, the username asked for a code.
  const [, password, mfaUsername] = await dialog.locator('strong').allTextContents();
  await dialog.getByLabel(/^Username/).fill(mfaUsername!);
  await dialog.getByLabel(/^Password/).fill(password!);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog.getByLabel(/^Verification code/)).toBeVisible();
  await checkDialog(page, dialog, 'income link: the code');
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/income\/review$/);

  await page.context().close();
}

/** Signing and the eNotary session. */
async function signingAndEnotary(browser: Browser, baseURL: string) {
  const page = await phonePage(browser, baseURL);
  const who = await registerBorrower(page, { lastName: 'Phonesign' });
  await driveToIncomeVerification(page, who);

  // Signing: every document in the viewer; the first one zoomed in, read to the end, and the location alert.
  await driveClosingApi(page, who, 'IDENTITY');
  await waitForStatus(page.request, who, 'NOTE_SIGNING');
  await checkScreen(page, app(who, 'signing/support'));
  const { documents, sign } = await esigned(page, who);
  expect(documents.length).toBeGreaterThan(1);
  for (const [index, doc] of documents.entries()) {
    await checkScreen(page, app(who, 'signing/sign'), index === 0);
    await expect(page.getByRole('main').getByRole('heading', { level: 2, name: doc.label })).toBeVisible();
    if (index === 0) {
      await checkZoomedIn(page, `signing/sign, ${doc.label}`);
      const main = page.getByRole('main');
      const nextPage = main.getByRole('button', { name: 'Next page' });
      while (await nextPage.isEnabled()) await nextPage.click();
      await main.getByRole('document').scrollIntoViewIfNeeded();
      await expect(main.getByText('You have reached the end of this document.')).toBeVisible();
      await main.getByLabel(/agree to sign my documents electronically/).check();
      await main.getByRole('button', { name: `Sign ${doc.label}` }).click();
      await checkDialog(
        page,
        page.getByRole('dialog', { name: 'Why We Need Your Location' }),
        'signing/sign: the location alert',
      );
      await page.keyboard.press('Escape');
    }
    await sign(doc.uuid);
  }
  await waitForStatus(page.request, who, 'NOTARY_DISCLOSURE');

  // notary/intro with the manual notary chosen (its fee consent), then the eNotary chosen.
  await checkScreen(page, app(who, 'notary/intro'));
  await page
    .getByRole('main')
    .getByRole('radio', { name: /A notary comes to you/ })
    .check();
  await page.getByRole('main').getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('main').getByText('Required')).toBeVisible();
  await checkShown(page, 'notary/intro, manual notary without the fee consent');
  await apiPost(page.request, who, '/notary/choice', { method: 'ENOTARY' });
  await waitForStatus(page.request, who, 'DEED_SIGNING');
  await checkScreen(page, app(who, 'notary/intro'));
  await expect(page.getByRole('main').getByRole('button', { name: 'Join eNotary session' })).toBeVisible();

  // notary/session: the identity questions (refused unanswered), the deed, the signature.
  await checkScreen(page, app(who, 'notary/session'));
  await page.getByRole('main').getByRole('button', { name: 'Confirm my identity' }).click();
  await expect(page.getByRole('main').getByText('Required').first()).toBeVisible();
  await checkShown(page, 'notary/session, the questions unanswered');
  const session = (await apiPost(page.request, who, '/notary/session')) as {
    questions: { id: string; choices: string[] }[];
  };
  const pick = (id: string, wanted: string) =>
    session.questions.find((question) => question.id === id)?.choices.find((each) => each.includes(wanted));
  await apiPost(page.request, who, '/notary/session/identity', {
    answers: { birthYear: '1980', street: pick('street', 'Oak'), city: pick('city', 'Fresno') },
  });
  await checkScreen(page, app(who, 'notary/session'));
  await expect(
    page.getByRole('main').getByText('Step 2 of 3: Review your deed with the notary'),
  ).toBeVisible();
  await checkZoomedIn(page, 'notary/session, the deed');
  const deed = (await closingDocuments(page, who)).documents.find((doc) => doc.type === 'DEED_OF_TRUST');
  expect(deed, 'the deed of trust').toBeDefined();
  await apiPost(page.request, who, '/notary/session/review', {
    documentUuid: deed!.uuid,
    scrolledToBottom: true,
  });
  await checkScreen(page, app(who, 'notary/session'));
  await expect(page.getByRole('main').getByText('Step 3 of 3: Sign before the notary')).toBeVisible();
  await page.getByRole('main').getByRole('button', { name: 'Sign the deed' }).click();
  await expect(page.getByRole('main').getByText('Required')).toBeVisible();
  await checkShown(page, 'notary/session, signed without consent');
  await checkScreen(page, app(who, 'notary/error'));

  // The deed signed and the insurance received (the API): in the rescission period the borrower opens
  // "Cancel my line", confirms, and reads the cancelled line's confirmation.
  await apiPost(page.request, who, '/notary/session/sign', { esignConsent: true });
  await waitForStatus(page.request, who, 'TRUST_AND_INSURANCE');
  const insured = await page.request.post(`${API}/${who.applicationUuid}/insurance/upload/hazard`, {
    headers: { authorization: `Bearer ${who.jwt}` },
    multipart: { file: { name: 'policy.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(insured.ok(), await insured.text()).toBe(true);
  await waitForStatus(page.request, who, 'RESCISSION');
  await checkScreen(page, app(who, 'complete'));
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Cancel my line' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel your line of credit?' });
  await checkDialog(page, cancel, 'complete: the "Cancel my line" dialog');
  await cancel.getByRole('button', { name: 'Yes, cancel my line' }).click();
  const cancelled = main.getByRole('heading', { level: 1, name: 'Your line of credit is cancelled' });
  await expect(cancelled).toBeVisible({ timeout: 20_000 });
  await checkShown(page, 'complete: the line cancelled');
  // Still the confirmation after the checks (a CANCELLED application routes to the dashboard).
  await expect(main.getByRole('link', { name: 'Go to the dashboard' })).toBeVisible();
  await page.context().close();
}

/** The manual notary: the reservation, the time (refused unchosen), the booked appointment. */
async function manualNotary(browser: Browser, baseURL: string) {
  const page = await phonePage(browser, baseURL);
  const who = await registerBorrower(page, { lastName: 'Phonemanual' });
  await driveToIncomeVerification(page, who);
  await driveClosingApi(page, who, 'SIGNED');
  await apiPost(page.request, who, '/notary/choice', {
    method: 'MANUAL',
    feeConsent: true,
    feeCents: MANUAL_NOTARY_FEE_CENTS,
  });
  await waitForStatus(page.request, who, 'MANUAL_DEED_SIGNING');
  await checkScreen(page, app(who, 'notary/reserve-manual'), true);
  await checkScreen(page, app(who, 'notary/schedule-manual'));
  await page.getByRole('main').getByRole('button', { name: 'Reserve this time' }).click();
  await expect(page.getByRole('main').getByText('Required')).toBeVisible();
  await checkShown(page, 'notary/schedule-manual, no time chosen');
  const { slots } = (await apiGet(page.request, who, '/notary/slots')) as { slots: { startsAt: string }[] };
  expect(slots.length).toBeGreaterThan(0);
  await apiPost(page.request, who, '/notary/reserve', { startsAt: slots[0]!.startsAt });
  await waitForStatus(page.request, who, 'NOTARY_WAITING_PERIOD');
  await checkScreen(page, app(who, 'notary/intro'));
  await expect(
    page.getByRole('main').getByRole('heading', { level: 1, name: 'Your notary appointment is booked' }),
  ).toBeVisible();
  await page.context().close();
}

/** A jointly owned home: the owners list, signing/additional, then every co-owner screen. */
async function coOwner(browser: Browser, baseURL: string) {
  const page = await phonePage(browser, baseURL);
  const who = await registerBorrower(page, { lastName: 'Phonejoint' });
  await driveToIncomeVerification(page, who, { ownership: 'JOINT' });
  const link = await bankLinkApi(page, who);
  await apiPost(page.request, who, '/income/link', { publicToken: link.publicToken });
  await waitForStatus(page.request, who, 'EMPLOYMENT_VERIFICATION');
  await employerAndAccountsApi(page, who, link);
  await waitForStatus(page.request, who, 'IDENTITY_VERIFICATION');

  // The identity screen lists the other owners first; a long address must fit.
  await checkScreen(page, app(who, 'identity'), true);
  const email = `a-rather-long-co-owner-address-${Date.now()}@heloc.test`;
  const form = page.getByRole('main').getByRole('form', { name: 'List the other owners' });
  await form.getByLabel('First name').fill('Casey');
  await form.getByLabel('Last name').fill('Phonejoint');
  await form.getByLabel('E-mail').fill(email);
  await form.getByRole('button', { name: 'Save the owners' }).click();
  await expect(page.getByRole('main').getByRole('row', { name: /Casey Phonejoint/ })).toBeVisible();
  await checkShown(page, 'identity, one other owner listed');

  await uploadIdApi(page, who);
  await signAllApi(page, who, 'CO_DEED');
  await checkScreen(page, app(who, 'signing/additional'));
  await page.getByRole('main').getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('main').getByRole('row', { name: /Casey Phonejoint/ })).toContainText(
    'Invitation sent',
  );
  await checkShown(page, 'signing/additional, the invitation sent');

  // The co-owner, in a browser of their own: the invitation, then each screen after the sign-in.
  const token = /\/heloc-signer\/resume\?token=([A-Za-z0-9_-]{43})/.exec(
    await outboxMail(baseURL, email),
  )?.[1];
  expect(token, 'the invitation link').toBeDefined();
  const signer = await phonePage(browser, baseURL, { geolocation: true });
  await checkScreen(signer, signerScreen(`resume?token=${token}`), true);
  const accepted = await signer.request.post(`${API}/co-deed/invitations/accept`, {
    data: { token, password: 'Co-owner-passw0rd!' },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const { jwt } = (await accepted.json()) as { jwt: string };
  await signer.evaluate((value) => localStorage.setItem('jwt', `Bearer ${value}`), jwt);
  const asSigner = async (path: string, data?: unknown) => {
    const res = await signer.request.fetch(`${API}/co-deed/signer${path}`, {
      method: data === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${jwt}` },
      ...(data !== undefined && { data }),
    });
    expect(res.ok(), `signer ${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return res.json() as Promise<Record<string, unknown>>;
  };

  await checkScreen(signer, signerScreen('identity'), true);
  await signer.getByRole('main').getByRole('button', { name: 'Continue' }).click();
  await expect(signer.getByRole('main').getByText('Required').first()).toBeVisible();
  await checkShown(signer, 'heloc-signer/identity, refused empty');
  await asSigner('/identity', {
    firstName: 'Casey',
    lastName: who.lastName,
    dob: '1982-03-15',
    phoneNumber: '(415) 555-0111',
  });
  const { documents } = (await asSigner('/documents')) as {
    documents: { uuid: string; signingMethod: string; signed: boolean }[];
  };
  const toSign = documents.filter((doc) => doc.signingMethod === 'ESIGN' && !doc.signed);
  expect(toSign.length).toBeGreaterThan(0);
  for (const [index, doc] of toSign.entries()) {
    await checkScreen(signer, signerScreen('documents'));
    await expect(signer.getByRole('main').getByRole('document').first()).toBeVisible({ timeout: 15_000 });
    if (index === 0) {
      await checkZoomedIn(signer, 'heloc-signer/documents');
      const main = signer.getByRole('main');
      const nextPage = main.getByRole('button', { name: 'Next page' });
      while (await nextPage.isEnabled()) await nextPage.click();
      await main.getByRole('document').first().scrollIntoViewIfNeeded();
      await main.getByLabel(/I agree to sign this document electronically/).check();
      await main.getByRole('button', { name: /^Sign / }).click();
      await checkDialog(
        signer,
        signer.getByRole('dialog', { name: 'Why We Need Your Location' }),
        'heloc-signer/documents: the location alert',
      );
      await signer.keyboard.press('Escape');
    }
    await asSigner('/sign', {
      documentUuid: doc.uuid,
      esignConsent: true,
      esignDisclosureVersion: ESIGN_DISCLOSURE_VERSION,
      scrolledToBottom: true,
    });
  }
  await checkScreen(signer, signerScreen('intro'));
  await checkScreen(signer, signerScreen('error'));
  await asSigner('/notary/session', {});
  await checkScreen(signer, signerScreen('sign'));
  await expect(signer.getByRole('main').getByRole('document')).toBeVisible({ timeout: 15_000 });
  await checkZoomedIn(signer, 'heloc-signer/sign, the deed');
  await signer.getByRole('main').getByRole('button', { name: 'Sign the deed' }).click();
  await expect(signer.getByRole('main').getByRole('alert')).toBeVisible();
  await checkShown(signer, 'heloc-signer/sign, signed without consent');
  await asSigner('/notary/sign', { esignConsent: true });
  await checkScreen(signer, signerScreen('documents'));
  await expect(signer.getByRole('main').getByText('You have signed everything')).toBeVisible();
  await signer
    .getByRole('main')
    .getByRole('list', { name: 'Your documents' })
    .getByRole('button')
    .first()
    .click();
  await expect(signer.getByRole('main').getByRole('document')).toBeVisible({ timeout: 15_000 });
  await checkShown(signer, 'heloc-signer/documents, a signed document open');

  // The signer's conditions (behind fe-heloc-additional-signer-conditions): two raised by staff, the
  // list, the document's upload refused empty then received, the ID's upload.
  const { uuid: signerUuid } = (await asSigner('')) as { uuid: string };
  await withSignerConditions(baseURL, async (staff, authorization) => {
    for (const data of [
      { type: 'UPLOAD_DOCUMENT', description: 'A copy of the trust certificate for the home' },
      { type: 'IDENTITY', description: 'A clearer photo of your ID' },
    ]) {
      const raised = await staff.post(`/service-ops/api/v1/co-deed/signers/${signerUuid}/conditions`, {
        headers: { authorization },
        data,
      });
      expect(raised.status(), await raised.text()).toBe(200);
    }
    const conditions = (await asSigner('/conditions')) as unknown as { uuid: string; type: string }[];
    const documentCondition = conditions.find((each) => each.type === 'UPLOAD_DOCUMENT')!;
    // The page's one-minute copy of the flags (session storage) still has the flag off.
    await signer.evaluate(() => sessionStorage.removeItem('heloc_feature_flags'));
    await checkScreen(signer, signerScreen('conditions'));
    const main = signer.getByRole('main');
    await expect(main.getByRole('list', { name: 'Open conditions' }).getByRole('listitem')).toHaveCount(2);
    await checkScreen(signer, signerScreen(`conditions/upload-document?condition=${documentCondition.uuid}`));
    await main.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(main.getByText('Required')).toBeVisible();
    await checkShown(signer, 'heloc-signer/conditions/upload-document, refused empty');
    await main.locator('input[type=file]').setInputFiles({
      name: 'trust-certificate-of-the-family-trust-signed-2026.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await main.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(signer).toHaveURL(/\/heloc-signer\/conditions$/);
    await expect(main.getByText(/^Received:/)).toBeVisible();
    await checkShown(signer, 'heloc-signer/conditions, one received');
    await checkScreen(signer, signerScreen('conditions/identity'));
  });
  await signer.context().close();
  await page.context().close();
}

/**
 * Runs `work` with fe-heloc-additional-signer-conditions on for MAIN: a settings version with the flag
 * on, published by the platform admin, then the version published before rolled back to (the other
 * specs on this server expect the flag off). `work` gets the admin's request context and header.
 */
async function withSignerConditions(
  baseURL: string,
  work: (staff: APIRequestContext, authorization: string) => Promise<void>,
) {
  const staff = await playwrightRequest.newContext({ baseURL });
  try {
    const login = await staff.post('/identity/api/v1/login', {
      data: { email: 'admin@heloc.test', password: 'Ops-password-1' },
    });
    expect(login.status(), await login.text()).toBe(200);
    const authorization = `Bearer ${((await login.json()) as { jwt: string }).jwt}`;
    const settings = '/service-ops/api/v1/organisations/MAIN/settings';
    const call = async (path: string, data?: unknown) => {
      const res =
        data === undefined
          ? await staff.get(`${settings}${path}`, { headers: { authorization } })
          : await staff.post(`${settings}${path}`, { headers: { authorization }, data });
      expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
      return res.json() as Promise<Record<string, unknown>>;
    };
    const overview = (await call('')) as {
      publishedVersion: number;
      published: { featureFlags: Record<string, boolean> };
    };
    const draft = (await call('/versions', {
      settings: {
        ...overview.published,
        featureFlags: {
          ...overview.published.featureFlags,
          [FEATURE_FLAGS.additionalSignerConditions]: true,
        },
      },
      note: 'Phone-width pass: the signer conditions on',
    })) as { version: number };
    await call(`/versions/${draft.version}/publish`, { note: 'Phone-width pass: the signer conditions on' });
    try {
      await work(staff, authorization);
    } finally {
      await call(`/versions/${overview.publishedVersion}/rollback`, {
        note: 'Phone-width pass: the signer conditions off again',
      });
    }
  } finally {
    await staff.dispose();
  }
}

/** The conditions' screens: a document asked for (a file chosen, then received), a phone number. */
async function conditions(browser: Browser, baseURL: string) {
  const page = await phonePage(browser, baseURL);
  const who = await registerBorrower(page, { lastName: 'Phoneconditions' });
  const staff = await browser.newContext({ baseURL });
  const login = await staff.request.post('/identity/api/v1/login', {
    data: { email: 'processor@heloc.test', password: 'Ops-password-1' },
  });
  expect(login.status(), await login.text()).toBe(200);
  const { jwt } = (await login.json()) as { jwt: string };
  let open: { uuid: string; categoryEnum: string }[] = [];
  for (const data of [
    {
      category: 'GENERIC_DOCUMENT_REQUEST',
      commentsToBorrower: 'Upload your homeowners association statement for the last twelve months.',
      numDocsRequired: 2,
    },
    { category: 'MISSING_PHONE_NUMBER', commentsToBorrower: 'Add a number we can call you on.' },
  ]) {
    const res = await staff.request.post(
      `/service-ops/api/v1/applications/${who.applicationUuid}/conditions`,
      {
        headers: { authorization: `Bearer ${jwt}` },
        data,
      },
    );
    expect(res.status(), await res.text()).toBe(200);
    open = (await res.json()) as typeof open;
  }
  const raised = ['GENERIC_DOCUMENT_REQUEST', 'MISSING_PHONE_NUMBER'].map(
    (category) => open.find((each) => each.categoryEnum === category)!.uuid,
  );
  await staff.close();

  const upload = app(who, `conditions/upload-document?condition=${raised[0]}`);
  await checkScreen(page, upload, true);
  const main = page.getByRole('main');
  const file = {
    name: 'homeowners-association-statement-january-to-december-2026-final.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  };
  await main.getByLabel('Document').setInputFiles(file);
  await expect(main.getByText(file.name)).toBeVisible();
  await checkShown(page, 'conditions/upload-document, a file chosen');
  await main.getByRole('button', { name: 'Upload' }).click();
  await expect(main.getByRole('status').filter({ hasText: 'Received.' })).toBeVisible();
  await checkShown(page, 'conditions/upload-document, one received');

  await checkScreen(page, app(who, `conditions/phone-number?condition=${raised[1]}`));
  await main.getByRole('button', { name: 'Save' }).click();
  await expect(main.getByLabel(/Mobile phone/)).toHaveAccessibleDescription('Required');
  await checkShown(page, 'conditions/phone-number, refused empty');
  await page.context().close();
}

/** Password reset from the e-mailed link: the form, a refused password, a used link, the login's notice. */
async function passwordReset(browser: Browser, baseURL: string) {
  const page = await phonePage(browser, baseURL);
  const who = await registerBorrower(page, { lastName: 'Phonereset' });
  const asked = await page.request.post('/identity/api/v1/password/forgot', { data: { email: who.email } });
  expect(asked.status(), await asked.text()).toBe(202);
  const resetLink = /(\/auth\/reset-password\?token=[A-Za-z0-9_-]{43})/;
  // The other lanes move the dev clock, so a reminder to this borrower may be newer than the reset mail.
  const link = resetLink.exec(await outboxMailMatching(baseURL, who.email, resetLink))?.[1];
  expect(link, 'the reset link').toBeDefined();

  const visitor = await phonePage(browser, baseURL);
  await checkScreen(visitor, link!, true);
  const main = visitor.getByRole('main');
  await main.getByLabel(/^New password/).fill('weak');
  await main.getByRole('button', { name: 'Save the new password' }).click();
  await expect(main.getByLabel(/^New password/)).toHaveAccessibleDescription(
    /Must be at least 10 characters/,
  );
  await checkShown(visitor, 'auth/reset-password, a weak password');
  // A link that does not work (used, expired or mistyped).
  await checkScreen(visitor, `/auth/reset-password?token=${'x'.repeat(43)}`);
  await main.getByLabel(/^New password/).fill('Another-start-2028');
  await main.getByRole('button', { name: 'Save the new password' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'This link cannot be used' })).toBeVisible();
  await checkShown(visitor, 'auth/reset-password, a link that cannot be used');
  await checkScreen(visitor, '/auth/login?passwordReset=1');
  await expect(main.getByRole('status').filter({ hasText: 'Your password was changed' })).toBeVisible();
  await visitor.context().close();
  await page.context().close();
}

test('the closing screens after their intros, the income link, password reset and the co-owner at 390 px', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(600_000);
  // The eNotary and the co-owner's notary need notary hours.
  await toWeekdayMorning(baseURL!);
  // Side by side; every lane runs to its end (its checks are soft), then the first hard failure is thrown.
  const lanes = await Promise.allSettled([
    test.step('the income link modal', () => incomeLink(browser, baseURL!)),
    test.step('signing and the eNotary session', () => signingAndEnotary(browser, baseURL!)),
    test.step('the manual notary', () => manualNotary(browser, baseURL!)),
    test.step('the co-owner', () => coOwner(browser, baseURL!)),
    test.step('the conditions', () => conditions(browser, baseURL!)),
    test.step('password reset', () => passwordReset(browser, baseURL!)),
  ]);
  for (const lane of lanes) if (lane.status === 'rejected') throw lane.reason;
});
