/** Graceful shutdown: in-flight requests finish, then the process exits cleanly on SIGTERM. */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './test/app';

describe('graceful shutdown', () => {
  it('lets an in-flight request finish before the server closes', async () => {
    let release!: () => void;
    const started = new Promise<void>((resolveStarted) => (release = resolveStarted));
    const t = await createTestApp(
      {},
      {
        extend: (app) =>
          app.get('/__test/slow', async () => {
            release();
            await new Promise((r) => setTimeout(r, 400));
            return { done: true };
          }),
      },
    );
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const inFlight = fetch(`${address}/__test/slow`).then(async (res) => ({
      status: res.status,
      body: await res.json(),
    }));
    await started;
    const closing = t.app.close();
    const response = await inFlight;
    await closing;
    expect(response).toEqual({ status: 200, body: { done: true } });
    await expect(fetch(`${address}/healthz`)).rejects.toThrow();
    await t.database.destroy();
  });

  it('exits with code 0 on SIGTERM (real process, file-backed embedded database)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'heloc-data-'));
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        SEED_DEMO_DATA: 'false',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      const address = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 45_000);
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        });
        child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        child.on('exit', (code) => reject(new Error(`server exited early (${code}):\n${output}`)));
      });
      expect((await fetch(`${address}/readyz`)).status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(output).toContain('shutting down');
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
