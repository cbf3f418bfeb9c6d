/**
 * The repeated kill -9 test (issue 20): applications are driven through their provider jobs (soft
 * credit pull, property lookup, underwriting) on a real server process with a file-backed embedded
 * database, and the server is killed with SIGKILL whenever a provider job is in flight (read from
 * /metrics: heloc_jobs_in_flight), then restarted on the same DATA_DIR (taking over the dead
 * process's lock). Leases are shortened by configuration (JOB_LEASE_MS), not by sleeping; sandbox
 * providers take SANDBOX_LATENCY_MS per call so kills land mid-call.
 *
 * Passes when every application finished its step (OFFER_SELECTION), no job is dead or still
 * waiting, and no step change happened twice (the audit trail, read after the last stop).
 * Usage: npm run test:kill [-- --kills 12 --apps 6]   (bounded: gives up after --max-seconds, 600)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import {
  borrower,
  createClient,
  httpTransport,
  planFromRegistration,
  register,
  registration,
  type Borrower,
} from '@heloc/borrower-driver';
import { openDatabase, rowsOf } from '../src/db';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? fallback : Number(process.argv[index + 1]);
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`--${name} must be a positive integer`);
    process.exit(2);
  }
  return value;
}

const KILLS = option('kills', 12);
const APPS = option('apps', 6);
const MAX_SECONDS = option('max-seconds', 600);
const DONE_STEP = 'OFFER_SELECTION';
const started = Date.now();
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'heloc-kill-'));

function overTime(): boolean {
  return (Date.now() - started) / 1000 > MAX_SECONDS;
}

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

const port = Number(process.env.KILL_TEST_PORT ?? 0) || (await freePort());
const base = `http://127.0.0.1:${port}`;
let server: ChildProcess | null = null;
let output = '';

async function startServer(): Promise<void> {
  output = '';
  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
      JOB_LEASE_MS: '1500',
      JOB_POLL_MS: '50',
      JOB_CONCURRENCY: '2',
      SANDBOX_LATENCY_MS: '300',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const from = Date.now();
  // Generous: a start after kill -9 recovers the embedded database, and CI machines may be busy.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${base}/readyz`)).status === 200) {
        console.log(`server ready in ${((Date.now() - from) / 1000).toFixed(1)} s`);
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become ready:\n${output}`);
}

async function kill(signal: NodeJS.Signals): Promise<void> {
  const child = server;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
  server = null;
}

/** An application and its borrower, walked by the one borrower driver over HTTP. */
type App = { driver: Borrower; status: string };
const apps: App[] = [];
const transport = httpTransport(base);

async function newApplication(n: number): Promise<void> {
  const body = registration({
    name: { firstName: 'Kim', lastName: 'Happy' },
    email: `kill-${n}-${Date.now()}@example.com`,
    password: 'Kill-test-passw0rd!',
  });
  // fetch keeps no cookie jar: the session carries the fingerprint cookie.
  const { session } = await register(transport, body, { carryCookies: true });
  apps.push({
    driver: borrower(createClient(transport, session), planFromRegistration(body)),
    status: 'IN_PROGRESS',
  });
}

/**
 * Polls each application and, short of DONE_STEP, takes the borrower's next action where one is due
 * (the driver gives each answer once: profile, then liens). A renewed token is kept by the driver.
 */
async function drive(): Promise<void> {
  for (const app of apps) {
    app.status = (await app.driver.client.status()).status;
    if (app.status === DONE_STEP) continue;
    const move = await app.driver.move(app.status);
    if (move.kind === 'needs-input') throw new Error(`${app.status}: ${move.detail}`);
  }
}

async function inFlight(): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const line = text.split('\n').find((each) => each.startsWith('heloc_jobs_in_flight '));
  return Number(line?.split(' ')[1] ?? 0);
}

let kills = 0;
let failure: string | null = null;
try {
  await startServer();
  for (let i = 0; i < APPS; i += 1) await newApplication(i);
  while (kills < KILLS && !overTime()) {
    await drive();
    // Wait (briefly) for a provider job in flight, then kill the server in the middle of it.
    const until = Date.now() + 3000;
    let caught = false;
    while (Date.now() < until && !caught) {
      caught = (await inFlight()) > 0;
      if (!caught) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    if (!caught) {
      // Nothing in flight (jobs waiting for a lease to run out, or all done): a new application
      // gives the next provider job to kill at.
      if (apps.length < APPS * 5) await newApplication(apps.length);
      continue;
    }
    await kill('SIGKILL');
    kills += 1;
    console.log(
      `kill -9 #${kills} with a provider job in flight (${Math.round((Date.now() - started) / 1000)} s)`,
    );
    await startServer();
  }
  // Let every application finish: expired leases are taken over, due jobs run.
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !overTime()) {
    await drive();
    if (apps.every((app) => app.status === DONE_STEP)) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await kill('SIGTERM');

  const unfinished = apps.filter((app) => app.status !== DONE_STEP);
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    const doubled = rowsOf<{ application_uuid: string; action: string; n: number }>(
      await database.db.execute(sql`
        select application_uuid, action, count(*)::int as n from application_events
        where kind = 'STEP_CHANGE' group by application_uuid, action, from_step having count(*) > 1`),
    );
    // A job is lost when it was due and never finished. Jobs scheduled for later (the borrower's
    // reminders, due 45 minutes after a step) are not due yet: counted apart, by kind.
    const jobs = rowsOf<{ status: string; n: number }>(
      await database.db.execute(
        sql`select status, count(*)::int as n from jobs where run_after <= now() group by status`,
      ),
    );
    const later = rowsOf<{ kind: string; n: number }>(
      await database.db.execute(
        sql`select kind, count(*)::int as n from jobs where run_after > now() and status = 'queued' group by kind`,
      ),
    );
    const notDone = jobs.filter((row) => row.status !== 'succeeded');
    console.log(
      `kills: ${kills}; applications: ${apps.length}, finished their step: ${apps.length - unfinished.length}; ` +
        `jobs due: ${jobs.map((row) => `${row.status} ${row.n}`).join(', ')}; ` +
        `scheduled for later: ${later.map((row) => `${row.kind} ${row.n}`).join(', ') || 'none'}; ` +
        `repeated step changes: ${doubled.length}`,
    );
    if (kills < KILLS)
      failure = `only ${kills} of ${KILLS} kills landed on a provider job in ${MAX_SECONDS} s`;
    else if (unfinished.length > 0)
      failure = `${unfinished.length} application(s) did not finish: ${unfinished.map((app) => app.status).join(', ')}`;
    else if (notDone.length > 0) failure = `jobs left unfinished: ${JSON.stringify(notDone)}`;
    else if (doubled.length > 0) failure = `step changes applied twice: ${JSON.stringify(doubled)}`;
  } finally {
    await database.close();
  }
} catch (error) {
  failure = error instanceof Error ? error.message : String(error);
} finally {
  await kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
}
if (failure) {
  console.error(`kill test FAILED: ${failure}`);
  process.exit(1);
}
console.log(`kill test passed in ${Math.round((Date.now() - started) / 1000)} s`);
