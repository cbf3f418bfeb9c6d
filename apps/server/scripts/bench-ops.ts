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
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPORT_KINDS, percentile as domainPercentile } from '@heloc/domain';
import { LOAN_ORIGINATOR_IDS } from '../src/seed/loan-originators';
import { DAY, ORGS, pick, seedPipeline } from './bench-ops/pipeline-seed';

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

const dataDir = mkdtempSync(path.join(tmpdir(), 'heloc-bench-ops-'));

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
  const seeded = await seedPipeline({ dataDir, total, telemetrySessions });
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
    // Few rounds (--samples) can leave a kind of call without a request: nothing to measure.
    if (sorted.length === 0) continue;
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
    // Few rounds (--samples) can leave a kind of call without a request: nothing to measure.
    if (sorted.length === 0) continue;
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
