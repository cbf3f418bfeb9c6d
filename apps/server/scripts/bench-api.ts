/**
 * API benchmark (issue 4): throughput and p99 latency of the polled status endpoint for a signed-in
 * borrower at 100 connections, beside /healthz on the same server in the same run. The server runs
 * in its own process (so the load generator does not share its event loop) on a loopback port with a
 * fresh embedded database; every run is bounded in time and stops by itself.
 * Usage: npm run bench:api [-- --duration 10 --connections 100]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { httpTransport, register, registration, STATUS_PATH } from '@heloc/borrower-driver';

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? fallback : Number(process.argv[index + 1]);
  if (!Number.isFinite(value) || value <= 0 || value > (name === 'duration' ? 120 : 1000)) {
    console.error(`--${name} must be a positive number (duration ≤ 120 s, connections ≤ 1000)`);
    process.exit(2);
  }
  return value;
}

const duration = option('duration', 10);
const connections = option('connections', 100);

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

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'heloc-bench-'));
// PORT, when given, is the port to use (shared machines hand out ports); else any free one.
const port = process.env.PORT ? Number(process.env.PORT) : await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: serverDir,
  env: {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO_DATA: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function stopServer(): Promise<void> {
  if (server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
}

try {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('the server did not become ready within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }

  // A borrower registered through the one borrower driver, as the browser does: token plus fingerprint cookie.
  const { session } = await register(
    httpTransport(base),
    registration({ name: { firstName: 'Bench', lastName: 'Borrower' } }),
    { carryCookies: true },
  );
  const headers = session.headers;
  const statusUrl = `${base}${STATUS_PATH(session.applicationUuid)}`;
  const check = await fetch(statusUrl, { headers });
  if (!check.ok) throw new Error(`status endpoint answered ${check.status}`);

  const run = async (title: string, url: string, requestHeaders: Record<string, string> = {}) => {
    const result = await autocannon({ url, connections, duration, headers: requestHeaders });
    const failures = result.non2xx + result.errors + result.timeouts;
    console.log(
      `${title.padEnd(22)} ${result.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(result.latency.p99).padStart(4)} ms   ` +
        `p50 ${String(result.latency.p50).padStart(4)} ms   ${result.requests.total} requests, ${failures} failed`,
    );
    if (failures > 0) throw new Error(`${title}: ${failures} requests failed`);
    return result;
  };

  console.log(`${connections} connections, ${duration} s each, loopback, embedded database (PGlite)\n`);
  const health = await run('GET /healthz', `${base}/healthz`);
  const status = await run('GET …/{uuid}/status', statusUrl, headers);
  console.log(
    `\nstatus / healthz: throughput ${(status.requests.average / health.requests.average).toFixed(2)}×, ` +
      `p99 ${(status.latency.p99 / Math.max(1, health.latency.p99)).toFixed(2)}×`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await stopServer();
}
