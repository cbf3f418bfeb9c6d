/**
 * Polling benchmark (issue 17): many signed-in borrowers polling one server instance as the web does.
 * Each borrower polls its application's status by the spec's backoff (spec 1 §9: 1 s doubling to 5 s;
 * it is modelled as always waiting on the server, so 14 attempts, then the next screen starts the
 * backoff again: the heaviest the policy allows) and its conditions every 60 s (an external call: the
 * fingerprint cookie, no token). Answers after a token's first minute carry a fresh one, which the
 * borrower uses from then on, as the browser does.
 *
 * The borrowers (identity, live session, application) are seeded straight into a fresh embedded
 * database before the server starts; their tokens are signed with the server's JWT secret. The server
 * runs in its own process on a loopback port; requests go through a pool of keep-alive connections
 * (as behind a load balancer). Each level starts with --warmup seconds in which the borrowers arrive
 * (spread evenly over it) and the caches fill, reported on their own, then runs --duration seconds with
 * every borrower polling and prints p50/p99/max latency, errors
 * (non-2xx, socket errors, no answer within the spec's 30 s client timeout) and how late the load
 * generator itself ran (a late generator means the figures understate the load).
 * Usage: npm run bench:polling [-- --levels 1000,2000,5000,10000 --duration 60 --warmup 30 --sockets 256]
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pollDelayMs, STATUS_POLL_WAITING_ATTEMPTS, CONDITIONS_POLL_INTERVAL_MS } from '@heloc/domain';
import { openDatabase, schema } from '../src/db';
import { seedDatabase } from '../src/seed/seed';
import { hashFingerprint } from '../src/modules/identity/fingerprint';
import { TokenService } from '../src/modules/identity/tokens';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : (process.argv[index + 1] ?? '');
}
const levels = option('levels', '1000,2000,5000,10000').split(',').map(Number);
const durationS = Number(option('duration', '60'));
const warmupS = Number(option('warmup', '30'));
const sockets = Number(option('sockets', '256'));
if (
  levels.some((n) => !Number.isInteger(n) || n < 1 || n > 50_000) ||
  !(durationS > 0 && durationS <= 600) ||
  !(warmupS >= 0 && warmupS <= 120) ||
  !(Number.isInteger(sockets) && sockets > 0 && sockets <= 4096)
) {
  console.error('--levels: whole numbers 1–50000; --duration: 1–600 s; --warmup: 0–120 s; --sockets: 1–4096');
  process.exit(2);
}
const borrowersNeeded = Math.max(...levels);
const P99_GOAL_MS = 100;
const CLIENT_TIMEOUT_MS = 30_000;

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

type Borrower = { applicationUuid: string; cookie: string; token: string };

const jwtSecret = randomBytes(48).toString('base64url');
const dataDir = mkdtempSync(path.join(tmpdir(), 'heloc-bench-polling-'));

/** Identities, live sessions and applications in bulk, then a token per session. */
async function seedBorrowers(count: number): Promise<Borrower[]> {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await database.migrate();
    await seedDatabase(database.db, { demoData: false });
    const tokens = new TokenService(jwtSecret, 900);
    const sessionEnds = new Date(Date.now() + 12 * 3_600_000);
    const borrowers: Borrower[] = [];
    const batch = 500;
    for (let start = 0; start < count; start += batch) {
      const rows = Array.from({ length: Math.min(batch, count - start) }, (_, i) => {
        const fingerprint = randomBytes(32).toString('base64url');
        return {
          identityUuid: randomUUID(),
          sessionUuid: randomUUID(),
          applicationUuid: randomUUID(),
          fingerprint,
          fingerprintHash: hashFingerprint(fingerprint),
          email: `bench-polling-${start + i}@heloc.test`,
        };
      });
      await database.db.insert(schema.identities).values(
        rows.map((r) => ({
          uuid: r.identityUuid,
          email: r.email,
          // Not a password hash: these borrowers never sign in with a password.
          passwordHash: '!',
          organizationCode: 'MAIN',
          profileType: 'BORROWER',
        })),
      );
      await database.db.insert(schema.authSessions).values(
        rows.map((r) => ({
          uuid: r.sessionUuid,
          identityUuid: r.identityUuid,
          fingerprintHash: r.fingerprintHash,
          expiresAt: sessionEnds,
        })),
      );
      await database.db.insert(schema.helocApplications).values(
        rows.map((r) => ({
          uuid: r.applicationUuid,
          identityUuid: r.identityUuid,
          orgCode: 'MAIN',
          step: 'WAITING_FOR_CREDIT',
        })),
      );
      for (const r of rows) {
        const { token } = await tokens.issue(
          {
            identityUuid: r.identityUuid,
            sessionUuid: r.sessionUuid,
            fingerprintHash: r.fingerprintHash,
            orgCode: 'MAIN',
            profileType: 'BORROWER',
          },
          sessionEnds,
        );
        borrowers.push({ applicationUuid: r.applicationUuid, cookie: `heloc_fp=${r.fingerprint}`, token });
      }
    }
    return borrowers;
  } finally {
    await database.close();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

type Sample = { latencies: number[]; errors: number };
type LevelResult = {
  borrowers: number;
  status: Sample;
  conditions: Sample;
  /** Both kinds of request sent during the warm-up. */
  warmup: Sample;
  lateMs: number[];
  seconds: number;
};

async function runLevel(
  port: number,
  borrowers: Borrower[],
  warmupSeconds: number,
  seconds: number,
): Promise<LevelResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const result: LevelResult = {
    borrowers: borrowers.length,
    status: { latencies: [], errors: 0 },
    conditions: { latencies: [], errors: 0 },
    warmup: { latencies: [], errors: 0 },
    lateMs: [],
    seconds,
  };
  const started = performance.now();
  const measuredFrom = started + warmupSeconds * 1000;
  const endsAt = measuredFrom + seconds * 1000;
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;

  const get = (who: Borrower, url: string, withToken: boolean, measured: Sample) =>
    new Promise<void>((resolve) => {
      const sentAt = performance.now();
      const sample = sentAt < measuredFrom ? result.warmup : measured;
      inFlight += 1;
      const done = (ok: boolean) => {
        inFlight -= 1;
        if (ok) sample.latencies.push(performance.now() - sentAt);
        else sample.errors += 1;
        resolve();
      };
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: url,
          agent,
          headers: {
            cookie: who.cookie,
            'accept-encoding': 'br, gzip',
            ...(withToken && { authorization: `Bearer ${who.token}` }),
          },
          timeout: CLIENT_TIMEOUT_MS,
        },
        (res) => {
          const fresh = res.headers.authorization;
          if (typeof fresh === 'string' && fresh.startsWith('Bearer ')) who.token = fresh.slice(7);
          res.resume();
          res.on('end', () => done(res.statusCode === 200));
          res.on('error', () => done(false));
        },
      );
      req.on('timeout', () => req.destroy(new Error('timeout')));
      req.on('error', () => done(false));
      req.end();
    });

  /** Runs `task` at `at` (performance.now() time) unless the level is over; records how late it ran. */
  const at = (when: number, task: () => void) => {
    if (when >= endsAt) return;
    const timer = setTimeout(
      () => {
        timers.delete(timer);
        if (when >= measuredFrom) result.lateMs.push(Math.max(0, performance.now() - when));
        task();
      },
      Math.max(0, when - performance.now()),
    );
    timers.add(timer);
  };

  for (const who of borrowers) {
    const statusUrl = `/service-krang-heloc/borrower/secure/api/v1/${who.applicationUuid}/status`;
    const conditionsUrl = `/service-conditions/external/api/v1/applications/${who.applicationUuid}/conditions/external-applicants`;
    let attempt = 0;
    const poll = () => {
      void get(who, statusUrl, true, result.status).then(() => {
        const delay = pollDelayMs(attempt);
        attempt = attempt + 1 < STATUS_POLL_WAITING_ATTEMPTS ? attempt + 1 : 0;
        at(performance.now() + delay, poll);
      });
    };
    const conditions = () => {
      const due = performance.now() + CONDITIONS_POLL_INTERVAL_MS;
      void get(who, conditionsUrl, false, result.conditions);
      at(due, conditions);
    };
    // Borrowers arrive spread over the warm-up (at least the longest poll delay); each asks for its
    // conditions at some moment of its first interval, then every interval.
    const arrival =
      started + Math.random() * Math.max(warmupSeconds * 1000, pollDelayMs(STATUS_POLL_WAITING_ATTEMPTS));
    at(arrival, poll);
    at(arrival + Math.random() * CONDITIONS_POLL_INTERVAL_MS, conditions);
  }

  await new Promise((r) => setTimeout(r, endsAt - performance.now()));
  for (const timer of timers) clearTimeout(timer);
  // Let the requests in flight answer (bounded by the client timeout).
  const drainEnds = performance.now() + CLIENT_TIMEOUT_MS;
  while (inFlight > 0 && performance.now() < drainEnds) await new Promise((r) => setTimeout(r, 50));
  agent.destroy();
  return result;
}

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = process.env.PORT ? Number(process.env.PORT) : await freePort();
let server: ReturnType<typeof spawn> | null = null;

async function stopServer(): Promise<void> {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}

try {
  const seedStarted = performance.now();
  const borrowers = await seedBorrowers(borrowersNeeded);
  console.log(
    `seeded ${borrowers.length} borrowers (identity, live session, application) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the server did not become ready within 90 s');
    await new Promise((r) => setTimeout(r, 250));
  }

  console.log(
    `one server instance, embedded database (PGlite), ${sockets} keep-alive connections, ` +
      `${warmupS} s warm-up then ${durationS} s measured per level\n` +
      `status: backoff min(1000·2^n, 5000) ms, ${STATUS_POLL_WAITING_ATTEMPTS} attempts, again; conditions every ${CONDITIONS_POLL_INTERVAL_MS / 1000} s\n`,
  );
  console.log(
    'borrowers   status req/s   p50 ms   p99 ms   max ms   errors   conditions p99 ms   errors   late p99 ms   warm-up p99 ms   errors',
  );
  const rows: { borrowers: number; p99: number; errors: number }[] = [];
  for (const level of levels) {
    const r = await runLevel(port, borrowers.slice(0, level), warmupS, durationS);
    const status = [...r.status.latencies].sort((a, b) => a - b);
    const conditions = [...r.conditions.latencies].sort((a, b) => a - b);
    const late = [...r.lateMs].sort((a, b) => a - b);
    const warm = [...r.warmup.latencies].sort((a, b) => a - b);
    const errors = r.status.errors + r.conditions.errors;
    const p99 = percentile(status, 99);
    rows.push({ borrowers: level, p99: Math.max(p99, percentile(conditions, 99) || 0), errors });
    console.log(
      `${String(level).padStart(9)}   ${(status.length / r.seconds).toFixed(0).padStart(12)}   ` +
        `${percentile(status, 50).toFixed(1).padStart(6)}   ${p99.toFixed(1).padStart(6)}   ` +
        `${(status.at(-1) ?? NaN).toFixed(0).padStart(6)}   ${String(r.status.errors).padStart(6)}   ` +
        `${percentile(conditions, 99).toFixed(1).padStart(17)}   ${String(r.conditions.errors).padStart(6)}   ` +
        `${percentile(late, 99).toFixed(1).padStart(11)}   ${percentile(warm, 99).toFixed(1).padStart(14)}   ` +
        `${String(r.warmup.errors).padStart(6)}`,
    );
  }
  // Where the curve bends: the first level whose p99 is more than twice the previous level's.
  const bend = rows.find((row, i) => i > 0 && row.p99 > 2 * rows[i - 1]!.p99);
  console.log(
    `\n${bend ? `p99 bends at ${bend.borrowers} borrowers` : 'no bend (p99 never doubled from one level to the next)'}; ` +
      `goal p99 ≤ ${P99_GOAL_MS} ms with 0 errors: ` +
      rows
        .map((row) => `${row.borrowers} ${row.p99 <= P99_GOAL_MS && row.errors === 0 ? 'met' : 'NOT met'}`)
        .join(', '),
  );
  process.exitCode = rows.every((row) => row.p99 <= P99_GOAL_MS && row.errors === 0) ? 0 : 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await stopServer();
}
