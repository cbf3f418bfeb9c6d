/**
 * The console benchmark's data (bench-ops.ts): a pipeline of applications across ten organisations,
 * seeded straight into a fresh embedded database, and the reports' other sources (telemetry sessions,
 * chats) by SQL. Deterministic: one pseudo-random sequence, so every run seeds the same pipeline (the
 * benchmark draws its samples from the same sequence after the seed).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TApplicationStep } from '@heloc/domain';
import { openDatabase, schema } from '../../src/db';
import { LOAN_ORIGINATOR_IDS } from '../../src/seed/loan-originators';
import { seedDatabase } from '../../src/seed/seed';

export const ORGS = [
  'MAIN',
  'CASCADE_TEACHERS',
  'PINECREST',
  'BLUE_MESA',
  'LANTERN',
  'CEDAR_POINT',
  'ALDERGATE',
  'PRAIRIE_STAR',
  'TIDEWATER',
  'SUMMIT_RIDGE',
];
const FIRST = ['Ann', 'Ben', 'Cara', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivan', 'Jo', 'Kai', 'Lena'];
const LAST = ['Alvarez', 'Brooks', 'Chen', 'Diaz', 'Evans', 'Fischer', 'Garcia', 'Hughes', 'Ito', 'Jones'];
const STREETS = ['Oak Street', 'Pine Avenue', 'Maple Drive', 'Cedar Lane', 'Birch Road', 'Elm Court'];
const PLACES = [
  ['Fresno', 'CA', '93701'],
  ['Austin', 'TX', '78701'],
  ['Seattle', 'WA', '98101'],
  ['Denver', 'CO', '80202'],
  ['Tampa', 'FL', '33602'],
  ['Chicago', 'IL', '60601'],
] as const;
/** Steps weighted as a pipeline looks: most early, some in closing, a few finished. */
const STEPS: TApplicationStep[] = [
  ...Array<TApplicationStep>(6).fill('IN_PROGRESS'),
  ...Array<TApplicationStep>(4).fill('LIEN_VERIFICATION'),
  ...Array<TApplicationStep>(5).fill('OFFER_SELECTION'),
  ...Array<TApplicationStep>(2).fill('HMDA'),
  ...Array<TApplicationStep>(3).fill('INCOME_VERIFICATION'),
  ...Array<TApplicationStep>(2).fill('IDENTITY_VERIFICATION'),
  ...Array<TApplicationStep>(2).fill('NOTE_SIGNING'),
  ...(['DEED_SIGNING', 'RESCISSION', 'COMPLETE', 'COMPLETE', 'DECLINED', 'DECLINED', 'CANCELLED'] as const),
];

/** Deterministic pseudo-random numbers (mulberry32), so every run seeds the same pipeline. */
let state = 0x15_2026;
function random(): number {
  state = (state + 0x6d2b79f5) | 0;
  let t = Math.imul(state ^ (state >>> 15), 1 | state);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
export const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

export type Seeded = { uuid: string; orgCode: string; lastName: string; email: string; street: string };

export const DAY = 86_400_000;

export async function seedPipeline({
  dataDir,
  total,
  telemetrySessions,
}: {
  dataDir: string;
  total: number;
  telemetrySessions: number;
}): Promise<Seeded[]> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await database.migrate();
    await seedDatabase(database.db, { demoData: true });
    const seeded: Seeded[] = [];
    const now = Date.now();
    const batch = 500;
    for (let start = 0; start < total; start += batch) {
      const rows = Array.from({ length: Math.min(batch, total - start) }, (_, i) => {
        const n = start + i;
        const orgCode = ORGS[n % ORGS.length]!;
        const [city, stateCode, zip] = pick(PLACES);
        const createdAt = new Date(now - random() * 180 * DAY);
        const stepChangedAt = new Date(createdAt.getTime() + random() * (now - createdAt.getTime()));
        const updatedAt = new Date(stepChangedAt.getTime() + random() * (now - stepChangedAt.getTime()));
        const referrer =
          orgCode === 'MAIN'
            ? pick([LOAN_ORIGINATOR_IDS.mainJordanReyes, LOAN_ORIGINATOR_IDS.mainAliciaMoreno, null])
            : null;
        return {
          identityUuid: randomUUID(),
          addressUuid: randomUUID(),
          uuid: randomUUID(),
          orgCode,
          firstName: pick(FIRST),
          lastName: `${pick(LAST)}${n}`,
          email: `bench-ops-${n}@example.com`,
          street: `${100 + (n % 900)} ${pick(STREETS)}`,
          city,
          state: stateCode,
          zip,
          step: pick(STEPS),
          amountCents: Math.round(15_000 + random() * 235_000) * 100,
          createdAt,
          updatedAt,
          stepChangedAt,
          referrer,
          conditions: random() < 0.2 ? 1 + Math.floor(random() * 2) : 0,
        };
      });
      await database.db.insert(schema.identities).values(
        rows.map((r) => ({
          uuid: r.identityUuid,
          email: r.email,
          // Not a password hash: these borrowers never sign in.
          passwordHash: '!',
          organizationCode: r.orgCode,
          profileType: 'BORROWER',
        })),
      );
      await database.db.insert(schema.profiles).values(
        rows.map((r) => ({
          identityUuid: r.identityUuid,
          firstName: r.firstName,
          lastName: r.lastName,
          dob: '1980-02-29',
          hasSsn: true,
          ssnLast4: String(1000 + (Number.parseInt(r.uuid.slice(0, 4), 16) % 9000)),
        })),
      );
      await database.db.insert(schema.profileAddresses).values(
        rows.map((r) => ({
          uuid: r.addressUuid,
          identityUuid: r.identityUuid,
          street1: r.street,
          city: r.city,
          state: r.state,
          zip: r.zip,
        })),
      );
      await database.db.insert(schema.helocApplications).values(
        rows.map((r) => ({
          uuid: r.uuid,
          identityUuid: r.identityUuid,
          orgCode: r.orgCode,
          step: r.step,
          amountCents: r.amountCents,
          termYears: 10,
          rateBps: 850,
          selectedPropertyUuid: r.addressUuid,
          referrerUuid: r.referrer,
          statedAnnualIncomeCents: 12_000_000,
          createdAt: r.createdAt,
          updatedAt: r.updatedAt,
          stepChangedAt: r.stepChangedAt,
        })),
      );
      await database.db.insert(schema.applicationLiens).values(
        rows.map((r) => ({
          applicationUuid: r.uuid,
          position: 1,
          lenderName: 'First Sandbox Mortgage',
          balanceCents: 25_000_000,
          monthlyPaymentCents: 180_000,
          source: 'PROVIDER',
          confirmed: true,
        })),
      );
      await database.db
        .insert(schema.applicationConsents)
        .values(rows.map((r) => ({ applicationUuid: r.uuid, type: 'SOFT_CREDIT', disclosureVersion: '1' })));
      const conditions = rows.flatMap((r) =>
        Array.from({ length: r.conditions }, (_, k) => ({
          applicationUuid: r.uuid,
          category: 'GENERIC_DOCUMENT_REQUEST',
          commentsToBorrower: 'A document, please.',
          clearedAt: k === 1 ? r.updatedAt : null,
        })),
      );
      if (conditions.length > 0) await database.db.insert(schema.applicationConditions).values(conditions);
      // The audit trail as the engine writes it: a step change with the bureau's facts, one with
      // the underwriting facts, and the step change to where the application is now.
      await database.db.insert(schema.applicationEvents).values(
        rows.flatMap((r) => [
          {
            applicationUuid: r.uuid,
            at: r.createdAt,
            actorType: 'PROVIDER',
            kind: 'STEP_CHANGE',
            action: 'CREDIT_MATCHED',
            fromStep: 'WAITING_FOR_CREDIT',
            toStep: 'WAITING_FOR_PROPERTY',
            data: {
              score: 700 + Math.floor(random() * 100),
              monthlyDebtCents: 150_000,
              pulledAt: r.createdAt,
            },
          },
          {
            applicationUuid: r.uuid,
            at: r.createdAt,
            actorType: 'PROVIDER',
            kind: 'STEP_CHANGE',
            action: 'OFFERS_READY',
            fromStep: 'WAITING_FOR_UNDERWRITING',
            toStep: 'OFFER_SELECTION',
            data: {
              valueCents: 80_000_000,
              condition: 'GOOD',
              cltvBps: 6500,
              dtiBps: 3000,
              maxLineCents: 25_000_000,
            },
          },
          {
            applicationUuid: r.uuid,
            at: r.stepChangedAt,
            actorType: 'BORROWER',
            actorUuid: r.identityUuid,
            kind: 'STEP_CHANGE',
            action: 'BENCH_MOVE',
            fromStep: 'OFFER_SELECTION',
            toStep: r.step,
            data: {},
          },
        ]),
      );
      for (const r of rows)
        seeded.push({
          uuid: r.uuid,
          orgCode: r.orgCode,
          lastName: r.lastName,
          email: r.email,
          street: r.street,
        });
    }
    await seedTelemetryAndChats(database.db, telemetrySessions);
    // Fresh planner statistics, as autovacuum would have them on a live database.
    await database.db.execute(sql`ANALYZE`);
    return seeded;
  } finally {
    await database.close();
  }
}

/**
 * The reports' other sources, by SQL in the database itself (fast at 100,000 rows): telemetry sessions
 * over the last 180 days across the organisations, each with its page view and one in three with an
 * account created; 5,000 chats (four in five live, answered after 10–300 s by an agent).
 */
async function seedTelemetryAndChats(
  db: Parameters<typeof seedDatabase>[0],
  telemetrySessions: number,
): Promise<void> {
  const orgs = sql.raw(`array[${ORGS.map((org) => `'${org}'`).join(',')}]`);
  await db.execute(sql`
    insert into telemetry_sessions (uuid, tracker_uuid, started_at, org_code, context, platform, lib_version)
    select md5('s' || g)::uuid, md5('t' || g)::uuid,
           now() - (g % 180) * interval '1 day' - (g % 1440) * interval '1 minute',
           (${orgs})[1 + g % ${ORGS.length}], 'heloc', 'web', '2.2.23'
    from generate_series(1, ${telemetrySessions}) g`);
  await db.execute(sql`
    insert into telemetry_events (session_uuid, tracker_uuid, org_code, context, event, event_type, domain,
                                  page_path, product_type, dedupe_key, received_at)
    select md5('s' || g)::uuid, md5('t' || g)::uuid, (${orgs})[1 + g % ${ORGS.length}], 'heloc',
           e.event, e.type, 'bench', '/', 'HELOC', e.event,
           now() - (g % 180) * interval '1 day' - (g % 1440) * interval '1 minute' + e.after
    from generate_series(1, ${telemetrySessions}) g
    cross join lateral (
      values ('HELOC: Page View', 'PAGE_VIEW', interval '0'),
             ('HELOC: Account Created', 'TRACK', interval '5 minutes')
    ) as e(event, type, after)
    where e.event = 'HELOC: Page View' or g % 3 = 0`);
  await db.execute(sql`
    insert into chat_conversations (uuid, kind, status, org_code, contact_id, created_at)
    select md5('c' || g)::uuid, case when g % 5 = 0 then 'BOT' else 'LIVE' end, 'ENDED',
           (${orgs})[1 + g % ${ORGS.length}], 'bench-' || g,
           now() - (g % 180) * interval '1 day' - (g * 7 % 1440) * interval '1 minute'
    from generate_series(1, 5000) g`);
  await db.execute(sql`
    insert into chat_messages (conversation_uuid, role, author, body, created_at)
    select c.uuid, 'agent', 'Agent', 'Hello', c.created_at + (10 + (g * 37) % 290) * interval '1 second'
    from generate_series(1, 5000) g join chat_conversations c on c.uuid = md5('c' || g)::uuid
    where c.kind = 'LIVE'`);
}
