/**
 * The lender console's API through HTTP on the embedded database: the pipeline (scope, filters,
 * search, keyset pages), the application file (masked), the timeline and the staff download.
 * The tenant matrix (modules/staff/tenant-matrix.test.ts) covers every role and organisation.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ZApplicationFile,
  ZPipelinePage,
  ZTimeline,
  type TPipelineItem,
  type TPipelinePage,
} from '@heloc/domain';
import { schema } from '../../db';
import { OffsetClock } from '../../lib/clock';
import { LOAN_ORIGINATOR_IDS } from '../../seed/loan-originators';
import { createTestApp, type TestApp } from '../../test/app';
import { registerAndSignIn, signIn, type Credentials } from '../../test/auth';

const BASE = '/service-ops/api/v1/applications';
const PASSWORD = 'Ops-password-1';
const clock = new OffsetClock();
let t: TestApp;
let processor: Credentials;
let loanOfficer: Credentials;
let cascade: Credentials;
let platform: Credentials;

type Borrower = Awaited<ReturnType<typeof registerAndSignIn>>;
const mine: Borrower[] = [];
let zed: Borrower;
let texan: Borrower;
let cascadeBorrower: Borrower;

async function get(who: Credentials, url: string) {
  return t.app.inject({ method: 'GET', url, headers: who });
}
async function page(who: Credentials, query = ''): Promise<TPipelinePage> {
  const res = await get(who, `${BASE}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZPipelinePage.parse(res.json());
}
async function all(who: Credentials, query = ''): Promise<TPipelineItem[]> {
  const items: TPipelineItem[] = [];
  let cursor: string | null = null;
  do {
    const next: TPipelinePage = await page(
      who,
      `${query}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    items.push(...next.items);
    cursor = next.nextCursor;
  } while (cursor);
  return items;
}
const uuids = (items: TPipelineItem[]) => items.map((item) => item.uuid);
/** Keeps these addresses unique on a shared database without digits a search could match. */
const lettersOnlyTag = randomUUID().replace(/[^a-f]/g, '');

beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 100_000 }, { demoData: true, clock });
  processor = await signIn(t.app, 'processor@heloc.test', PASSWORD);
  loanOfficer = await signIn(t.app, 'lo@heloc.test', PASSWORD);
  cascade = await signIn(t.app, 'ops-cascade@heloc.test', PASSWORD);
  platform = await signIn(t.app, 'admin@heloc.test', PASSWORD);
  for (let n = 0; n < 5; n += 1) {
    mine.push(
      await registerAndSignIn(t.app, 'MAIN', {
        name: { firstName: 'Pat', lastName: `Pipeline${n}` },
        // Letters only besides n: the default address carries Date.now(), whose digits once held the
        // searched ZIP 95814 and made the search below find this borrower too.
        email: `pat.pipeline${n}.${lettersOnlyTag}@example.com`,
        property: { street1: `${n + 10} Birch Road`, city: 'Fresno', state: 'CA', zip: '93701' },
      }),
    );
  }
  zed = await registerAndSignIn(t.app, 'MAIN', {
    name: { firstName: 'Zed', lastName: 'Quintero' },
    // An address of its own: the search by the start of an e-mail must find this borrower alone.
    email: `zq.search-${Date.now()}@example.com`,
    property: { street1: '77 Juniper Lane', city: 'Sacramento', state: 'CA', zip: '95814' },
  });
  texan = await registerAndSignIn(t.app, 'MAIN', {
    name: { firstName: 'Tex', lastName: 'Ranger' },
    property: { street1: '400 Congress Avenue', city: 'Austin', state: 'TX', zip: '78701' },
  });
  cascadeBorrower = await registerAndSignIn(t.app, 'CASCADE_TEACHERS', {
    name: { firstName: 'Casey', lastName: 'Cascade' },
    property: { street1: '1 Pine Street', city: 'Seattle', state: 'WA', zip: '98101' },
  });
  // Two of them are Jordan Reyes's (lo@heloc.test), one is Alicia Moreno's.
  for (const [who, referrer] of [
    [mine[0]!, LOAN_ORIGINATOR_IDS.mainJordanReyes],
    [zed, LOAN_ORIGINATOR_IDS.mainJordanReyes],
    [mine[1]!, LOAN_ORIGINATOR_IDS.mainAliciaMoreno],
  ] as const) {
    await t.database.db
      .update(schema.helocApplications)
      .set({ referrerUuid: referrer })
      .where(eq(schema.helocApplications.uuid, who.applicationUuid));
  }
}, 120_000);
afterAll(async () => t.close());

describe('GET /service-ops/api/v1/applications (the pipeline)', () => {
  it('lists the organisation’s applications, newest update first, never another organisation’s', async () => {
    const items = await all(processor);
    const listed = uuids(items);
    for (const who of [...mine, zed, texan]) expect(listed).toContain(who.applicationUuid);
    expect(listed).not.toContain(cascadeBorrower.applicationUuid);
    expect(items.every((item) => item.orgCode === 'MAIN')).toBe(true);
    const updated = items.map((item) => item.updatedAt);
    expect(updated).toEqual([...updated].sort().reverse());
    const row = items.find((item) => item.uuid === zed.applicationUuid)!;
    expect(row).toMatchObject({
      borrowerName: 'Zed Quintero',
      email: zed.email,
      propertyState: 'CA',
      step: 'IN_PROGRESS',
      stepLabel: 'Profile in progress',
      stepGroup: 'BASIC_INFO',
      daysInStep: 0,
      openConditions: 0,
      loanOfficer: { uuid: LOAN_ORIGINATOR_IDS.mainJordanReyes, name: 'Jordan Reyes' },
    });
  });

  it('reads one page with one statement, whatever its size (no N+1)', async () => {
    const client = (t.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
      .$client;
    const spy = vi.spyOn(client, 'query');
    const statementsFor = async (query: string) => {
      spy.mockClear();
      const answer = await page(processor, query);
      // PGlite takes the SQL text; node-postgres (CI's real PostgreSQL) a query config with `text`.
      const texts = spy.mock.calls.map((call) =>
        typeof call[0] === 'string' ? call[0] : String((call[0] as { text?: unknown }).text),
      );
      return {
        rows: answer.items.length,
        touching: texts.filter((text) => /heloc_applications|application_conditions/.test(text)),
      };
    };
    try {
      const small = await statementsFor('limit=1&openConditions=false');
      const large = await statementsFor('limit=50&openConditions=false');
      expect(small.rows).toBe(1);
      expect(large.rows).toBeGreaterThan(5);
      expect(small.touching).toHaveLength(1);
      expect(large.touching).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('keyset pages: every row once, in order, whatever the sort', async () => {
    const everything = uuids(await all(processor, 'sort=createdAt&dir=asc'));
    for (const sort of ['updatedAt', 'createdAt', 'stepChangedAt', 'amount', 'loanNumber'])
      for (const dir of ['asc', 'desc']) {
        const seen: string[] = [];
        let cursor: string | null = null;
        let pages = 0;
        do {
          const next: TPipelinePage = await page(
            processor,
            `sort=${sort}&dir=${dir}&limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          );
          expect(next.items.length).toBeLessThanOrEqual(2);
          seen.push(...uuids(next.items));
          cursor = next.nextCursor;
          pages += 1;
        } while (cursor && pages < 100);
        expect(new Set(seen).size, `${sort} ${dir}`).toBe(seen.length);
        expect([...seen].sort(), `${sort} ${dir}`).toEqual([...everything].sort());
      }
    const byLoanNumber = (await all(processor, 'sort=loanNumber&dir=asc')).map((item) => item.loanNumber);
    expect(byLoanNumber).toEqual([...byLoanNumber].sort());
  });

  it('refuses a forged cursor or one of another sort (400)', async () => {
    const first = await page(processor, 'limit=1');
    expect(first.nextCursor).not.toBeNull();
    const otherSort = await get(
      processor,
      `${BASE}?limit=1&sort=createdAt&cursor=${encodeURIComponent(first.nextCursor!)}`,
    );
    expect(otherSort.statusCode).toBe(400);
    const forged = Buffer.from(JSON.stringify(['updatedAt', 'desc', "x'; drop table", 'nope'])).toString(
      'base64url',
    );
    expect((await get(processor, `${BASE}?cursor=${forged}`)).statusCode).toBe(400);
    expect((await get(processor, `${BASE}?cursor=%%%`)).statusCode).toBe(400);
  });

  it('searches borrower name, e-mail, loan number and property address', async () => {
    const [zedRow] = (await all(processor)).filter((item) => item.uuid === zed.applicationUuid);
    const searches = [
      'quintero',
      'ZED QUIN',
      zed.email.slice(0, 12),
      zedRow!.loanNumber,
      'juniper lane',
      '95814',
    ];
    for (const q of searches) {
      const found = uuids(await all(processor, `q=${encodeURIComponent(q)}`));
      expect(found, q).toContain(zed.applicationUuid);
      expect(found, q).not.toContain(mine[2]!.applicationUuid);
    }
    // LIKE wildcards are taken literally.
    expect((await all(processor, `q=${encodeURIComponent('%_')}`)).length).toBe(0);
    expect((await get(processor, `${BASE}?q=a`)).statusCode).toBe(400);
  });

  it('filters by state, loan officer, step group and step, dates and open conditions', async () => {
    expect(uuids(await all(processor, 'state=TX'))).toEqual([texan.applicationUuid]);
    expect(uuids(await all(processor, `loanOfficer=${LOAN_ORIGINATOR_IDS.mainAliciaMoreno}`))).toEqual([
      mine[1]!.applicationUuid,
    ]);
    expect(uuids(await all(processor, 'loanOfficer=none'))).not.toContain(zed.applicationUuid);
    expect(uuids(await all(processor, 'group=BASIC_INFO'))).toContain(zed.applicationUuid);
    // Only the seeded HMDA demo applications (seed/demo-hmda.ts) are funded or declined.
    const closed = await all(processor, 'group=FUNDED,DECLINED');
    expect(closed.map((item) => item.stepGroup).sort()).toEqual(['DECLINED', 'DECLINED', 'FUNDED']);
    expect(uuids(closed)).not.toContain(zed.applicationUuid);
    expect(uuids(await all(processor, 'step=IN_PROGRESS'))).toContain(zed.applicationUuid);
    // A step outside the named group: nothing.
    expect(await all(processor, 'group=SIGNING&step=IN_PROGRESS')).toEqual([]);
    const today = clock.now().toISOString().slice(0, 10);
    expect(uuids(await all(processor, `createdFrom=${today}&createdTo=${today}`))).toContain(
      zed.applicationUuid,
    );
    expect(await all(processor, 'createdTo=2020-01-01')).toEqual([]);
    expect((await get(processor, `${BASE}?createdFrom=2026-02-02&createdTo=2026-01-01`)).statusCode).toBe(
      400,
    );
    expect((await get(processor, `${BASE}?group=NOPE`)).statusCode).toBe(400);

    const raised = await t.app.inject({
      method: 'POST',
      url: `${BASE}/${mine[3]!.applicationUuid}/conditions`,
      headers: processor,
      payload: {
        category: 'GENERIC_DOCUMENT_REQUEST',
        commentsToBorrower: 'Your latest tax return, please.',
      },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const withConditions = await all(processor, 'openConditions=true');
    expect(uuids(withConditions)).toEqual([mine[3]!.applicationUuid]);
    expect(withConditions[0]!.openConditions).toBe(1);
    expect(uuids(await all(processor, 'openConditions=false'))).not.toContain(mine[3]!.applicationUuid);
  });

  it('a loan officer sees only their own borrowers', async () => {
    const items = await all(loanOfficer);
    expect(uuids(items)).toContain(zed.applicationUuid);
    expect(uuids(items)).toContain(mine[0]!.applicationUuid);
    expect(uuids(items)).not.toContain(mine[1]!.applicationUuid);
    expect(uuids(items)).not.toContain(texan.applicationUuid);
    expect(items.every((item) => item.loanOfficer?.uuid === LOAN_ORIGINATOR_IDS.mainJordanReyes)).toBe(true);
    // Asking for another officer's borrowers does not widen the scope.
    expect(await all(loanOfficer, `loanOfficer=${LOAN_ORIGINATOR_IDS.mainAliciaMoreno}`)).toEqual([]);
  });

  it('another organisation’s staff find nothing of MAIN; platform staff filter by organisation', async () => {
    const theirs = await all(cascade, `q=${encodeURIComponent(zed.email)}`);
    expect(theirs).toEqual([]);
    expect(uuids(await all(cascade))).toContain(cascadeBorrower.applicationUuid);
    expect((await get(cascade, `${BASE}?orgCode=MAIN`)).statusCode).toBe(404);
    const platformMain = await all(platform, 'orgCode=MAIN');
    expect(uuids(platformMain)).toContain(zed.applicationUuid);
    expect(uuids(platformMain)).not.toContain(cascadeBorrower.applicationUuid);
    expect(uuids(await all(platform))).toContain(cascadeBorrower.applicationUuid);
  });

  it('stalled: no step change for N days, counted on the app’s clock', async () => {
    clock.advance(10 * 86_400_000);
    // Zed moves on (a step change now); the others have not moved for ten days.
    const res = await t.app.inject({
      method: 'POST',
      url: `/service-application/api/v1/application/heloc/${zed.applicationUuid}/profile`,
      headers: { authorization: zed.authorization, cookie: zed.cookie },
      payload: {
        name: { firstName: 'Zed', lastName: 'Quintero' },
        dob: '1980-02-29',
        softCreditConsent: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const stalled = await all(processor, 'stalledDays=5');
    expect(uuids(stalled)).toContain(texan.applicationUuid);
    expect(uuids(stalled)).not.toContain(zed.applicationUuid);
    expect(stalled.find((item) => item.uuid === texan.applicationUuid)!.daysInStep).toBeGreaterThanOrEqual(9);
    const zedNow = (await all(processor, `q=quintero`))[0]!;
    expect(zedNow).toMatchObject({ step: 'WAITING_FOR_CREDIT', daysInStep: 0 });
  });
});

describe('GET /service-ops/api/v1/applications/{uuid} (the file) and its timeline', () => {
  it('answers the file with the SSN and account numbers masked, and its documents', async () => {
    await t.app.jobs.runDue();
    await t.database.db
      .update(schema.profiles)
      .set({ ssnLast4: '6789', hasSsn: true })
      .where(eq(schema.profiles.identityUuid, zed.identityUuid));
    await t.database.db.insert(schema.applicationAccounts).values({
      applicationUuid: zed.applicationUuid,
      purpose: 'DISBURSEMENT',
      source: 'MANUAL',
      accountType: 'CHECKING',
      routingNumber: '021000021',
      accountNumberSealed: 'sealed-value-never-answered',
      mask: '4321',
      bankName: 'Sandbox Bank',
    });
    const stored = await t.app.storage.put(
      'console-test/statement.pdf',
      new TextEncoder().encode('%PDF-1.4 statement'),
      'application/pdf',
    );
    const [document] = await t.database.db
      .insert(schema.applicationDocuments)
      .values({
        applicationUuid: zed.applicationUuid,
        type: 'BANK_STATEMENT',
        fileKey: 'console-test/statement.pdf',
        fileName: 'statement.pdf',
        contentType: 'application/pdf',
        sizeBytes: stored.size,
        sha256: stored.sha256,
      })
      .returning();

    const res = await get(processor, `${BASE}/${zed.applicationUuid}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain('sealed-value-never-answered');
    const file = ZApplicationFile.parse(res.json());
    expect(file.borrower).toMatchObject({ name: 'Zed Quintero', email: zed.email, ssnMasked: '***-**-6789' });
    expect(file.accounts).toEqual([
      expect.objectContaining({
        purpose: 'DISBURSEMENT',
        accountMasked: '••••4321',
        bankName: 'Sandbox Bank',
      }),
    ]);
    expect(file.property).toMatchObject({ street1: '77 Juniper Lane', state: 'CA' });
    expect(file.consents.map((consent) => consent.type)).toContain('SOFT_CREDIT');
    // The soft pull ran (sandbox bureau): its score is the file's credit summary.
    expect(file.credit).toMatchObject({ kind: 'SOFT' });
    expect(typeof file.credit?.score).toBe('number');
    expect(file.loanOfficer?.name).toBe('Jordan Reyes');
    const listed = file.documents.find((d) => d.uuid === document!.uuid)!;
    expect(listed.downloadPath).toBe(`${BASE}/${zed.applicationUuid}/documents/${document!.uuid}/file`);

    const download = await get(processor, `${listed.downloadPath}?download=true`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe('attachment; filename="statement.pdf"');
    expect(download.body).toBe('%PDF-1.4 statement');
    // Another application's path with this document: 404.
    expect(
      (await get(processor, `${BASE}/${texan.applicationUuid}/documents/${document!.uuid}/file`)).statusCode,
    ).toBe(404);
  });

  it('a loan officer opens their own borrower’s file, not another officer’s (404)', async () => {
    expect((await get(loanOfficer, `${BASE}/${zed.applicationUuid}`)).statusCode).toBe(200);
    expect((await get(loanOfficer, `${BASE}/${mine[1]!.applicationUuid}`)).statusCode).toBe(404);
    expect((await get(loanOfficer, `${BASE}/${mine[1]!.applicationUuid}/timeline`)).statusCode).toBe(404);
  });

  it('another organisation’s staff get 404 for the file, the timeline and a missing one alike', async () => {
    const missing = await get(cascade, `${BASE}/00000000-0000-4000-8000-000000000000`);
    const foreign = await get(cascade, `${BASE}/${zed.applicationUuid}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(missing.json());
    expect((await get(cascade, `${BASE}/${zed.applicationUuid}/timeline`)).statusCode).toBe(404);
  });

  it('the timeline: step changes, provider results and staff actions with who and when, by kind', async () => {
    const res = await get(processor, `${BASE}/${mine[3]!.applicationUuid}/timeline`);
    expect(res.statusCode, res.body).toBe(200);
    const timeline = ZTimeline.parse(res.json());
    const raised = timeline.items.find((item) => item.action === 'CONDITION_RAISED')!;
    expect(raised).toMatchObject({ kind: 'CONDITION', actorType: 'STAFF', actor: 'processor@heloc.test' });

    const zedTimeline = ZTimeline.parse(
      (await get(processor, `${BASE}/${zed.applicationUuid}/timeline`)).json(),
    );
    const ids = zedTimeline.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((x, y) => y - x));
    const firstStep = zedTimeline.items.find((item) => item.toStep === 'WAITING_FOR_CREDIT')!;
    expect(firstStep).toMatchObject({
      kind: 'STEP',
      fromStep: 'IN_PROGRESS',
      toStepLabel: 'Waiting for credit',
      actorType: 'BORROWER',
      actor: zed.email,
    });
    const steps = ZTimeline.parse(
      (await get(processor, `${BASE}/${zed.applicationUuid}/timeline?kind=STEP`)).json(),
    );
    expect(steps.items.length).toBeGreaterThan(0);
    expect(steps.items.every((item) => item.kind === 'STEP')).toBe(true);
    const conditions = ZTimeline.parse(
      (await get(processor, `${BASE}/${zed.applicationUuid}/timeline?kind=CONDITION,DOCUMENT`)).json(),
    );
    expect(conditions.items).toEqual([]);
    expect((await get(processor, `${BASE}/${zed.applicationUuid}/timeline?kind=NOPE`)).statusCode).toBe(400);
  });
});

describe('conditions: clear with evidence, waive with a reason, reopen', () => {
  const conditionsUrl = (who: Borrower) =>
    `/service-conditions/external/api/v1/applications/${who.applicationUuid}/conditions/external-applicants`;
  const borrowerConditions = async (who: Borrower) =>
    (
      await t.app.inject({ method: 'GET', url: conditionsUrl(who), headers: { cookie: who.cookie } })
    ).json() as { uuid: string }[];
  const act = (who: Borrower, conditionUuid: string, action: string, payload: unknown, as = processor) =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}/${who.applicationUuid}/conditions/${conditionUuid}/${action}`,
      headers: as,
      payload: payload as Record<string, unknown>,
    });

  it('each change shows on the borrower’s next poll, in the file and on the timeline, with who and why', async () => {
    const who = texan;
    const raised = await t.app.inject({
      method: 'POST',
      url: `${BASE}/${who.applicationUuid}/conditions`,
      headers: processor,
      payload: {
        category: 'PROPERTY_LEGAL_DESCRIPTION',
        commentsToBorrower: 'The legal description, please.',
      },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const [condition] = raised.json() as { uuid: string }[];
    expect((await borrowerConditions(who)).map((c) => c.uuid)).toContain(condition!.uuid);

    const stored = await t.app.storage.put(
      'console-test/deed.pdf',
      new TextEncoder().encode('%PDF deed'),
      'application/pdf',
    );
    const [deed] = await t.database.db
      .insert(schema.applicationDocuments)
      .values({
        applicationUuid: who.applicationUuid,
        type: 'UPLOAD',
        fileKey: 'console-test/deed.pdf',
        fileName: 'deed.pdf',
        contentType: 'application/pdf',
        sizeBytes: stored.size,
        sha256: stored.sha256,
      })
      .returning();

    // Evidence must be a document of this application; a reason is required to waive.
    const zedDocument = ZApplicationFile.parse(
      (await get(processor, `${BASE}/${zed.applicationUuid}`)).json(),
    ).documents[0]!;
    expect((await act(who, condition!.uuid, 'clear', { documentUuid: zedDocument.uuid })).statusCode).toBe(
      400,
    );
    expect((await act(who, condition!.uuid, 'waive', { reason: ' ' })).statusCode).toBe(400);
    // A loan officer has no CONDITIONS_RAISE; another organisation's staff get 404.
    expect((await act(who, condition!.uuid, 'waive', { reason: 'Not needed' }, loanOfficer)).statusCode).toBe(
      403,
    );
    expect(
      (await act(who, condition!.uuid, 'waive', { reason: 'Not needed' }, platform)).statusCode,
    ).not.toBe(404);

    // (the platform admin waived it above: reopen it first)
    const reopenedFirst = await act(who, condition!.uuid, 'reopen', { reason: 'Waived by mistake' });
    expect(reopenedFirst.statusCode, reopenedFirst.body).toBe(200);

    const cleared = await act(who, condition!.uuid, 'clear', {
      documentUuid: deed!.uuid,
      note: 'Matches the deed',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ resolution: 'CLEARED', evidenceDocumentUuid: deed!.uuid });
    expect((await borrowerConditions(who)).map((c) => c.uuid)).not.toContain(condition!.uuid);
    expect((await act(who, condition!.uuid, 'waive', { reason: 'Twice' })).statusCode).toBe(409);

    const before = await t.database.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.identityUuid, who.identityUuid));
    const reopened = await act(who, condition!.uuid, 'reopen', { reason: 'The deed is for another parcel' });
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json()).toMatchObject({ resolution: null, clearedAt: null });
    expect((await borrowerConditions(who)).map((c) => c.uuid)).toContain(condition!.uuid);
    const after = await t.database.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.identityUuid, who.identityUuid));
    expect(after.length).toBe(before.length + 1);
    expect((await act(who, condition!.uuid, 'reopen', { reason: 'Again' })).statusCode).toBe(409);

    const waived = await act(who, condition!.uuid, 'waive', { reason: 'Title company confirmed it' });
    expect(waived.statusCode, waived.body).toBe(200);
    const file = ZApplicationFile.parse((await get(processor, `${BASE}/${who.applicationUuid}`)).json());
    expect(file.conditions.find((c) => c.uuid === condition!.uuid)).toMatchObject({
      resolution: 'WAIVED',
      resolutionNote: 'Title company confirmed it',
      staffManaged: true,
    });
    const timeline = ZTimeline.parse(
      (await get(processor, `${BASE}/${who.applicationUuid}/timeline?kind=CONDITION`)).json(),
    );
    expect(timeline.items.map((item) => [item.action, item.actor, item.reason])).toEqual([
      ['CONDITION_WAIVED', 'processor@heloc.test', 'Title company confirmed it'],
      ['CONDITION_REOPENED', 'processor@heloc.test', 'The deed is for another parcel'],
      ['CONDITION_CLEARED', 'processor@heloc.test', null],
      ['CONDITION_REOPENED', 'processor@heloc.test', 'Waived by mistake'],
      ['CONDITION_WAIVED', 'admin@heloc.test', 'Not needed'],
      ['CONDITION_RAISED', 'processor@heloc.test', null],
    ]);
  });

  it('leaves the engine’s own conditions to the engine (409)', async () => {
    const [own] = await t.database.db
      .insert(schema.applicationConditions)
      .values({
        applicationUuid: texan.applicationUuid,
        category: 'MANUAL_PAYSTUB_UPLOAD',
        requestDocuments: true,
      })
      .returning();
    const res = await act(texan, own!.uuid, 'waive', { reason: 'Not needed' });
    expect(res.statusCode).toBe(409);
    const file = ZApplicationFile.parse((await get(processor, `${BASE}/${texan.applicationUuid}`)).json());
    expect(file.conditions.find((c) => c.uuid === own!.uuid)?.staffManaged).toBe(false);
  });
});

describe('saved views', () => {
  const VIEWS = `${BASE}/views`;
  const save = (who: Credentials, name: string, query: string) =>
    t.app.inject({ method: 'POST', url: VIEWS, headers: who, payload: { name, query } });
  const list = async (who: Credentials) =>
    ((await get(who, VIEWS)).json() as { items: { uuid: string; name: string; query: string }[] }).items;

  it('each member keeps their own; the same name replaces; another member cannot delete one', async () => {
    const saved = await save(
      processor,
      'Stalled in Texas',
      'state=TX&stalledDays=7&sort=stepChangedAt&dir=asc',
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await save(processor, 'Stalled in Texas', 'state=TX&stalledDays=14')).statusCode).toBe(200);
    expect(await list(processor)).toEqual([
      expect.objectContaining({ name: 'Stalled in Texas', query: 'state=TX&stalledDays=14' }),
    ]);
    expect(await list(loanOfficer)).toEqual([]);
    const view = (await list(processor))[0]!;
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: `${VIEWS}/${view.uuid}`,
      headers: loanOfficer,
    });
    expect(foreign.statusCode).toBe(204);
    expect(await list(processor)).toHaveLength(1);
    const own = await t.app.inject({ method: 'DELETE', url: `${VIEWS}/${view.uuid}`, headers: processor });
    expect(own.statusCode).toBe(204);
    expect(await list(processor)).toEqual([]);
  });

  it('keeps only valid pipeline queries, without a cursor', async () => {
    expect((await save(processor, 'Bad', 'group=NOPE')).statusCode).toBe(400);
    expect((await save(processor, 'Paged', 'cursor=abc')).statusCode).toBe(400);
    expect((await save(processor, ' ', 'state=TX')).statusCode).toBe(400);
  });
});
