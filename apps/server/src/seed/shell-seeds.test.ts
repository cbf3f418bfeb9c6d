/** The application-shell seeds: loan originators, operating hours, feature flags, the demo borrower's shell. */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_FLAGS } from '@heloc/domain';
import { schema } from '../db';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { FEATURE_FLAG_SEED, MAINTENANCE_DEMO_ORG } from './feature-flags';
import { DEMO_REFERRER_UUID, LOAN_ORIGINATORS, LOAN_ORIGINATOR_IDS } from './loan-originators';
import { OPERATING_HOURS_SEED } from './operating-hours';
import { DEMO_ACCOUNTS, seedDatabase } from './seed';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db, { demoData: true });
});
afterAll(async () => database.destroy());

async function counts() {
  const db = database.db;
  const [originators] = await db.select({ n: count() }).from(schema.loanOriginators);
  const [hours] = await db.select({ n: count() }).from(schema.operatingHours);
  const [flags] = await db.select({ n: count() }).from(schema.featureFlags);
  const [notifications] = await db.select({ n: count() }).from(schema.notifications);
  return { originators: originators!.n, hours: hours!.n, flags: flags!.n, notifications: notifications!.n };
}

async function demoApplications() {
  const [demo] = await database.db
    .select()
    .from(schema.identities)
    .where(eq(schema.identities.email, DEMO_ACCOUNTS[0].email));
  return database.db
    .select()
    .from(schema.helocApplications)
    .where(eq(schema.helocApplications.identityUuid, demo!.uuid));
}

describe('shell seeds', () => {
  it('insert every row once, however often the seed runs', async () => {
    const first = await counts();
    expect(first).toEqual({
      originators: LOAN_ORIGINATORS.length,
      hours: OPERATING_HOURS_SEED.length,
      flags: FEATURE_FLAG_SEED.length,
      notifications: 2,
    });
    await seedDatabase(database.db, { demoData: true });
    expect(await counts()).toEqual(first);
  });

  it('give the demo borrower’s application the MAIN demo loan officer', async () => {
    const [application] = await demoApplications();
    expect(application!.referrerUuid).toBe(DEMO_REFERRER_UUID);
    expect(DEMO_REFERRER_UUID).toBe('7c1a2b3c-0000-4000-8000-000000000001');
  });

  it('never overwrite what an operator changed', async () => {
    const db = database.db;
    await db
      .update(schema.featureFlags)
      .set({ enabled: false })
      .where(and(eq(schema.featureFlags.key, FEATURE_FLAGS.webchat), eq(schema.featureFlags.orgCode, '*')));
    await db
      .update(schema.operatingHours)
      .set({ isOpen: false, startTime: null, endTime: null })
      .where(
        and(
          eq(schema.operatingHours.department, 'OPS_PHONE'),
          eq(schema.operatingHours.orgCode, '*'),
          eq(schema.operatingHours.weekdayValue, 1),
        ),
      );
    await db
      .update(schema.loanOriginators)
      .set({ phoneNumber: '415-555-0199' })
      .where(eq(schema.loanOriginators.uuid, LOAN_ORIGINATOR_IDS.mainAliciaMoreno));
    const [application] = await demoApplications();
    await db
      .update(schema.helocApplications)
      .set({ referrerUuid: LOAN_ORIGINATOR_IDS.mainSamuelOkafor })
      .where(eq(schema.helocApplications.uuid, application!.uuid));

    await seedDatabase(db, { demoData: true });

    const [webchat] = await db
      .select()
      .from(schema.featureFlags)
      .where(and(eq(schema.featureFlags.key, FEATURE_FLAGS.webchat), eq(schema.featureFlags.orgCode, '*')));
    expect(webchat!.enabled).toBe(false);
    const [monday] = await db
      .select()
      .from(schema.operatingHours)
      .where(
        and(
          eq(schema.operatingHours.department, 'OPS_PHONE'),
          eq(schema.operatingHours.orgCode, '*'),
          eq(schema.operatingHours.weekdayValue, 1),
        ),
      );
    expect(monday!.isOpen).toBe(false);
    const [alicia] = await db
      .select()
      .from(schema.loanOriginators)
      .where(eq(schema.loanOriginators.uuid, LOAN_ORIGINATOR_IDS.mainAliciaMoreno));
    expect(alicia!.phoneNumber).toBe('415-555-0199');
    const [after] = await demoApplications();
    expect(after!.referrerUuid).toBe(LOAN_ORIGINATOR_IDS.mainSamuelOkafor);
  });

  it('turn maintenance on for the demo organisation only', () => {
    const maintenance = FEATURE_FLAG_SEED.filter((flag) => flag.key === FEATURE_FLAGS.maintenance);
    expect(maintenance.map((flag) => [flag.orgCode, flag.enabled])).toEqual([
      ['*', false],
      [MAINTENANCE_DEMO_ORG, true],
    ]);
  });

  it('seed the shell without demo data too (production start)', async () => {
    const bare = await createTestDatabase();
    try {
      await seedDatabase(bare.db, { demoData: false });
      const [originators] = await bare.db.select({ n: count() }).from(schema.loanOriginators);
      const [flags] = await bare.db.select({ n: count() }).from(schema.featureFlags);
      expect(originators!.n).toBe(LOAN_ORIGINATORS.length);
      expect(flags!.n).toBe(FEATURE_FLAG_SEED.length);
    } finally {
      await bare.destroy();
    }
  });
});
