/**
 * The exports through HTTP on the embedded database with the demo data: the HMDA LAR of the seeded
 * applications (passes its edits; a broken fact fails one, readably), the pipeline as CSV (every
 * page, the view's filters, formula cells defused) and the application file as one PDF. The tenant
 * matrix (modules/staff/tenant-matrix.test.ts) covers every role and organisation on these routes.
 */
import { eq, inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidUli, LAR_FIELD_KEYS, type TPipelineItem, type TPipelinePage } from '@heloc/domain';
import { schema } from '../../db';
import { OffsetClock } from '../../lib/clock';
import { DEMO_HMDA_CASES } from '../../seed/demo-hmda';
import { createTestApp, type TestApp } from '../../test/app';
import { signIn, type Credentials } from '../../test/auth';

const LAR = '/service-ops/api/v1/reports/hmda-lar';
const CSV = '/service-ops/api/v1/applications.csv';
const PASSWORD = 'Ops-password-1';
const clock = new OffsetClock();
const year = new Date().getUTCFullYear();
let t: TestApp;
let admin: Credentials;
let processor: Credentials;
let loanOfficer: Credentials;
let cascade: Credentials;
let platform: Credentials;

const get = (who: Credentials, url: string) => t.app.inject({ method: 'GET', url, headers: who });

/** A CSV's records (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i += 1;
    } else field += c;
  }
  return records;
}

async function pipeline(who: Credentials, query: string): Promise<TPipelineItem[]> {
  const items: TPipelineItem[] = [];
  let cursor: string | null = null;
  do {
    const res = await get(
      who,
      `/service-ops/api/v1/applications?${query}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as TPipelinePage;
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

async function uuidOf(email: string): Promise<string> {
  const [row] = await t.database.db
    .select({ uuid: schema.helocApplications.uuid })
    .from(schema.helocApplications)
    .innerJoin(schema.identities, eq(schema.identities.uuid, schema.helocApplications.identityUuid))
    .where(eq(schema.identities.email, email));
  return row!.uuid;
}

beforeAll(async () => {
  t = await createTestApp({ authRateLimitPerMinute: 100_000 }, { demoData: true, clock });
  const who = (name: string) => signIn(t.app, `${name}@heloc.test`, PASSWORD);
  admin = await who('ops');
  processor = await who('processor');
  loanOfficer = await who('lo');
  cascade = await who('ops-cascade');
  platform = await who('admin');
}, 60_000);
afterAll(async () => t.close());

describe('HMDA LAR export', () => {
  it('the seeded demo data passes its edits: the file is the transmittal sheet and one row per final action', async () => {
    const res = await get(admin, `${LAR}?year=${year}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="TESTLEI0HARBORLINE33-${year}-LAR.txt"`,
    );
    const [ts, ...rows] = res.body
      .trimEnd()
      .split('\n')
      .map((line) => line.split('|'));
    expect(ts).toEqual([
      '1',
      'Harborline Home Lending, Inc.',
      String(year),
      '4',
      'HMDA Reporting (test data)',
      '415-555-0100',
      'hmda@harborline.example',
      '101 Mission Street Suite 1400',
      'San Francisco',
      'CA',
      '94105',
      '7',
      String(DEMO_HMDA_CASES.length),
      '99-0000001',
      'TESTLEI0HARBORLINE33',
    ]);
    // The demo borrower's application in progress is no HMDA action yet.
    expect(rows).toHaveLength(DEMO_HMDA_CASES.length);
    const byStreet = Object.fromEntries(
      rows.map((fields) => [
        fields[LAR_FIELD_KEYS.indexOf('street')],
        Object.fromEntries(LAR_FIELD_KEYS.map((key, i) => [key, fields[i]])),
      ]),
    );
    for (const fields of rows) {
      expect(fields).toHaveLength(110);
      expect(isValidUli(fields[2]!)).toBe(true);
    }
    expect(byStreet['2150 Capitol Avenue']).toMatchObject({
      actionTaken: '1',
      loanAmount: '120000',
      interestRate: '8.25',
      loanTerm: '360',
      debtToIncomeRatio: '36.5',
      combinedLoanToValueRatio: '71.25',
      propertyValue: '850000',
      creditScore: '742',
      lienStatus: '2',
      ethnicity1: '2',
      race1: '2',
      race2: '5',
      sex: '2',
      ethnicityObserved: '2',
      nmlsrId: '2104871',
      openEndLineOfCredit: '1',
    });
    expect(byStreet['88 Alder Street']).toMatchObject({
      actionTaken: '3',
      denialReason1: '1',
      denialReason2: '9',
      denialReasonOther: 'Property listed for sale',
      ethnicity1: '3',
      race1: '6',
      sex: '1',
      creditScore: '688',
    });
    expect(byStreet['410 Juniper Lane']).toMatchObject({
      actionTaken: '3',
      denialReason1: '3',
      ethnicity1: '3',
      race1: '6',
      sex: '3',
    });
    expect(byStreet['17 Harbor View Road']).toMatchObject({
      actionTaken: '4',
      creditScore: '8888',
      sex: '6',
      ethnicity1: '1',
    });

    const report = await get(admin, `${LAR}?year=${year}&format=report`);
    expect(report.statusCode).toBe(200);
    expect(report.json()).toMatchObject({ rows: 4, passed: true, failures: [], testLei: true });
  });

  it('a broken fact fails its edit: 422 with the failures, readably', async () => {
    const uuid = await uuidOf('hmda-funded@heloc.test');
    const [application] = await t.database.db
      .select({
        property: schema.helocApplications.selectedPropertyUuid,
        loanNumber: schema.helocApplications.loanNumber,
      })
      .from(schema.helocApplications)
      .where(eq(schema.helocApplications.uuid, uuid));
    await t.database.db
      .update(schema.profileAddresses)
      .set({ zip: '9581' })
      .where(eq(schema.profileAddresses.uuid, application!.property!));
    try {
      const res = await get(admin, `${LAR}?year=${year}`);
      expect(res.statusCode).toBe(422);
      const body = res.json() as {
        message: string;
        passed: boolean;
        failures: { edit: string; uli: string; fields: string[] }[];
      };
      expect(body.message).toBe('The LAR fails 1 edit: fix them before exporting');
      expect(body.failures).toEqual([
        expect.objectContaining({
          edit: 'V624',
          fields: ['16 ZIP Code: "9581"'],
          uli: expect.stringContaining(application!.loanNumber),
        }),
      ]);
    } finally {
      await t.database.db
        .update(schema.profileAddresses)
        .set({ zip: '95816' })
        .where(eq(schema.profileAddresses.uuid, application!.property!));
    }
  });

  it('a quarter holds only its own actions; an empty register fails V606', async () => {
    const current = Math.floor(new Date().getUTCMonth() / 3) + 1;
    const other = current === 1 ? 2 : 1;
    const res = await get(admin, `${LAR}?year=${year}&quarter=${other}&format=report`);
    expect(res.json()).toMatchObject({
      rows: 0,
      passed: false,
      failures: [expect.objectContaining({ edit: 'V606' })],
    });
    expect((await get(admin, `${LAR}?year=${year - 1}`)).statusCode).toBe(422);
  });

  it('refuses what is not a filing period, and who may not export', async () => {
    const q4 = await get(admin, `${LAR}?year=${year}&quarter=4`);
    expect(q4.statusCode).toBe(400);
    expect(q4.body).toContain('the fourth quarter is in the annual filing');
    expect((await get(admin, `${LAR}?year=2017`)).statusCode).toBe(400);
    expect((await get(admin, `${LAR}`)).statusCode).toBe(400);
    expect((await get(processor, `${LAR}?year=${year}`)).statusCode).toBe(403);
    expect((await get(loanOfficer, `${LAR}?year=${year}`)).statusCode).toBe(403);
    expect((await get(cascade, `${LAR}?year=${year}&orgCode=MAIN`)).statusCode).toBe(404);
    // Another organisation's admin gets their own register (nothing decided there: V606).
    expect((await get(cascade, `${LAR}?year=${year}&format=report`)).json()).toMatchObject({ rows: 0 });
    // Platform staff name the organisation; one without HMDA settings cannot export.
    expect((await get(platform, `${LAR}?year=${year}`)).statusCode).toBe(400);
    expect((await get(platform, `${LAR}?year=${year}&orgCode=MAIN`)).statusCode).toBe(200);
    const none = await get(platform, `${LAR}?year=${year}&orgCode=PINECREST`);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ message: expect.stringContaining('no HMDA reporter settings') });
  });
});

describe('pipeline CSV', () => {
  it('every page of the view, the same rows as the pipeline, formula cells defused', async () => {
    // More than one server page (100): 105 more MAIN applications of one borrower.
    const [owner] = await t.database.db
      .select()
      .from(schema.identities)
      .where(eq(schema.identities.email, 'demo@heloc.test'));
    await t.database.db.insert(schema.helocApplications).values(
      Array.from({ length: 105 }, (_, i) => ({
        identityUuid: owner!.uuid,
        orgCode: 'MAIN',
        amountCents: 1_000_00 * (i + 1),
      })),
    );
    await t.database.db
      .update(schema.profiles)
      .set({ firstName: '=HYPERLINK("http://x","y")' })
      .where(eq(schema.profiles.identityUuid, owner!.uuid));

    const expected = await pipeline(admin, 'sort=amount&dir=asc');
    expect(expected.length).toBeGreaterThan(105);
    const res = await get(admin, `${CSV}?sort=amount&dir=asc`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...records] = parseCsv(res.body);
    expect(header![0]).toBe('Loan number');
    expect(records.map((r) => r[0])).toEqual(expected.map((item) => item.loanNumber));
    const formula = records.filter((r) => r[1]!.includes('HYPERLINK'));
    expect(formula.length).toBeGreaterThan(100);
    for (const record of formula) expect(record[1]).toBe(`'=HYPERLINK("http://x","y") Demo`);
    expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('the filters of the view apply, and a loan officer gets their own borrowers only', async () => {
    const declined = parseCsv((await get(admin, `${CSV}?group=DECLINED`)).body).slice(1);
    expect(declined.map((r) => r[0]).sort()).toEqual(
      (await pipeline(admin, 'group=DECLINED')).map((i) => i.loanNumber).sort(),
    );
    expect(declined).toHaveLength(2);
    const own = parseCsv((await get(loanOfficer, CSV)).body).slice(1);
    expect(own.map((r) => r[0]).sort()).toEqual(
      (await pipeline(loanOfficer, '')).map((i) => i.loanNumber).sort(),
    );
    expect((await get(cascade, `${CSV}?orgCode=MAIN`)).statusCode).toBe(404);
    expect((await get(admin, `${CSV}?q=x`)).statusCode).toBe(400);
  });
});

describe('application file bundle (PDF)', () => {
  it('the summary and timeline, then every document it can hold; the others named', async () => {
    const uuid = await uuidOf('hmda-funded@heloc.test');
    const url = `/service-ops/api/v1/applications/${uuid}/bundle.pdf`;
    const before = await get(processor, url);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.headers['content-type']).toBe('application/pdf');
    const summaryPages = (await PDFDocument.load(before.rawPayload)).getPageCount();

    const attachment = await PDFDocument.create();
    attachment.addPage([300, 300]);
    attachment.addPage([300, 300]);
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
      'base64',
    );
    const files = [
      { name: 'statement.pdf', type: 'application/pdf', bytes: await attachment.save() },
      { name: 'id.png', type: 'image/png', bytes: new Uint8Array(png) },
      { name: 'notes.txt', type: 'text/plain', bytes: new TextEncoder().encode('hello') },
    ];
    for (const [i, file] of files.entries()) {
      const key = `test/bundle/${uuid}/${i}`;
      await t.app.storage.put(key, file.bytes, file.type);
      await t.database.db.insert(schema.applicationDocuments).values({
        applicationUuid: uuid,
        type: 'SUPPORT',
        fileKey: key,
        fileName: file.name,
        contentType: file.type,
        sizeBytes: file.bytes.length,
        sha256: 'test',
      });
    }
    const after = await get(processor, url);
    expect(after.statusCode).toBe(200);
    // Two pages of the PDF and one for the image; the text file is named on the summary only.
    expect((await PDFDocument.load(after.rawPayload)).getPageCount()).toBe(summaryPages + 3);
    await t.database.db
      .delete(schema.applicationDocuments)
      .where(inArray(schema.applicationDocuments.applicationUuid, [uuid]));

    expect((await get(cascade, url)).statusCode).toBe(404);
    expect((await get(loanOfficer, url)).statusCode).toBe(200);
  });
});
