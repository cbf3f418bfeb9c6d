/**
 * Browser-test helpers for the closing screens: a borrower registered and driven through the HTTP
 * API to a submitted application (INCOME_VERIFICATION) — the screens before that have their own
 * tests — and the development clock (DEV_CLOCK_CONTROL) moved by the seeded staff account.
 */
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';

export const API = '/service-application/api/v1/application/heloc';
const STATUS = (uuid: string) => `/service-krang-heloc/borrower/secure/api/v1/${uuid}/status`;

export type Borrower = { applicationUuid: string; jwt: string; email: string; lastName: string };

let counter = 0;

/**
 * Registers through the API in the page's context (the fingerprint cookie lands in the browser) and
 * signs the page in with the token.
 */
export async function registerBorrower(
  page: Page,
  { lastName = 'Example', state = 'CA', employmentType = 'FULL_TIME' } = {},
): Promise<Borrower> {
  counter += 1;
  const email = `closing-${Date.now()}-${counter}@heloc.test`;
  const property =
    state === 'TX'
      ? { street1: '400 Congress Avenue', city: 'Austin', state: 'TX', zip: '78701' }
      : { street1: '12 Oak Street', city: 'Fresno', state: 'CA', zip: '93701' };
  await page.goto('/account/heloc/register?org=MAIN');
  const res = await page.request.post('/identity/api/v1/registration/register', {
    headers: { 'x-org-code': 'MAIN' },
    data: {
      property,
      saleStatus: 'NOT_SELLING',
      income: { employmentType, annualIncomeCents: 150_000_00 },
      name: { firstName: 'Ann', lastName },
      dob: '1980-02-29',
      email,
      phoneNumber: '(415) 555-0100',
      password: 'Strong-passw0rd!',
      acceptedTerms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { jwt, applicationUuid } = (await res.json()) as { jwt: string; applicationUuid: string };
  await page.evaluate((token) => localStorage.setItem('jwt', `Bearer ${token}`), jwt);
  return { applicationUuid, jwt, email, lastName };
}

const auth = (who: Borrower) => ({ authorization: `Bearer ${who.jwt}` });

export async function apiPost(request: APIRequestContext, who: Borrower, path: string, data?: unknown) {
  const res = await request.post(`${API}/${who.applicationUuid}${path}`, {
    headers: auth(who),
    ...(data !== undefined && { data }),
  });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json() as Promise<Record<string, unknown>>;
}

export async function apiGet(request: APIRequestContext, who: Borrower, path: string) {
  const res = await request.get(`${API}/${who.applicationUuid}${path}`, { headers: auth(who) });
  expect(res.ok(), `${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json() as Promise<Record<string, unknown>>;
}

export async function statusOf(request: APIRequestContext, who: Borrower): Promise<string> {
  const res = await request.get(STATUS(who.applicationUuid), { headers: auth(who) });
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { status: string }).status;
}

/** Waits for the background jobs to move the application to `expected`. */
export async function waitForStatus(request: APIRequestContext, who: Borrower, expected: string) {
  await expect
    .poll(() => statusOf(request, who), { timeout: 30_000, intervals: [250, 500, 1000] })
    .toBe(expected);
}

/**
 * Profile → soft pull → liens → offer → contact → additional profile → HMDA → summary → submit, then
 * the status `until` (the hand-over to income verification unless told otherwise). By default the
 * liens are confirmed as found and the 10-year offer is taken at $100,000 (or the maximum line if
 * lower); `lienBalanceCents` corrects the found lien's balance, `amount: 'MAX'` takes the maximum line.
 */
export async function driveToIncomeVerification(
  page: Page,
  who: Borrower,
  {
    lienBalanceCents,
    amount = 100_000_00,
    until = 'INCOME_VERIFICATION',
    ownership = 'SOLE',
  }: {
    lienBalanceCents?: number;
    amount?: number | 'MAX';
    until?: string;
    /** JOINT: the home has another owner on title, who signs as an additional signer (CO_DEED). */
    ownership?: 'SOLE' | 'JOINT';
  } = {},
) {
  const request = page.request;
  await apiPost(request, who, '/profile', {
    name: { firstName: 'Ann', lastName: who.lastName },
    dob: '1980-02-29',
    softCreditConsent: true,
  });
  await waitForStatus(request, who, 'LIEN_VERIFICATION');
  const corrections =
    lienBalanceCents === undefined
      ? []
      : ((await apiGet(request, who, '/liens')).liens as { uuid: string }[]).map((lien) => ({
          uuid: lien.uuid,
          balanceCents: lienBalanceCents,
        }));
  await apiPost(request, who, '/liens/confirm', corrections.length > 0 ? { corrections } : undefined);
  await waitForStatus(request, who, 'OFFER_SELECTION');
  const offers = (await apiGet(request, who, '/offers')) as {
    maxLineCents: number;
    offers: { uuid: string; termYears: number }[];
  };
  const offer = offers.offers.find((each) => each.termYears === 10) ?? offers.offers[0]!;
  await apiPost(request, who, '/offer', {
    offerUuid: offer.uuid,
    amountCents: amount === 'MAX' ? offers.maxLineCents : Math.min(offers.maxLineCents, amount),
  });
  await waitForStatus(request, who, 'COLLECT_ADDITIONAL_INFO');
  await apiPost(request, who, '/contact', { email: who.email, phoneNumber: '(415) 555-0177' });
  await apiPost(request, who, '/additional-profile', {
    ownership,
    ssn: '123-45-6789',
    hardCreditConsent: true,
  });
  await apiPost(request, who, '/hmda', {
    ethnicity: { declined: true, values: [] },
    race: { declined: true, values: [] },
    sex: { declined: true, values: [] },
  });
  await waitForStatus(request, who, 'SUMMARY');
  // until SUMMARY: stop on the application summary (start/app-summary), not submitted.
  if (until === 'SUMMARY') return;
  await apiPost(request, who, '/submit', { summaryAccepted: true, hardCreditConsent: true });
  await waitForStatus(request, who, until);
}

/**
 * The seeded staff account, signed in from its own request context: its fingerprint cookie must not
 * replace the borrower's in the page's context.
 */
async function asStaff<T>(baseURL: string, work: (staff: APIRequestContext, token: string) => Promise<T>) {
  const staff = await playwrightRequest.newContext({ baseURL });
  try {
    const res = await staff.post('/identity/api/v1/login', {
      data: { email: 'ops@heloc.test', password: 'Ops-password-1' },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return await work(staff, ((await res.json()) as { jwt: string }).jwt);
  } finally {
    await staff.dispose();
  }
}

export async function serverNow(baseURL: string): Promise<Date> {
  return asStaff(baseURL, async (staff, token) => {
    const res = await staff.get('/ops/api/v1/dev/clock', { headers: { authorization: `Bearer ${token}` } });
    expect(res.ok(), await res.text()).toBe(true);
    return new Date(((await res.json()) as { now: string }).now);
  });
}

export async function moveClock(baseURL: string, body: { advanceMs: number } | { to: string }) {
  return asStaff(baseURL, async (staff, token) => {
    const res = await staff.post('/ops/api/v1/dev/clock', {
      headers: { authorization: `Bearer ${token}` },
      data: body,
    });
    expect(res.ok(), await res.text()).toBe(true);
    return new Date(((await res.json()) as { now: string }).now);
  });
}

/** Moves the server clock to the next weekday, 9:30 in the morning Pacific (notaries are in). */
export async function toWeekdayMorning(baseURL: string) {
  const now = await serverNow(baseURL);
  const pacific = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    weekday: 'short',
    hour: 'numeric',
    hourCycle: 'h23',
  });
  let at = Math.ceil(now.getTime() / 1_800_000) * 1_800_000;
  for (let step = 0; step < 24 * 2 * 8; step += 1, at += 1_800_000) {
    const parts = Object.fromEntries(
      pacific.formatToParts(new Date(at)).map((part) => [part.type, part.value]),
    );
    const minutes = new Date(at).getUTCMinutes();
    if (!['Sat', 'Sun'].includes(parts.weekday!) && Number(parts.hour) === 9 && minutes === 30) {
      if (at > now.getTime()) await moveClock(baseURL, { to: new Date(at).toISOString() });
      return;
    }
  }
  throw new Error('no weekday morning found');
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A sandbox bank link through the API: the public token and its accounts. */
export async function bankLinkApi(page: Page, who: Borrower) {
  const token = await apiPost(page.request, who, '/income/link-token', { kind: 'BANK' });
  const institutions = token.institutions as { institutionId: string }[];
  const linked = await apiPost(page.request, who, '/income/link/authenticate', {
    linkToken: token.linkToken,
    institutionId: institutions[0]!.institutionId,
    username: 'user_good',
    password: 'pass_good',
  });
  return linked as { publicToken: string; accounts: { accountId: string }[] };
}

/** A file for a multipart upload. */
export type UploadFile = { name: string; mimeType: string; buffer: Buffer };

/** A photo of an ID the sandbox check reads (any readable JPEG or PNG). */
export const READABLE_ID: UploadFile = { name: 'id.png', mimeType: 'image/png', buffer: PNG };

/**
 * From EMPLOYMENT_VERIFICATION: the employer, then disbursement and autopay from the bank linked for
 * income (or, when income came from elsewhere, a bank linked now).
 */
export async function employerAndAccountsApi(
  page: Page,
  who: Borrower,
  incomeLink?: { publicToken: string; accounts: { accountId: string }[] },
) {
  const request = page.request;
  await apiPost(request, who, '/income/employer-verification', { employerName: 'Acme Tools' });
  await waitForStatus(request, who, 'DISBURSEMENT_ACCOUNT');
  const link = incomeLink ?? (await bankLinkApi(page, who));
  await apiPost(request, who, '/bank/disburse', {
    publicToken: link.publicToken,
    accountId: link.accounts[0]!.accountId,
  });
  await apiPost(request, who, '/bank/autopay', { payType: 'AUTOPAY' });
}

/** The ID type and the front of the ID; the check runs in a job (WAITING_FOR_IDENTITY). */
export async function uploadIdApi(page: Page, who: Borrower, front: UploadFile = READABLE_ID) {
  const id = await page.request.post(`${API}/${who.applicationUuid}/identity`, {
    headers: auth(who),
    multipart: { idType: 'DRIVERS_LICENSE', file: front },
  });
  expect(id.ok(), await id.text()).toBe(true);
}

/**
 * From NOTE_SIGNING: every e-signed closing document signed, then the notary choice is next (or, for a
 * jointly owned home, the additional signer: `next` CO_DEED).
 */
export async function signAllApi(page: Page, who: Borrower, next = 'NOTARY_DISCLOSURE') {
  const request = page.request;
  await waitForStatus(request, who, 'NOTE_SIGNING');
  const list = (await apiGet(request, who, '/closing-documents')) as {
    esignDisclosureVersion: string;
    documents: { uuid: string; signingMethod: string }[];
  };
  for (const doc of list.documents.filter((each) => each.signingMethod === 'ESIGN')) {
    await apiPost(request, who, '/signing/sign', {
      documentUuid: doc.uuid,
      esignConsent: true,
      esignDisclosureVersion: list.esignDisclosureVersion,
      scrolledToBottom: true,
    });
  }
  await waitForStatus(request, who, next);
}

/**
 * From NOTARY_DISCLOSURE: the eNotary session (notaries' hours: see `toWeekdayMorning`) — the identity
 * questions answered from the registration (1980, 12 Oak Street, Fresno), the deed reviewed and signed.
 */
export async function enotaryApi(page: Page, who: Borrower) {
  const request = page.request;
  await apiPost(request, who, '/notary/choice', { method: 'ENOTARY' });
  const session = (await apiPost(request, who, '/notary/session')) as {
    questions: { id: string; choices: string[] }[];
  };
  const pick = (id: string, wanted: string) =>
    session.questions
      .find((question) => question.id === id)
      ?.choices.find((choice) => choice.includes(wanted));
  await apiPost(request, who, '/notary/session/identity', {
    answers: {
      birthYear: pick('birthYear', '1980'),
      street: pick('street', 'Oak'),
      city: pick('city', 'Fresno'),
    },
  });
  const list = (await apiGet(request, who, '/closing-documents')) as {
    documents: { uuid: string; type: string }[];
  };
  await apiPost(request, who, '/notary/session/review', {
    documentUuid: list.documents.find((doc) => doc.type === 'DEED_OF_TRUST')!.uuid,
    scrolledToBottom: true,
  });
  await apiPost(request, who, '/notary/session/sign', { esignConsent: true });
}

/**
 * From INCOME_VERIFICATION through the API as far as `until`: income link, employer, accounts,
 * identity (CA: the closing documents; TX: the valuation order), e-signatures.
 */
export async function driveClosingApi(
  page: Page,
  who: Borrower,
  until: 'IDENTITY' | 'SIGNED',
  afterSigning = 'NOTARY_DISCLOSURE',
) {
  const request = page.request;
  const link = await bankLinkApi(page, who);
  await apiPost(request, who, '/income/link', { publicToken: link.publicToken });
  await waitForStatus(request, who, 'EMPLOYMENT_VERIFICATION');
  await employerAndAccountsApi(page, who, link);
  await uploadIdApi(page, who);
  if (until === 'IDENTITY') return;
  await signAllApi(page, who, afterSigning);
}

/** The newest e-mail to `to` in the outbox, read by the seeded staff account. */
export async function outboxMail(baseURL: string, to: string): Promise<string> {
  return asStaff(baseURL, async (staff, token) => {
    const res = await staff.get(`/service-ops/api/v1/mail/outbox?to=${encodeURIComponent(to)}&limit=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const [mail] = (await res.json()) as { text: string }[];
    expect(mail, `no e-mail to ${to}`).toBeDefined();
    return mail!.text;
  });
}

export type CoOwner = { email: string; jwt: string };

/**
 * From CO_DEED: the borrower invites the other owner; the invitation link (from the outbox) is accepted
 * in `signerPage`'s context (its fingerprint cookie lands there and the page is signed in as the
 * signer), who then confirms identity, e-signs and signs the deed with the online notary (notaries'
 * hours: see `toWeekdayMorning`). The borrower then goes on to the notary (NOTARY_DISCLOSURE).
 */
export async function coOwnerSignsApi(page: Page, who: Borrower, signerPage: Page, baseURL: string) {
  counter += 1;
  const email = `co-owner-${Date.now()}-${counter}@heloc.test`;
  await apiPost(page.request, who, '/co-deed/invitations', {
    signers: [{ firstName: 'Casey', lastName: who.lastName, email }],
  });
  const token = /\/heloc-signer\/resume\?token=([A-Za-z0-9_-]{43})/.exec(
    await outboxMail(baseURL, email),
  )?.[1];
  expect(token, 'the invitation link').toBeDefined();
  await signerPage.goto('/account/heloc/heloc-signer/login?org=MAIN');
  const accepted = await signerPage.request.post(`${API}/co-deed/invitations/accept`, {
    data: { token, password: 'Co-owner-passw0rd!' },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const { jwt } = (await accepted.json()) as { jwt: string };
  await signerPage.evaluate((value) => localStorage.setItem('jwt', `Bearer ${value}`), jwt);
  const signer = async (path: string, data?: unknown) => {
    const res = await signerPage.request.fetch(`${API}/co-deed/signer${path}`, {
      method: data === undefined && path === '/documents' ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${jwt}` },
      ...(data !== undefined && { data }),
    });
    expect(res.ok(), `signer ${path}: ${res.status()} ${await res.text()}`).toBe(true);
    return res.json() as Promise<Record<string, unknown>>;
  };
  await signer('/identity', {
    firstName: 'Casey',
    lastName: who.lastName,
    dob: '1982-03-15',
    phoneNumber: '(415) 555-0111',
  });
  const { documents } = (await signer('/documents')) as {
    documents: { uuid: string; signingMethod: string; signed: boolean }[];
  };
  for (const doc of documents.filter((each) => each.signingMethod === 'ESIGN' && !each.signed)) {
    await signer('/sign', {
      documentUuid: doc.uuid,
      esignConsent: true,
      esignDisclosureVersion: 'esign-2026-01',
      scrolledToBottom: true,
    });
  }
  await signer('/notary/session', {});
  await signer('/notary/sign', { esignConsent: true });
  await waitForStatus(page.request, who, 'NOTARY_DISCLOSURE');
  return { email, jwt } satisfies CoOwner;
}

const INSURANCE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** From NOTARY_DISCLOSURE into the rescission period: the eNotary session and proof of hazard insurance. */
export async function insuredApi(page: Page, who: Borrower) {
  const request = page.request;
  await enotaryApi(page, who);
  await waitForStatus(request, who, 'TRUST_AND_INSURANCE');
  const uploaded = await request.post(`${API}/${who.applicationUuid}/insurance/upload/hazard`, {
    headers: auth(who),
    multipart: { file: { name: 'policy.pdf', mimeType: 'application/pdf', buffer: INSURANCE_PDF } },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);
}

/**
 * From NOTARY_DISCLOSURE to a funded line (COMPLETE): the eNotary session, proof of hazard insurance,
 * then the clock moved past rescission and recording (DEV_CLOCK_CONTROL).
 */
export async function fundApi(page: Page, who: Borrower, baseURL: string) {
  const request = page.request;
  await insuredApi(page, who);
  for (let hop = 0; hop < 6 && (await statusOf(request, who)) !== 'COMPLETE'; hop += 1) {
    await moveClock(baseURL, { advanceMs: 4 * 24 * 3_600_000 });
    await page.waitForTimeout(1500);
  }
  await waitForStatus(request, who, 'COMPLETE');
}
