/**
 * Lender console benchmark (issue 15): 10,000 applications across 10 organisations, seeded straight
 * into a fresh embedded database (borrower, profile, property, application at a step of the flow,
 * loan officer, liens, consents, conditions, provider facts in the audit trail), then one server
 * process on a loopback port answers the console's calls as signed-in staff: the pipeline (first
 * pages under each filter and sort, and pages further on by cursor), search (name, e-mail, loan
 * number, address) and the application file. Requests go one at a time (the latency one staff member
 * sees), after a short warm-up; prints p50/p95/max per kind and exits 1 when a p95 misses the goal.
 * The reports (issue 16, /ops/reports) run over the same applications plus 100,000 telemetry sessions
 * (a page view each, an account created for one in three) and 5,000 chats, seeded by SQL: each report
 * for one organisation (an underwriter) and for all (platform staff), over 30 and 180 days; goal
 * p95 ≤ 1 s.
 * Usage: npm run bench:ops [-- --applications 10000 --samples 300 --sessions 100000 --report-samples 60 --port 3142]
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { REPORT_KINDS, percentile as domainPercentile, type TApplicationStep } from '@heloc/domain';
import { openDatabase, schema } from '../src/db';
import { LOAN_ORIGINATOR_IDS } from '../src/seed/loan-originators';
import { seedDatabase } from '../src/seed/seed';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : (process.argv[index + 1] ?? '');
}
const total = Number(option('applications', '10000'));
const samples = Number(option('samples', '300'));
const telemetrySessions = Number(option('sessions', '100000'));
const reportSamples = Number(option('report-samples', '60'));
if (
  !Number.isInteger(total) ||
  total < 100 ||
  total > 200_000 ||
  !Number.isInteger(samples) ||
  samples < 10 ||
  !Number.isInteger(telemetrySessions) ||
  telemetrySessions < 0 ||
  !Number.isInteger(reportSamples) ||
  reportSamples < 10
) {
  console.error(
    '--applications: 100–200000; --samples, --report-samples: at least 10; --sessions: 0 or more',
  );
  process.exit(2);
}
const P95_GOAL_MS = 100;
const REPORT_P95_GOAL_MS = 1000;
const ORGS = [
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
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

type Seeded = { uuid: string; orgCode: string; lastName: string; email: string; street: string };

const dataDir = mkdtempSync(path.join(tmpdir(), 'heloc-bench-ops-'));
const DAY = 86_400_000;

async function seed(): Promise<Seeded[]> {
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
    await seedTelemetryAndChats(database.db);
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
async function seedTelemetryAndChats(db: Parameters<typeof seedDatabase>[0]): Promise<void> {
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

const percentile = (sorted: number[], p: number) => domainPercentile(sorted, p);

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(option('port', process.env.PORT ?? '0')) || (await freePort());
const base = `http://127.0.0.1:${port}`;
let server: ReturnType<typeof spawn> | null = null;

async function stopServer(): Promise<void> {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}

type Session = { authorization: string; cookie: string };
async function signIn(email: string): Promise<Session> {
  const res = await fetch(`${base}/identity/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Ops-password-1' }),
  });
  if (!res.ok) throw new Error(`sign-in of ${email} failed: ${res.status}`);
  const { jwt } = (await res.json()) as { jwt: string };
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { authorization: `Bearer ${jwt}`, cookie };
}

async function timed(who: Session, url: string): Promise<{ ms: number; body: unknown }> {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, { headers: { ...who, 'accept-encoding': 'gzip, br' } });
  const body: unknown = await res.json();
  const ms = performance.now() - started;
  if (!res.ok) throw new Error(`${url} → ${res.status} ${JSON.stringify(body)}`);
  const fresh = res.headers.get('authorization');
  if (fresh) who.authorization = fresh;
  return { ms, body };
}

try {
  const seedStarted = performance.now();
  const seeded = await seed();
  console.log(
    `seeded ${seeded.length} applications across ${ORGS.length} organisations (borrower, property, liens, consent, conditions, 3 audit entries each), ${telemetrySessions} telemetry sessions and 5000 chats in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );
  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(48).toString('base64url'),
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the server did not become ready within 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }

  // A processor of MAIN (its 1,000 applications), a loan officer (their own), platform staff (all 10,000).
  const staff = {
    processor: await signIn('processor@heloc.test'),
    loanOfficer: await signIn('lo@heloc.test'),
    platform: await signIn('admin@heloc.test'),
  };
  const main = seeded.filter((s) => s.orgCode === 'MAIN');
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10);
  const listQueries = [
    '',
    'sort=createdAt&dir=asc',
    'sort=stepChangedAt&dir=asc',
    'sort=amount',
    'sort=loanNumber',
    'group=OFFER,MORE_INFO',
    'group=FUNDED',
    'state=TX',
    'stalledDays=30',
    'openConditions=true',
    `updatedFrom=${monthAgo}&updatedTo=${today}`,
    `loanOfficer=${LOAN_ORIGINATOR_IDS.mainAliciaMoreno}`,
    'limit=100',
  ];
  const searches = (n: number) => {
    const target = pick(main);
    return [
      target.lastName.toLowerCase(),
      target.email,
      target.street.toLowerCase(),
      String(1_000_000_001 + n),
    ][n % 4]!;
  };

  type Kind =
    'list' | 'list (next pages)' | 'list (platform, all orgs)' | 'list (loan officer)' | 'search' | 'file';
  const results: Record<Kind, number[]> = {
    list: [],
    'list (next pages)': [],
    'list (platform, all orgs)': [],
    'list (loan officer)': [],
    search: [],
    file: [],
  };
  const run = async (record: boolean) => {
    const count = record ? samples : 20;
    for (let n = 0; n < count; n += 1) {
      const query = listQueries[n % listQueries.length]!;
      const first = await timed(staff.processor, `/service-ops/api/v1/applications?${query}`);
      if (record) results.list.push(first.ms);
      const cursor = (first.body as { nextCursor: string | null }).nextCursor;
      if (cursor) {
        const next = await timed(
          staff.processor,
          `/service-ops/api/v1/applications?${query}&cursor=${encodeURIComponent(cursor)}`,
        );
        if (record) results['list (next pages)'].push(next.ms);
      }
      const platform = await timed(staff.platform, `/service-ops/api/v1/applications?${query}`);
      if (record) results['list (platform, all orgs)'].push(platform.ms);
      const own = await timed(staff.loanOfficer, '/service-ops/api/v1/applications');
      if (record) results['list (loan officer)'].push(own.ms);
      const search = await timed(
        staff.processor,
        `/service-ops/api/v1/applications?q=${encodeURIComponent(searches(n))}`,
      );
      if (record) results.search.push(search.ms);
      const file = await timed(staff.processor, `/service-ops/api/v1/applications/${pick(main).uuid}`);
      if (record) results.file.push(file.ms);
    }
  };
  await run(false);
  await run(true);

  // The reports: each for MAIN (an underwriter) and for every organisation (platform staff), over the
  // default 30 days and over the 180 days the seed spans.
  const reportResults: Record<string, number[]> = {};
  for (const kind of REPORT_KINDS) {
    reportResults[`report ${kind}`] = [];
    reportResults[`report ${kind} (all orgs)`] = [];
  }
  const halfYear = `from=${new Date(Date.now() - 179 * DAY).toISOString().slice(0, 10)}&to=${today}`;
  const reportRun = async (record: boolean) => {
    const count = record ? reportSamples : 5;
    for (let n = 0; n < count; n += 1) {
      const range = n % 2 === 0 ? '' : halfYear;
      for (const kind of REPORT_KINDS) {
        const own = await timed(staff.processor, `/service-ops/api/v1/reports/${kind}?${range}`);
        if (record) reportResults[`report ${kind}`]!.push(own.ms);
        const all = await timed(staff.platform, `/service-ops/api/v1/reports/${kind}?${range}`);
        if (record) reportResults[`report ${kind} (all orgs)`]!.push(all.ms);
      }
    }
  };
  await reportRun(false);
  await reportRun(true);

  console.log(
    `\none server process, embedded database (PGlite), requests one at a time, ${samples} rounds\n`,
  );
  console.log('call                         requests   p50 ms   p95 ms   max ms');
  let missed = false;
  for (const [kind, values] of Object.entries(results)) {
    const sorted = [...values].sort((x, y) => x - y);
    const p95 = percentile(sorted, 95);
    if (p95 > P95_GOAL_MS) missed = true;
    console.log(
      `${kind.padEnd(28)} ${String(sorted.length).padStart(8)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${p95
        .toFixed(1)
        .padStart(8)} ${sorted.at(-1)!.toFixed(1).padStart(8)}`,
    );
  }
  console.log(`\ngoal: p95 ≤ ${P95_GOAL_MS} ms for each: ${missed ? 'MISSED' : 'met'}`);
  console.log(`\nreports, ${reportSamples} rounds (30 and 180 days alternately)\n`);
  console.log('call                                   requests   p50 ms   p95 ms   max ms');
  let reportsMissed = false;
  for (const [kind, values] of Object.entries(reportResults)) {
    const sorted = [...values].sort((x, y) => x - y);
    const p95 = percentile(sorted, 95);
    if (p95 > REPORT_P95_GOAL_MS) reportsMissed = true;
    console.log(
      `${kind.padEnd(38)} ${String(sorted.length).padStart(8)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${p95
        .toFixed(1)
        .padStart(8)} ${sorted.at(-1)!.toFixed(1).padStart(8)}`,
    );
  }
  console.log(`\ngoal: report p95 ≤ ${REPORT_P95_GOAL_MS} ms for each: ${reportsMissed ? 'MISSED' : 'met'}`);
  process.exitCode = missed || reportsMissed ? 1 : 0;
} finally {
  await stopServer();
}
