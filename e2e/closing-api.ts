/**
 * Browser-test helpers for the closing screens: a borrower registered and driven through the HTTP
 * API to a submitted application (INCOME_VERIFICATION) — the screens before that have their own
 * tests — and the development clock (DEV_CLOCK_CONTROL) moved by the seeded staff account. The
 * borrower's moves are the one borrower driver's (@heloc/borrower-driver, over HTTP: ./driver.ts);
 * these functions keep the names and signatures the specs use.
 */
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import {
  createClient,
  ID_PNG,
  linkBank,
  newMemory,
  register,
  signAll,
  enotarySession,
  type BorrowerMemory,
  type BorrowerPlan,
} from '@heloc/borrower-driver';
import { ESIGN_DISCLOSURE_VERSION, type TRegistrationInput } from '@heloc/domain';
import { ADDRESSES } from './borrower';
import { httpBorrower, playwrightTransport } from './driver';

export const API = '/service-application/api/v1/application/heloc';

export type Borrower = { applicationUuid: string; jwt: string; email: string; lastName: string };

/** How the closing specs' borrower answers (registered as Ann, born 1980-02-29, in Fresno). */
const planOf = (who: Borrower, more: Partial<BorrowerPlan> = {}): BorrowerPlan => ({
  firstName: 'Ann',
  lastName: who.lastName,
  dob: '1980-02-29',
  email: who.email,
  phoneNumber: '(415) 555-0177',
  address: ADDRESSES.CA,
  employerName: 'Acme Tools',
  ...more,
});

/** The driver's borrower `who` in this request context. */
const driven = (
  request: APIRequestContext,
  who: Borrower,
  more?: Partial<BorrowerPlan>,
  memory?: BorrowerMemory,
) => httpBorrower(request, who, planOf(who, more), memory);

let counter = 0;

/**
 * Registers through the API in the page's context (the fingerprint cookie lands in the browser) and
 * signs the page in with the token.
 */
export async function registerBorrower(
  page: Page,
  {
    lastName = 'Example',
    state = 'CA',
    employmentType = 'FULL_TIME',
    referrer,
  }: { lastName?: string; state?: string; employmentType?: string; referrer?: string } = {},
): Promise<Borrower> {
  counter += 1;
  const email = `closing-${Date.now()}-${counter}@heloc.test`;
  await page.goto('/account/heloc/register?org=MAIN');
  const { jwt, session } = await register(playwrightTransport(page.request), {
    property: state === 'TX' ? ADDRESSES.TX : ADDRESSES.CA,
    saleStatus: 'NOT_SELLING',
    income: {
      employmentType: employmentType as TRegistrationInput['income']['employmentType'],
      annualIncomeCents: 150_000_00,
    },
    name: { firstName: 'Ann', lastName },
    dob: '1980-02-29',
    email,
    phoneNumber: '(415) 555-0100',
    password: 'Strong-passw0rd!',
    acceptedTerms: true,
    // A loan officer's link (?referrer=): their card shows beside the application from 1200 px.
    ...(referrer && { referrer }),
  });
  const { applicationUuid } = session;
  await page.evaluate((token) => localStorage.setItem('jwt', `Bearer ${token}`), jwt);
  return { applicationUuid, jwt, email, lastName };
}

const auth = (who: Borrower) => ({ authorization: `Bearer ${who.jwt}` });
const clientOf = (request: APIRequestContext, who: Borrower) =>
  createClient(playwrightTransport(request), { applicationUuid: who.applicationUuid, headers: auth(who) });

/** A borrower call that must succeed (2xx); answers its JSON. */
export async function apiPost(request: APIRequestContext, who: Borrower, path: string, data?: unknown) {
  const client = clientOf(request, who);
  const answer = await client.call(`POST ${path}`, 'POST', `${client.engine}${path}`, data, [200, 201, 202]);
  return answer.json<Record<string, unknown>>();
}

export async function apiGet(request: APIRequestContext, who: Borrower, path: string) {
  const client = clientOf(request, who);
  return (await client.call(`GET ${path}`, 'GET', `${client.engine}${path}`)).json<Record<string, unknown>>();
}

export async function statusOf(request: APIRequestContext, who: Borrower): Promise<string> {
  return (await clientOf(request, who).status()).status;
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
  const borrower = driven(page.request, who, {
    offer: { termYears: 10, amountCents: amount },
    ownership,
    ...(lienBalanceCents !== undefined && { lienBalanceCents }),
  });
  await borrower.walkTo(until);
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

/** A sandbox bank link through the API: the public token and its accounts. */
export async function bankLinkApi(page: Page, who: Borrower) {
  return (await linkBank(driven(page.request, who).client, newMemory())).linked;
}

/** A file for a multipart upload. */
export type UploadFile = { name: string; mimeType: string; buffer: Buffer };

/** A photo of an ID the sandbox check reads (any readable JPEG or PNG). */
export const READABLE_ID: UploadFile = {
  name: 'id.png',
  mimeType: 'image/png',
  buffer: Buffer.from(ID_PNG.bytes),
};

/**
 * From EMPLOYMENT_VERIFICATION: the employer, then disbursement and autopay from the bank linked for
 * income (or, when income came from elsewhere, a bank linked now).
 */
export async function employerAndAccountsApi(
  page: Page,
  who: Borrower,
  incomeLink?: { publicToken: string; accounts: { accountId: string }[] },
) {
  const borrower = driven(page.request, who);
  await borrower.move('EMPLOYMENT_VERIFICATION');
  await waitForStatus(page.request, who, 'DISBURSEMENT_ACCOUNT');
  const link = incomeLink ?? (await bankLinkApi(page, who));
  borrower.memory.bankLink = {
    publicToken: link.publicToken,
    accounts: link.accounts.map((a) => ({ ...a, mask: '' })),
  };
  await borrower.move('DISBURSEMENT_ACCOUNT');
  await borrower.move('AUTOPAY_ACCOUNT');
}

/** The ID type and the front of the ID; the check runs in a job (WAITING_FOR_IDENTITY). */
export async function uploadIdApi(page: Page, who: Borrower, front: UploadFile = READABLE_ID) {
  const { client } = driven(page.request, who);
  await client.upload(
    'identity document',
    `${client.engine}/identity`,
    { bytes: front.buffer, fileName: front.name, contentType: front.mimeType },
    { idType: 'DRIVERS_LICENSE' },
  );
}

/**
 * From NOTE_SIGNING: every e-signed closing document signed, then the notary choice is next (or, for a
 * jointly owned home, the additional signer: `next` CO_DEED).
 */
export async function signAllApi(page: Page, who: Borrower, next = 'NOTARY_DISCLOSURE') {
  await waitForStatus(page.request, who, 'NOTE_SIGNING');
  const borrower = driven(page.request, who);
  await signAll(borrower.client, borrower.plan, borrower.memory);
  await waitForStatus(page.request, who, next);
}

/**
 * From NOTARY_DISCLOSURE: the eNotary session (notaries' hours: see `toWeekdayMorning`) — the identity
 * questions answered from the registration (1980, 12 Oak Street, Fresno), the deed reviewed and signed.
 */
export async function enotaryApi(page: Page, who: Borrower) {
  const borrower = driven(page.request, who);
  await borrower.move('NOTARY_DISCLOSURE');
  await enotarySession(borrower.client, borrower.plan, borrower.memory);
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
  const borrower = driven(page.request, who);
  await borrower.move('INCOME_VERIFICATION');
  await waitForStatus(page.request, who, 'EMPLOYMENT_VERIFICATION');
  await employerAndAccountsApi(page, who, borrower.memory.bankLink!);
  await uploadIdApi(page, who);
  if (until === 'IDENTITY') return;
  await signAllApi(page, who, afterSigning);
}

/** The newest e-mail to `to` in the outbox, read by the seeded staff account. */
export async function outboxMail(baseURL: string, to: string): Promise<string> {
  const [newest] = await outboxMails(baseURL, to, 1);
  expect(newest, `no e-mail to ${to}`).toBeDefined();
  return newest!;
}

/**
 * The text of the newest e-mail to `to` that matches `pattern`: where a spec moves the dev clock
 * beside it, a reminder may land after the mail the test is waiting for.
 */
export async function outboxMailMatching(baseURL: string, to: string, pattern: RegExp): Promise<string> {
  const mail = (await outboxMails(baseURL, to, 10)).find((text) => pattern.test(text));
  expect(mail, `no e-mail to ${to} matching ${pattern}`).toBeDefined();
  return mail!;
}

async function outboxMails(baseURL: string, to: string, limit: number): Promise<string[]> {
  return asStaff(baseURL, async (staff, token) => {
    const res = await staff.get(
      `/service-ops/api/v1/mail/outbox?to=${encodeURIComponent(to)}&limit=${limit}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { text: string }[]).map((mail) => mail.text);
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
      esignDisclosureVersion: ESIGN_DISCLOSURE_VERSION,
      scrolledToBottom: true,
    });
  }
  await signer('/notary/session', {});
  await signer('/notary/sign', { esignConsent: true });
  await waitForStatus(page.request, who, 'NOTARY_DISCLOSURE');
  return { email, jwt } satisfies CoOwner;
}

/** From NOTARY_DISCLOSURE into the rescission period: the eNotary session and proof of hazard insurance. */
export async function insuredApi(page: Page, who: Borrower) {
  await enotaryApi(page, who);
  await waitForStatus(page.request, who, 'TRUST_AND_INSURANCE');
  await driven(page.request, who).move('TRUST_AND_INSURANCE');
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
