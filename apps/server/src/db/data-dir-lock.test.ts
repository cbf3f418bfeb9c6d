/**
 * One process per embedded data directory: a second opener is refused with the holder's pid, a
 * lock left by a dead process (kill -9) is taken over, and a real second server refuses to start.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DataDirLockedError, LOCK_FILE_NAME, lockDataDir, processStartTime } from './data-dir-lock';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'heloc-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(child.stdout.trim());
}

describe('data directory lock', () => {
  it('refuses a second holder in the same process and frees the directory on release', async () => {
    const dir = tempDir();
    const first = await lockDataDir(dir);
    const lock = JSON.parse(readFileSync(path.join(dir, LOCK_FILE_NAME), 'utf8')) as { pid: number };
    expect(lock.pid).toBe(process.pid);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    await first.release();
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    const again = await lockDataDir(dir);
    await again.release();
  });

  it('refuses while another live process holds the lock, naming it', async () => {
    const dir = tempDir();
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      const pid = other.pid!;
      writeFileSync(
        path.join(dir, LOCK_FILE_NAME),
        JSON.stringify({
          pid,
          hostname: os.hostname(),
          processStart: processStartTime(pid),
          startedAt: '2026-11-24T12:00:00.000Z',
          command: 'src/main.ts',
        }),
      );
      const refused = await lockDataDir(dir).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DataDirLockedError);
      expect((refused as Error).message).toContain(`in use by process ${pid}`);
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a stale lock (dead pid, or a live pid that started at another time)', async () => {
    const dir = tempDir();
    const file = path.join(dir, LOCK_FILE_NAME);
    const messages: string[] = [];
    const stalePid = deadPid();
    writeFileSync(
      file,
      JSON.stringify({ pid: stalePid, hostname: os.hostname(), startedAt: 'x', command: 'y' }),
    );
    const taken = await lockDataDir(dir, (m) => messages.push(m));
    expect(messages.join()).toContain(`stale lock of process ${stalePid}`);
    expect((JSON.parse(readFileSync(file, 'utf8')) as { pid: number }).pid).toBe(process.pid);
    await taken.release();

    // A reused pid: alive, but not the process that wrote the lock (its start time differs).
    if (processStartTime(process.pid) !== null) {
      writeFileSync(
        file,
        JSON.stringify({
          pid: process.ppid,
          hostname: os.hostname(),
          processStart: '1',
          startedAt: 'x',
          command: 'y',
        }),
      );
      const reused = await lockDataDir(dir, () => undefined);
      await reused.release();
    }
  });

  it('replaces an unreadable lock file', async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, LOCK_FILE_NAME), 'garbage');
    const lock = await lockDataDir(dir, () => undefined);
    await lock.release();
  });

  // Three file-backed databases opened in a row: seconds each, far more on a busy machine (a CI
  // rehearsal sharing its two cores with a benchmark took over 30 s).
  it('openDatabase holds the lock for a file-backed PGlite until it is closed', async () => {
    const dir = tempDir();
    const first = await openDatabase({ kind: 'pglite', dataDir: dir });
    await expect(openDatabase({ kind: 'pglite', dataDir: dir })).rejects.toThrow(/is in use by process/);
    await first.close();
    const second = await openDatabase({ kind: 'pglite', dataDir: dir });
    await second.close();
  }, 90_000);

  // A cold `tsx` start of the whole server: ~10 s alone, over 45 s on a loaded machine (same rehearsal).
  it('a second server on the same DATA_DIR refuses to start, naming the first', async () => {
    const dataDir = tempDir();
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const start = () =>
      spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
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
    const first = start();
    try {
      let output = '';
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`first server did not start:\n${output}`)), 90_000);
        first.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('Server listening at')) {
            clearTimeout(timer);
            resolve();
          }
        });
        first.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      });
      const second = start();
      let secondOutput = '';
      second.stdout.on('data', (chunk: Buffer) => (secondOutput += chunk.toString()));
      second.stderr.on('data', (chunk: Buffer) => (secondOutput += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
      expect(code).toBe(1);
      expect(secondOutput).toContain(
        `Refusing to start: DATA_DIR ${path.resolve(dataDir)} is in use by process ${first.pid}`,
      );
      expect(secondOutput).not.toContain('Server listening');
    } finally {
      first.kill('SIGKILL');
    }
  }, 150_000);
});
