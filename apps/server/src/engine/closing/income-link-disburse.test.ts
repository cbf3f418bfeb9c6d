/**
 * The bank linked for income, offered again for the disbursement (issue 19: "the bank linked for income
 * must be linked again for disbursement"): `GET …/bank/income-link` lists the accounts of that link that
 * can receive payments, masked and without the link's id; `POST …/bank/disburse-income-link` sets one
 * of them as the disbursement account from the stored link (the number fetched on the server, sealed at
 * rest, never answered). Through HTTP on the embedded database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../db';
import { ManualClock } from '../../lib/clock';
import { createSandboxProviders } from '../../providers';
import { createTestApp, type TestApp } from '../../test/app';
import { accountContext } from './jobs';
import { createClient, driveToSubmitted, newBorrower, type Borrower } from './test-helpers';

let t: TestApp;
const clock = new ManualClock('2026-01-05T17:00:00.000Z');
let c: ReturnType<typeof createClient>;

beforeAll(async () => {
  t = await createTestApp(
    { authRateLimitPerMinute: 10_000 },
    { clock, providers: createSandboxProviders({ clock, creditTimeoutDelayMs: 1 }) },
  );
  c = createClient(t.app);
});
afterAll(async () => t.close());

type Link = { publicToken: string; accounts: { accountId: string; mask: string; type: string }[] };

/** A submitted application whose income is linked through `kind`, then verified, employer given. */
async function atDisbursement(kind: 'BANK' | 'PAYROLL', lastName = 'Example'): Promise<[Borrower, Link]> {
  const who = await newBorrower(t.app, lastName);
  await driveToSubmitted(t.app, who);
  const token = await c.post(who, '/income/link-token', { kind });
  const { linkToken, institutions, sandboxCredentials } = token.json();
  const institution = institutions.find((each: { kind: string }) => each.kind === kind) ?? institutions[0];
  const auth = await c.post(who, '/income/link/authenticate', {
    linkToken,
    institutionId: institution.institutionId,
    username: sandboxCredentials.username,
    password: sandboxCredentials.password,
  });
  expect(auth.statusCode, auth.body).toBe(200);
  const link = auth.json() as Link;
  expect((await c.post(who, '/income/link', { publicToken: link.publicToken })).statusCode).toBe(200);
  expect((await c.drain(who)).status).toBe('EMPLOYMENT_VERIFICATION');
  if (kind === 'BANK') {
    // Before the step: setting one of its accounts is refused.
    const early = await c.post(who, '/bank/disburse-income-link', {
      accountId: link.accounts[0]!.accountId,
    });
    expect(early.statusCode, early.body).toBe(409);
  }
  await c.post(who, '/income/employer-verification', { employerName: 'Acme Tools' });
  expect((await c.drain(who)).status).toBe('DISBURSEMENT_ACCOUNT');
  return [who, link];
}

describe('the bank linked for income, offered for the disbursement', () => {
  it('lists its accounts that can receive payments and disburses to one without a second link', async () => {
    const [ann, link] = await atDisbursement('BANK');
    const offered = await c.get(ann, '/bank/income-link');
    expect(offered.statusCode, offered.body).toBe(200);
    const body = offered.json();
    expect(body).toEqual({
      status: 'DISBURSEMENT_ACCOUNT',
      link: {
        institutionName: 'Sandbox Bank',
        accounts: link.accounts.filter((account) => account.type !== 'PAYROLL'),
      },
    });
    expect(body.link.accounts.map((account: { mask: string }) => account.mask)).toEqual(['1111', '2222']);
    // Exactly the masked accounts: no link id, no account or routing number.
    expect(Object.keys(body.link.accounts[0]).sort()).toEqual(['accountId', 'mask', 'name', 'type']);

    const unknown = await c.post(ann, '/bank/disburse-income-link', { accountId: 'sbx_acc_nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Choose one of the accounts you linked for your income');

    const savings = body.link.accounts[1] as { accountId: string };
    const res = await c.post(ann, '/bank/disburse-income-link', { accountId: savings.accountId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'AUTOPAY_ACCOUNT' });
    // The same call again is the same answer (idempotent), not a step error.
    const again = await c.post(ann, '/bank/disburse-income-link', { accountId: savings.accountId });
    expect(again.json()).toMatchObject({ status: 'AUTOPAY_ACCOUNT' });

    const accounts = (await c.get(ann, '/bank/accounts')).json();
    expect(accounts.disburseAccount).toMatchObject({
      source: 'LINKED',
      accountType: 'SAVINGS',
      routingNumber: '021000021',
      mask: '2222',
      accountNumber: '••••2222',
      bankName: 'Sandbox Bank',
    });
    // Sealed at rest: the stored value is not the number, and it opens to the provider's number.
    const [row] = await t.database.db
      .select()
      .from(schema.applicationAccounts)
      .where(eq(schema.applicationAccounts.applicationUuid, ann.applicationUuid));
    const digits = t.app.sealer.open(
      row!.accountNumberSealed,
      accountContext(ann.applicationUuid, 'DISBURSEMENT'),
    );
    const numbers = await t.app.providers.income.accountNumbers({
      linkId: /"linkId":"([^"]+)"/.exec(JSON.stringify(await linkEvent(ann)))![1]!,
      accountId: savings.accountId,
    });
    expect(numbers).toMatchObject({ outcome: 'FOUND' });
    expect(digits).toBe(numbers.outcome === 'FOUND' ? numbers.accountNumber : null);
    expect(row!.accountNumberSealed).not.toContain(digits);
    expect(JSON.stringify(accounts)).not.toContain(digits);

    // Autopay from the same account, as after a link made on this screen.
    expect((await c.post(ann, '/bank/autopay', { payType: 'AUTOPAY' })).json()).toMatchObject({
      status: 'IDENTITY_VERIFICATION',
    });
  });

  it('offers nothing when income came through a payroll link, and refuses its accounts', async () => {
    const [ben, link] = await atDisbursement('PAYROLL');
    expect((await c.get(ben, '/bank/income-link')).json()).toEqual({
      status: 'DISBURSEMENT_ACCOUNT',
      link: null,
    });
    const res = await c.post(ben, '/bank/disburse-income-link', { accountId: link.accounts[0]!.accountId });
    expect(res.statusCode).toBe(400);
    expect((await c.status(ben)).status).toBe('DISBURSEMENT_ACCOUNT');
  });

  it("is another borrower's application: 404 for both calls", async () => {
    const [ann, link] = await atDisbursement('BANK');
    const other = await newBorrower(t.app, 'Other');
    const as = { ...other, applicationUuid: ann.applicationUuid };
    expect((await c.get(as, '/bank/income-link')).statusCode).toBe(404);
    const res = await c.post(as, '/bank/disburse-income-link', { accountId: link.accounts[0]!.accountId });
    expect(res.statusCode).toBe(404);
    expect((await c.status(ann)).status).toBe('DISBURSEMENT_ACCOUNT');
  });
});

async function linkEvent(who: Borrower) {
  return t.database.db
    .select({ data: schema.applicationEvents.data })
    .from(schema.applicationEvents)
    .where(eq(schema.applicationEvents.applicationUuid, who.applicationUuid))
    .then((rows) => rows.filter((row) => JSON.stringify(row.data).includes('"kind":"BANK"')));
}
