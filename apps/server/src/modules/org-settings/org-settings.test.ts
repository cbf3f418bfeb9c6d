/**
 * Organisation settings through HTTP on two instances of one database: versions with who/when and a
 * note, a draft's diff, the preview on the borrower pages (staff with the permission only), publish
 * (both instances see it; a new offer is priced with the new band), rollback, the policy (403 without
 * the permission, 404 for another organisation's admin), logo upload, and a restart (the start-up
 * seed sync) that keeps a published change while still inserting a new organisation as version 1.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mergePricing,
  orgSettingsOf,
  pacificIsoDate,
  type TOperatingHoursEntry,
  ZOrgSettings,
  type TOrgData,
  type TOrgSettings,
  type TOrgSettingsOverview,
  type TSettingsVersion,
} from '@heloc/domain';
import { settleAfter } from '@heloc/borrower-driver';
import { buildApp } from '../../app';
import { driven } from '../../engine/closing/test-helpers';
import { schema } from '../../db';
import { ManualClock } from '../../lib/clock';
import { createSandboxProviders } from '../../providers';
import { loadOrganisations } from '../../seed/organisations';
import { seedDatabase } from '../../seed/seed';
import { testConfig } from '../../test/app';
import { registerAndSignIn, registrationBody, signIn, type Credentials } from '../../test/auth';
import { createTestDatabase, type TestDatabase } from '../../test/database';
import { ORG_DATA_PLACEHOLDER } from '../web/html';
import { LOAN_ORIGINATORS, LOAN_ORIGINATOR_IDS } from '../../seed/loan-originators';
import { DESK_HOURS_NOTE } from './desk-hours';
import { syncSeedOrganisations } from './seed-sync';

const ORG = 'BLUE_MESA';
/** The seed's default weeks (seed/operating-hours.ts) as the settings document holds them. */
const weekdays = (hours: string) => ({
  Monday: hours,
  Tuesday: hours,
  Wednesday: hours,
  Thursday: hours,
  Friday: hours,
});
const DEFAULT_PHONE = { ...weekdays('06:00-18:00'), Saturday: '08:00-14:00', Sunday: 'Closed' };
/** The seed's default flags (seed/feature-flags.ts). */
const DEFAULT_FLAGS = {
  'fe-webchat': true,
  'fe-heloc-maintenance': false,
  'fe-heloc-additional-signer-conditions': false,
  'fe-portfolio-manager': false,
  'fe-heloc-broker-identity': false,
  'fe-webchat-borrower-auth': true,
};
/** The seed's loan officers of an organisation (seed/loan-originators.ts) as the document lists them. */
const seededOfficers = (orgCode: string) =>
  LOAN_ORIGINATORS.filter((row) => row.orgCode === orgCode).map((row) => ({
    uuid: row.uuid!,
    originatorName: row.originatorName ?? null,
    brokerName: row.brokerName ?? null,
    nmls: row.nmls!,
    email: row.email ?? null,
    phoneNumber: row.phoneNumber ?? null,
    active: true,
  }));
const DEFAULT_CHAT = { ...weekdays('06:00-20:00'), Saturday: '08:00-17:00', Sunday: '08:00-17:00' };
const URL_OF = (org: string) => `/service-ops/api/v1/organisations/${org}/settings`;
const PASSWORD = 'Ops-password-1';
const NEW_PRIMARY = '#1f4e79';
const NEW_APR_MIN = 1500;

const distDir = mkdtempSync(path.join(tmpdir(), 'heloc-settings-dist-'));
writeFileSync(
  path.join(distDir, 'index.html'),
  `<!doctype html><html lang="en"><head><title>x</title>${ORG_DATA_PLACEHOLDER}</head><body></body></html>`,
);

let database: TestDatabase;
let first: FastifyInstance;
let second: FastifyInstance;
const clock = new ManualClock('2026-01-05T17:00:00.000Z');
let admin: Credentials; // platform admin
let mainAdmin: Credentials; // MAIN's ORG_ADMIN
let cascadeAdmin: Credentials; // CASCADE_TEACHERS' ORG_ADMIN
let processor: Credentials; // MAIN's processor + underwriter: no ORG_SETTINGS_MANAGE

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, { demoData: true });
  const config = testConfig({
    jwtSecret: randomBytes(32).toString('hex'),
    dataEncryptionKey: randomBytes(32).toString('hex'),
    webDistDir: distDir,
    orgQueryParam: true,
    defaultOrgCode: 'MAIN',
    authRateLimitPerMinute: 10_000,
  });
  const build = () =>
    buildApp({
      config,
      database,
      closeDatabase: false,
      clock,
      providers: createSandboxProviders({ clock, creditTimeoutDelayMs: 1 }),
    });
  first = await build();
  second = await build();
  await Promise.all([first.ready(), second.ready()]);
  admin = await signIn(first, 'admin@heloc.test', PASSWORD);
  mainAdmin = await signIn(first, 'ops@heloc.test', PASSWORD);
  cascadeAdmin = await signIn(first, 'ops-cascade@heloc.test', PASSWORD);
  processor = await signIn(first, 'processor@heloc.test', PASSWORD);
}, 120_000);
afterAll(async () => {
  await second?.close();
  await first?.close();
  await database?.destroy();
  rmSync(distDir, { recursive: true, force: true });
});

const overview = async (who: Credentials, org = ORG) => {
  const res = await first.inject({ method: 'GET', url: URL_OF(org), headers: who });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TOrgSettingsOverview;
};

const saveDraft = (who: Credentials, settings: TOrgSettings, note: string, org = ORG) =>
  first.inject({ method: 'POST', url: `${URL_OF(org)}/versions`, headers: who, payload: { settings, note } });

const action = (who: Credentials, version: number, verb: 'publish' | 'rollback', note: string) =>
  first.inject({
    method: 'POST',
    url: `${URL_OF(ORG)}/versions/${version}/${verb}`,
    headers: who,
    payload: { note },
  });

function embeddedOrg(html: string): TOrgData {
  const match = /<script id="org-data" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!match) throw new Error('no org-data element');
  return JSON.parse(match[1]!) as TOrgData;
}

const page = async (query: string, who?: Credentials, app = first) => {
  const res = await app.inject({
    method: 'GET',
    url: `/auth/login?org=${ORG}${query}`,
    headers: who ? { cookie: who.cookie } : {},
  });
  expect(res.statusCode).toBe(200);
  return { org: embeddedOrg(res.body), preview: res.headers['x-heloc-preview-version'] };
};

/**
 * A borrower of ORG walked to the offers (the sandbox's "Example" scenario) by the one borrower driver
 * over inject, the jobs run between moves: their lowest note rate.
 */
async function lowestOfferedRate(): Promise<number> {
  const who = await registerAndSignIn(first, ORG, { name: { firstName: 'Ann', lastName: 'Example' } });
  const driver = driven(first, { ...who, firstName: 'Ann', lastName: 'Example' });
  const { client } = driver;
  await driver.walk({ until: 'OFFER_SELECTION', settle: settleAfter(client, () => first.jobs.runDue()) });
  const offers = await client.call('list offers', 'GET', `${client.engine}/offers`);
  const rates = offers.json<{ offers: { rateBps: number }[] }>().offers.map((offer) => offer.rateBps);
  expect(rates.length).toBeGreaterThan(0);
  return Math.min(...rates);
}

describe('organisation settings', { timeout: 120_000 }, () => {
  let seeded: TOrgSettings;
  let draft: TSettingsVersion;

  it('start with the seed file as version 1, published, for every organisation (each a valid document)', async () => {
    const view = await overview(admin);
    expect(view.publishedVersion).toBe(1);
    expect(view.versions).toEqual([
      expect.objectContaining({
        version: 1,
        state: 'PUBLISHED',
        createdBy: null,
        note: 'Initial version from the seed file',
      }),
    ]);
    seeded = view.published;
    expect(seeded).toEqual(
      orgSettingsOf(
        loadOrganisations().find((org) => org.orgCode === ORG)!,
        {
          hours: { OPS_PHONE: DEFAULT_PHONE, OPS_CHAT: DEFAULT_CHAT },
          holidays: [],
          featureFlags: DEFAULT_FLAGS,
          loanOfficers: seededOfficers(ORG),
        },
      ),
    );
    const rows = await database.db.select().from(schema.organisationSettingsVersions);
    expect(rows.length).toBe(loadOrganisations().length);
    for (const row of rows) expect(ZOrgSettings.safeParse(row.settings).success, row.orgCode).toBe(true);
  });

  it('refuses a draft that breaks a rule, with the rule’s message (400)', async () => {
    const bad = structuredClone(seeded);
    bad.brand.colors.primary = '#ffcc00';
    bad.pricing.aprMaxBps = bad.pricing.aprMinBps;
    const res = await saveDraft(admin, bad, 'Too light');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Contrast with white is 1.51:1');
    expect(res.body).toContain('The APR maximum must be above the APR minimum');
    const missingNote = await saveDraft(admin, seeded, '  ');
    expect(missingNote.statusCode).toBe(400);
    expect((await overview(admin)).versions).toHaveLength(1);
  });

  it('saves a change as a new draft version with who, when, the note and its diff', async () => {
    const changed = structuredClone(seeded);
    changed.brand.colors.primary = NEW_PRIMARY;
    changed.pricing.aprMinBps = NEW_APR_MIN;
    const res = await saveDraft(admin, changed, 'Autumn brand and rates');
    expect(res.statusCode, res.body).toBe(201);
    draft = res.json() as TSettingsVersion;
    expect(draft).toMatchObject({
      version: 2,
      state: 'DRAFT',
      note: 'Autumn brand and rates',
      createdBy: 'admin@heloc.test',
      publishedAt: null,
    });
    expect(draft.changes).toEqual([
      { path: 'brand.colors.primary', from: seeded.brand.colors.primary, to: NEW_PRIMARY },
      { path: 'pricing.aprMinBps', from: seeded.pricing.aprMinBps, to: NEW_APR_MIN },
    ]);
    // Nothing published yet: the borrower pages and the directory are unchanged.
    expect(first.orgs.byOrgCode(ORG)!.orgBrand.colors.primary).toBe(seeded.brand.colors.primary);
    const audit = await database.db
      .select()
      .from(schema.staffAuditEvents)
      .where(eq(schema.staffAuditEvents.action, 'ORG_SETTINGS_DRAFTED'));
    expect(audit.map((row) => row.data)).toEqual([{ version: 2, note: 'Autumn brand and rates' }]);
  });

  it('previews the draft on the borrower pages only for staff who may publish it', async () => {
    for (const ref of ['2', draft.uuid]) {
      const asAdmin = await page(`&preview=${ref}`, admin);
      expect(asAdmin.org.orgBrand.colors.primary).toBe(NEW_PRIMARY);
      expect(mergePricing(asAdmin.org.orgPricingData).aprMinBps).toBe(NEW_APR_MIN);
      expect(asAdmin.preview).toBe('2');
    }
    // Nobody else: no sign-in, a borrower, a member without the permission, another organisation's admin.
    const borrower = await registerAndSignIn(first, ORG);
    for (const who of [undefined, borrower, processor, cascadeAdmin, mainAdmin]) {
      const served = await page('&preview=2', who);
      expect(served.org.orgBrand.colors.primary).toBe(seeded.brand.colors.primary);
      expect(served.preview).toBeUndefined();
    }
    // A made-up reference is ignored too.
    expect((await page('&preview=99', admin)).org.orgBrand.colors.primary).toBe(seeded.brand.colors.primary);
    expect((await page('&preview=<x>', admin)).preview).toBeUndefined();
  });

  it('answers 403 to a role without the permission and 404 to another organisation’s admin', async () => {
    expect((await first.inject({ method: 'GET', url: URL_OF(ORG), headers: processor })).statusCode).toBe(
      403,
    );
    for (const who of [mainAdmin, cascadeAdmin]) {
      expect((await first.inject({ method: 'GET', url: URL_OF(ORG), headers: who })).statusCode).toBe(404);
      expect((await action(who, 2, 'publish', 'Not mine')).statusCode).toBe(404);
      expect((await saveDraft(who, seeded, 'Not mine')).statusCode).toBe(404);
    }
    // Their own organisation is theirs.
    expect((await overview(cascadeAdmin, 'CASCADE_TEACHERS')).orgCode).toBe('CASCADE_TEACHERS');
    expect((await first.inject({ method: 'GET', url: URL_OF('NOPE'), headers: admin })).statusCode).toBe(404);
  });

  it('publishes: both instances serve it, and a new offer is priced with the new band', async () => {
    const before = await lowestOfferedRate();
    expect(before).toBeLessThan(NEW_APR_MIN);
    const res = await action(admin, 2, 'publish', 'Approved by marketing');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ version: 2, state: 'PUBLISHED', publishedBy: 'admin@heloc.test' });
    // This instance at once; the other when the organisations trigger's notice arrives.
    expect(first.orgs.byOrgCode(ORG)!.orgBrand.colors.primary).toBe(NEW_PRIMARY);
    await expect
      .poll(() => second.orgs.byOrgCode(ORG)?.orgBrand.colors.primary, { timeout: 5000 })
      .toBe(NEW_PRIMARY);
    expect((await page('', undefined, second)).org.orgBrand.colors.primary).toBe(NEW_PRIMARY);
    expect(await lowestOfferedRate()).toBe(NEW_APR_MIN);
    // Publishing it again, or a version that is not a draft, is a conflict.
    expect((await action(admin, 2, 'publish', 'Again')).statusCode).toBe(409);
    expect((await action(admin, 1, 'publish', 'Old')).json()).toMatchObject({
      status: 409,
      message: 'Version 1 was published before: roll back to it instead',
    });
    const view = await overview(admin);
    expect(view.versions.map((v) => [v.version, v.state])).toEqual([
      [2, 'PUBLISHED'],
      [1, 'PREVIOUSLY_PUBLISHED'],
    ]);
  });

  it('keeps a published change over a restart (the start-up sync), and still inserts a new organisation as version 1', async () => {
    await seedDatabase(database.db, { demoData: true });
    await first.orgs.reload();
    expect(first.orgs.byOrgCode(ORG)!.orgBrand.colors.primary).toBe(NEW_PRIMARY);
    expect(mergePricing(first.orgs.byOrgCode(ORG)!.orgPricingData).aprMinBps).toBe(NEW_APR_MIN);
    // What the settings do not cover still comes from the file.
    expect(first.orgs.byOrgCode(ORG)!.baseUrl).toBe(
      loadOrganisations().find((o) => o.orgCode === ORG)!.baseUrl,
    );

    const template = loadOrganisations().find((org) => org.orgCode === ORG)!;
    const added: TOrgData = {
      ...template,
      orgCode: 'NEWCOMER',
      canonicalOrgCode: 'NEWCOMER',
      baseUrl: 'https://newcomer.heloc.example',
    };
    await syncSeedOrganisations(database.db, [...loadOrganisations(), added]);
    const [row] = await database.db
      .select()
      .from(schema.organisationSettingsVersions)
      .where(eq(schema.organisationSettingsVersions.orgCode, 'NEWCOMER'));
    expect(row).toMatchObject({ version: 1, note: 'Initial version from the seed file' });
    expect(row!.publishedAt).not.toBeNull();
    await first.orgs.reload();
    expect(first.orgs.byOrgCode('NEWCOMER')?.orgBrand.colors.primary).toBe(template.orgBrand.colors.primary);
    expect(first.orgs.byOrgCode(ORG)!.orgBrand.colors.primary).toBe(NEW_PRIMARY);
  });

  it('rolls back: a new version equal to the older one, published at once, audited; offers priced as before', async () => {
    const res = await action(admin, 1, 'rollback', 'Campaign over');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ version: 3, state: 'PUBLISHED', rolledBackFrom: 1, changes: [] });
    expect((res.json() as TSettingsVersion).settings).toEqual(seeded);
    expect(first.orgs.byOrgCode(ORG)!.orgBrand.colors.primary).toBe(seeded.brand.colors.primary);
    await expect
      .poll(() => second.orgs.byOrgCode(ORG)?.orgBrand.colors.primary, { timeout: 5000 })
      .toBe(seeded.brand.colors.primary);
    expect(await lowestOfferedRate()).toBeLessThan(NEW_APR_MIN);
    // To the published version itself, or to a draft never published: conflicts.
    expect((await action(admin, 3, 'rollback', 'Same')).statusCode).toBe(409);
    const another = await saveDraft(admin, seeded, 'Unpublished');
    const anotherVersion = (another.json() as TSettingsVersion).version;
    expect((await action(admin, anotherVersion, 'rollback', 'Never published')).statusCode).toBe(409);
    const audit = await database.db
      .select()
      .from(schema.staffAuditEvents)
      .where(
        and(
          eq(schema.staffAuditEvents.orgCode, ORG),
          eq(schema.staffAuditEvents.actorEmail, 'admin@heloc.test'),
        ),
      );
    const actions = audit.map((row) => row.action);
    expect(actions).toContain('ORG_SETTINGS_PUBLISHED');
    expect(actions).toContain('ORG_SETTINGS_ROLLED_BACK');
    expect(audit.find((row) => row.action === 'ORG_SETTINGS_ROLLED_BACK')!.data).toMatchObject({
      version: 3,
      rolledBackFrom: 1,
      previousVersion: 2,
      note: 'Campaign over',
    });
  });
});

describe('logo upload', () => {
  const upload = (contentBase64: string, fileName = 'logo.svg') =>
    first.inject({
      method: 'POST',
      url: `${URL_OF('CASCADE_TEACHERS')}/logo`,
      headers: cascadeAdmin,
      payload: { fileName, contentBase64 },
    });
  const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

  it('wraps a PNG (sniffed, whatever its name) in an SVG of its size', async () => {
    const png = Buffer.alloc(33);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(png, 0);
    png.writeUInt32BE(13, 8);
    png.write('IHDR', 12, 'latin1');
    png.writeUInt32BE(240, 16);
    png.writeUInt32BE(60, 20);
    const res = await upload(png.toString('base64'), 'logo.svg');
    expect(res.statusCode, res.body).toBe(200);
    const { logoSvg, kind } = res.json() as { logoSvg: string; kind: string };
    expect(kind).toBe('PNG');
    expect(logoSvg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 240 60"/);
    expect(logoSvg).toContain(`href="data:image/png;base64,${png.toString('base64')}"`);
  });

  it('accepts a clean SVG (its XML declaration dropped) and refuses scripts, other types and big files', async () => {
    const clean = await upload(
      b64('<?xml version="1.0"?>\n<svg viewBox="0 0 10 10"><rect width="10" height="10"/></svg>'),
    );
    expect(clean.json()).toEqual({
      kind: 'SVG',
      logoSvg: '<svg viewBox="0 0 10 10"><rect width="10" height="10"/></svg>',
    });
    const script = await upload(b64('<svg><script>alert(1)</script></svg>'));
    expect(script.statusCode).toBe(400);
    expect(script.json()).toMatchObject({
      message: 'The logo may not hold scripts, embedded documents or animation',
    });
    const jpeg = await upload(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]).toString('base64'), 'logo.png');
    expect(jpeg.json()).toMatchObject({ status: 400, message: 'The logo must be an SVG or PNG file' });
    const big = await upload(b64(`<svg>${' '.repeat(101 * 1024)}</svg>`));
    expect(big.statusCode).toBe(400);
    expect(big.body).toContain('The logo must be at most 100 KB');
    const otherOrg = await first.inject({
      method: 'POST',
      url: `${URL_OF('MAIN')}/logo`,
      headers: cascadeAdmin,
      payload: { fileName: 'x.svg', contentBase64: b64('<svg></svg>') },
    });
    expect(otherOrg.statusCode).toBe(404);
  });
});

describe('operating hours and holidays in the settings', { timeout: 120_000 }, () => {
  const HOURS_ORG = 'LANTERN';
  const SETTINGS = URL_OF(HOURS_ORG);
  const hours = async (department: 'OPS_PHONE' | 'OPS_CHAT', app = first) => {
    const res = await app.inject({
      method: 'GET',
      url: `/service-operating-hours/external/api/v1/hours/${department}`,
      headers: { 'x-org-code': HOURS_ORG },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TOperatingHoursEntry[];
  };
  const todayValue = () => ((new Date(`${pacificIsoDate(Date.now())}T12:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const open = (entries: TOperatingHoursEntry[], weekdayValue: number) =>
    entries.find((entry) => entry.weekdayValue === weekdayValue)!;
  let seeded: TOrgSettings;
  let publishedVersion: number;

  it('holds the seed’s hours in version 1 (an organisation’s own rows over the defaults) and no holidays', async () => {
    seeded = (await overview(admin, HOURS_ORG)).published;
    expect(seeded.hours).toEqual({ OPS_PHONE: DEFAULT_PHONE, OPS_CHAT: DEFAULT_CHAT });
    expect(seeded.holidays).toEqual([]);
    const cascade = (await overview(cascadeAdmin, 'CASCADE_TEACHERS')).published;
    expect(cascade.hours.OPS_PHONE).toEqual({
      ...weekdays('07:00-16:00'),
      Saturday: 'Closed',
      Sunday: 'Closed',
    });
    expect(cascade.hours.OPS_CHAT).toEqual({
      ...weekdays('06:00-20:00'),
      Saturday: 'Closed',
      Sunday: 'Closed',
    });
  });

  it('refuses bad hours and holidays with the rule’s words', async () => {
    const bad = structuredClone(seeded);
    bad.hours.OPS_PHONE.Monday = '18:00-06:00';
    bad.holidays = [{ date: '2026-02-30', name: 'Nope' }];
    const res = await saveDraft(admin, bad, 'Bad hours', HOURS_ORG);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Hours are HH:mm-HH:mm with the end after the start, or Closed');
    expect(res.body).toContain('A holiday is a calendar date yyyy-mm-dd');
  });

  it('publishes hours and a holiday: the hours calls answer them at once, the holiday closed', async () => {
    const today = pacificIsoDate(Date.now());
    const changed = structuredClone(seeded);
    changed.hours.OPS_PHONE.Monday = '07:00-16:00';
    changed.hours.OPS_CHAT.Sunday = 'Closed';
    changed.holidays = [{ date: today, name: 'Founders’ Day' }];
    const draft = await saveDraft(admin, changed, 'New hours and a holiday', HOURS_ORG);
    expect(draft.statusCode, draft.body).toBe(201);
    const version = draft.json() as TSettingsVersion;
    expect(version.changes.map((change) => change.path)).toEqual([
      'holidays',
      'hours.OPS_CHAT.Sunday',
      'hours.OPS_PHONE.Monday',
    ]);
    // A draft changes nothing yet.
    const todayBefore = open(await hours('OPS_PHONE'), todayValue());
    expect(todayBefore.isOpen).toBe(
      DEFAULT_PHONE[todayBefore.weekday as keyof typeof DEFAULT_PHONE] !== 'Closed',
    );
    const res = await first.inject({
      method: 'POST',
      url: `${SETTINGS}/versions/${version.version}/publish`,
      headers: admin,
      payload: { note: 'Go' },
    });
    expect(res.statusCode, res.body).toBe(200);
    publishedVersion = version.version;
    for (const app of [first, second]) {
      const phone = await hours('OPS_PHONE', app);
      const chat = await hours('OPS_CHAT', app);
      expect(open(phone, todayValue())).toMatchObject({ isOpen: false, startTime: null });
      expect(open(chat, todayValue()).isOpen).toBe(false);
      if (todayValue() !== 1) expect(open(phone, 1)).toMatchObject({ startTime: '07:00', endTime: '16:00' });
      if (todayValue() !== 7) expect(open(chat, 7).isOpen).toBe(false);
    }
    const status = await first.inject({
      method: 'GET',
      url: '/service-operating-hours/external/api/v1/hours/OPS_CHAT/openStatus',
      headers: { 'x-org-code': HOURS_ORG },
    });
    expect(status.json()).toBe(false);
    // The table holds the organisation's own row for every day of both departments.
    const rows = await database.db
      .select()
      .from(schema.operatingHours)
      .where(eq(schema.operatingHours.orgCode, HOURS_ORG));
    expect(rows).toHaveLength(14);
    expect(rows.find((row) => row.department === 'OPS_PHONE' && row.weekdayValue === 1)).toMatchObject({
      isOpen: true,
      startTime: '07:00',
      endTime: '16:00',
    });
  });

  it('keeps published hours over a restart (the seed inserts only missing rows)', async () => {
    await seedDatabase(database.db, { demoData: true });
    await first.orgs.reload();
    expect((await overview(admin, HOURS_ORG)).published.hours.OPS_PHONE.Monday).toBe('07:00-16:00');
    const phone = await hours('OPS_PHONE');
    if (todayValue() !== 1) expect(open(phone, 1).startTime).toBe('07:00');
    expect(open(phone, todayValue()).isOpen).toBe(false);
  });

  it('completes, at start-up, a version saved before the document held hours and holidays', async () => {
    const versions = schema.organisationSettingsVersions;
    await database.db
      .update(versions)
      .set({ settings: sql`${versions.settings} - 'hours' - 'holidays' - 'featureFlags'` })
      .where(eq(versions.orgCode, 'PINECREST'));
    const [stripped] = await database.db.select().from(versions).where(eq(versions.orgCode, 'PINECREST'));
    expect(ZOrgSettings.safeParse(stripped!.settings).success).toBe(false);
    await seedDatabase(database.db, { demoData: true });
    const [completed] = await database.db.select().from(versions).where(eq(versions.orgCode, 'PINECREST'));
    expect(completed!.settings.hours).toEqual({ OPS_PHONE: DEFAULT_PHONE, OPS_CHAT: DEFAULT_CHAT });
    expect(completed!.settings.holidays).toEqual([]);
    expect(completed!.settings.featureFlags).toEqual(DEFAULT_FLAGS);
    expect(ZOrgSettings.safeParse(completed!.settings).success).toBe(true);
  });

  it('records the agent desk’s hours call as a new published version, which a rollback undoes', async () => {
    const desk = await first.inject({
      method: 'PUT',
      url: '/service-operating-hours/secure/api/v1/hours/OPS_PHONE',
      headers: admin,
      payload: {
        orgCode: HOURS_ORG,
        days: [{ weekdayValue: 2, isOpen: true, startTime: '09:00', endTime: '12:00' }],
      },
    });
    expect(desk.statusCode, desk.body).toBe(200);
    const view = await overview(admin, HOURS_ORG);
    expect(view.publishedVersion).toBe(publishedVersion + 1);
    expect(view.versions[0]).toMatchObject({ state: 'PUBLISHED', note: `${DESK_HOURS_NOTE} (Phone)` });
    expect(view.published.hours.OPS_PHONE).toMatchObject({ Monday: '07:00-16:00', Tuesday: '09:00-12:00' });
    expect(view.published.holidays).toHaveLength(1);

    const back = await first.inject({
      method: 'POST',
      url: `${SETTINGS}/versions/1/rollback`,
      headers: admin,
      payload: { note: 'Back to the seed' },
    });
    expect(back.statusCode, back.body).toBe(201);
    const phone = await hours('OPS_PHONE');
    expect(phone.map((entry) => (entry.isOpen ? `${entry.startTime}-${entry.endTime}` : 'Closed'))).toEqual(
      Object.values(DEFAULT_PHONE),
    );
    expect(open(await hours('OPS_CHAT'), todayValue()).isOpen).toBe(true);
  });

  it('answers 404 to another organisation’s admin, for the settings and for the desk’s hours call', async () => {
    const draft = await saveDraft(cascadeAdmin, seeded, 'Not mine', HOURS_ORG);
    expect(draft.statusCode).toBe(404);
    const desk = await first.inject({
      method: 'PUT',
      url: '/service-operating-hours/secure/api/v1/hours/OPS_PHONE',
      headers: cascadeAdmin,
      payload: {
        orgCode: HOURS_ORG,
        days: [{ weekdayValue: 2, isOpen: false, startTime: null, endTime: null }],
      },
    });
    expect(desk.statusCode).toBe(404);
  });
});

describe('feature flags in the settings', { timeout: 120_000 }, () => {
  const FLAG_ORG = 'RIVERBEND';
  const SETTINGS = URL_OF(FLAG_ORG);
  const features = async (app = first) => {
    const res = await app.inject({
      method: 'POST',
      url: '/service-optimize/heloc/api/v1/features',
      headers: { 'x-org-code': FLAG_ORG },
      payload: { optimizeUser: {} },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { features: Record<string, { enabled: boolean }> }).features;
  };
  const publish = async (version: number) => {
    const res = await first.inject({
      method: 'POST',
      url: `${SETTINGS}/versions/${version}/publish`,
      headers: admin,
      payload: { note: 'Go' },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  let seeded: TOrgSettings;

  it('holds the seed’s flags in version 1, an organisation’s own over the defaults', async () => {
    seeded = (await overview(admin, FLAG_ORG)).published;
    expect(seeded.featureFlags).toEqual(DEFAULT_FLAGS);
    expect((await overview(mainAdmin, 'MAIN')).published.featureFlags['fe-portfolio-manager']).toBe(true);
    const sagebrush = (await overview(admin, 'SAGEBRUSH')).published.featureFlags;
    expect(sagebrush['fe-heloc-maintenance']).toBe(true);
  });

  it('refuses a flag the platform does not know', async () => {
    const bad = structuredClone(seeded) as unknown as { featureFlags: Record<string, boolean> };
    bad.featureFlags['fe-made-up'] = true;
    const res = await saveDraft(admin, bad as unknown as TOrgSettings, 'Unknown flag', FLAG_ORG);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('fe-made-up');
  });

  it('publishes flags into the flags table: the feature calls answer them at once; a restart keeps them; a rollback restores them', async () => {
    const changed = structuredClone(seeded);
    changed.featureFlags['fe-webchat'] = false;
    changed.featureFlags['fe-heloc-additional-signer-conditions'] = true;
    const draft = await saveDraft(admin, changed, 'No chat, signer conditions on', FLAG_ORG);
    expect(draft.statusCode, draft.body).toBe(201);
    const version = draft.json() as TSettingsVersion;
    expect(version.changes).toEqual([
      { path: 'featureFlags.fe-heloc-additional-signer-conditions', from: false, to: true },
      { path: 'featureFlags.fe-webchat', from: true, to: false },
    ]);
    expect((await features())['fe-webchat']!.enabled).toBe(true); // a draft changes nothing
    await publish(version.version);
    for (const app of [first, second]) {
      const answer = await features(app);
      expect(answer['fe-webchat']!.enabled).toBe(false);
      expect(answer['fe-heloc-additional-signer-conditions']!.enabled).toBe(true);
    }
    // Other organisations keep the defaults.
    const other = await first.inject({
      method: 'POST',
      url: '/service-optimize/heloc/api/v1/features',
      headers: { 'x-org-code': 'PINECREST' },
      payload: { optimizeUser: {} },
    });
    const otherFeatures = (other.json() as { features: Record<string, { enabled: boolean }> }).features;
    expect(otherFeatures['fe-webchat']!.enabled).toBe(true);

    await seedDatabase(database.db, { demoData: true });
    expect((await features())['fe-webchat']!.enabled).toBe(false);

    const back = await first.inject({
      method: 'POST',
      url: `${SETTINGS}/versions/1/rollback`,
      headers: admin,
      payload: { note: 'Chat back' },
    });
    expect(back.statusCode, back.body).toBe(201);
    const restored = await features();
    expect(restored['fe-webchat']!.enabled).toBe(true);
    expect(restored['fe-heloc-additional-signer-conditions']!.enabled).toBe(false);
  });

  it('answers 404 to another organisation’s admin', async () => {
    expect((await saveDraft(cascadeAdmin, seeded, 'Not mine', FLAG_ORG)).statusCode).toBe(404);
  });
});

describe('loan officers in the settings', { timeout: 120_000 }, () => {
  const LO_ORG = 'PINECREST';
  const SETTINGS = URL_OF(LO_ORG);
  const ETHAN = LOAN_ORIGINATOR_IDS.pinecrestEthanCaldwell;
  const GRACE = LOAN_ORIGINATOR_IDS.pinecrestGraceLindqvist;
  const ADDED = '7c1a2b3c-0000-4000-8000-00000000aa01';
  const officerRow = async (uuid: string) => {
    const [row] = await database.db
      .select()
      .from(schema.loanOriginators)
      .where(eq(schema.loanOriginators.uuid, uuid));
    return row;
  };
  const register = (referrer: string) =>
    first.inject({
      method: 'POST',
      url: '/identity/api/v1/registration/register',
      headers: { 'x-org-code': LO_ORG },
      payload: {
        ...registrationBody({
          property: { street1: '9 Fir Lane', city: 'Portland', state: 'OR', zip: '97201' },
        }),
        referrer,
      },
    });
  const post = async (url: string, note: string, expected: number) => {
    const res = await first.inject({ method: 'POST', url, headers: admin, payload: { note } });
    expect(res.statusCode, res.body).toBe(expected);
    return res.json() as TSettingsVersion;
  };
  let seeded: TOrgSettings;

  it('lists the seed’s loan officers in version 1, all active', async () => {
    seeded = (await overview(admin, LO_ORG)).published;
    expect(seeded.loanOfficers).toEqual(seededOfficers(LO_ORG));
    expect(seeded.loanOfficers).toHaveLength(2);
  });

  it('refuses a bad NMLS id, an officer listed twice (400) and another organisation’s officer (409)', async () => {
    const bad = structuredClone(seeded);
    bad.loanOfficers[0]!.nmls = 'N123';
    bad.loanOfficers.push({ ...bad.loanOfficers[1]! });
    const res = await saveDraft(admin, bad, 'Bad', LO_ORG);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('An NMLS id is 1 to 12 digits');
    expect(res.body).toContain('A loan officer is listed twice');
    const takeover = structuredClone(seeded);
    takeover.loanOfficers.push({
      ...seeded.loanOfficers[0]!,
      uuid: LOAN_ORIGINATOR_IDS.mainJordanReyes,
      nmls: '1',
    });
    const conflict = await saveDraft(admin, takeover, 'Not ours', LO_ORG);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.body).toContain(
      `Loan officer ${LOAN_ORIGINATOR_IDS.mainJordanReyes} belongs to another organisation`,
    );
    expect((await officerRow(LOAN_ORIGINATOR_IDS.mainJordanReyes))!.orgCode).toBe('MAIN');
  });

  it('publishes an edit, an addition and a deactivation into the table; an inactive referrer is refused for new registrations but stays on the applications naming them; a restart keeps it; a rollback restores it', async () => {
    // An application that names Ethan before he is deactivated.
    const before = await register(ETHAN);
    expect(before.statusCode, before.body).toBe(201);
    const earlier = (before.json() as { applicationUuid: string }).applicationUuid;

    const changed = structuredClone(seeded);
    changed.loanOfficers.find((o) => o.uuid === ETHAN)!.active = false;
    changed.loanOfficers.find((o) => o.uuid === GRACE)!.nmls = '2310985';
    changed.loanOfficers.push({
      uuid: ADDED,
      originatorName: 'Maya Torres',
      brokerName: null,
      nmls: '2400001',
      email: 'maya.torres@pinecrestmortgage.example',
      phoneNumber: '503-555-0113',
      active: true,
    });
    const draftRes = await saveDraft(admin, changed, 'Ethan left; Maya joined', LO_ORG);
    expect(draftRes.statusCode, draftRes.body).toBe(201);
    const draft = draftRes.json() as TSettingsVersion;
    expect(draft.changes).toEqual([
      { path: `loanOfficers.${ETHAN}.active`, from: true, to: false },
      { path: `loanOfficers.${GRACE}.nmls`, from: '2310984', to: '2310985' },
      { path: `loanOfficers.${ADDED}.active`, from: null, to: true },
      { path: `loanOfficers.${ADDED}.email`, from: null, to: 'maya.torres@pinecrestmortgage.example' },
      { path: `loanOfficers.${ADDED}.nmls`, from: null, to: '2400001' },
      { path: `loanOfficers.${ADDED}.originatorName`, from: null, to: 'Maya Torres' },
      { path: `loanOfficers.${ADDED}.phoneNumber`, from: null, to: '503-555-0113' },
    ]);
    expect(await officerRow(ADDED)).toBeUndefined(); // a draft writes nothing
    await post(`${SETTINGS}/versions/${draft.version}/publish`, 'Go', 200);

    expect(await officerRow(ETHAN)).toMatchObject({ active: false, originatorName: 'Ethan Caldwell' });
    expect(await officerRow(GRACE)).toMatchObject({ active: true, nmls: '2310985' });
    expect(await officerRow(ADDED)).toMatchObject({
      orgCode: LO_ORG,
      active: true,
      originatorName: 'Maya Torres',
    });
    const refused = await register(ETHAN);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'The referring loan officer was not found' });
    expect((await register(ADDED)).statusCode).toBe(201);
    const [kept] = await database.db
      .select({ referrerUuid: schema.helocApplications.referrerUuid })
      .from(schema.helocApplications)
      .where(eq(schema.helocApplications.uuid, earlier));
    expect(kept!.referrerUuid).toBe(ETHAN);
    // The card of an application that names him is still served.
    expect(
      (await first.inject({ method: 'GET', url: `/service-lead-portal/api/lo/${ETHAN}` })).statusCode,
    ).toBe(200);

    await seedDatabase(database.db, { demoData: true });
    expect(await officerRow(ETHAN)).toMatchObject({ active: false });
    expect(await officerRow(GRACE)).toMatchObject({ nmls: '2310985' });
    // A seed officer new to the file joins the published list (a later publication keeps them).
    const newcomer = {
      uuid: '7c1a2b3c-0000-4000-8000-00000000bb01',
      orgCode: LO_ORG,
      originatorName: 'Ivy Chen',
      nmls: '2400002',
    };
    await syncSeedOrganisations(database.db, loadOrganisations(), [...LOAN_ORIGINATORS, newcomer]);
    const published = (await overview(admin, LO_ORG)).published.loanOfficers;
    expect(published.map((officer) => officer.uuid)).toEqual([ETHAN, GRACE, ADDED, newcomer.uuid]);
    expect(published[3]).toMatchObject({ originatorName: 'Ivy Chen', nmls: '2400002', active: true });

    await post(`${SETTINGS}/versions/1/rollback`, 'Ethan is back', 201);
    expect(await officerRow(ETHAN)).toMatchObject({ active: true });
    expect(await officerRow(GRACE)).toMatchObject({ nmls: '2310984' });
    // Not in version 1: deactivated, never deleted.
    expect(await officerRow(ADDED)).toMatchObject({ active: false });
    expect(await officerRow('7c1a2b3c-0000-4000-8000-00000000bb01')).toMatchObject({ active: false });
    expect((await register(ETHAN)).statusCode).toBe(201);
    expect((await register(ADDED)).statusCode).toBe(400);
  });

  it('answers 404 to another organisation’s admin', async () => {
    expect((await saveDraft(cascadeAdmin, seeded, 'Not mine', LO_ORG)).statusCode).toBe(404);
    expect((await saveDraft(mainAdmin, seeded, 'Not mine', LO_ORG)).statusCode).toBe(404);
  });
});
