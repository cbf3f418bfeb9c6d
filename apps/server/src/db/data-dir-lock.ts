/**
 * One process per embedded data directory (DESIGN.md §10). PGlite keeps no lock of its own: a second
 * server on the same DATA_DIR would start, and the two would overwrite each other's pages (the issue
 * measured acknowledged registrations lost). So opening a file-backed PGlite takes
 * `DATA_DIR/server.lock`, a small JSON file naming the holder (pid, host, start time, command).
 *
 * - Created with O_EXCL ('wx'): of two processes racing for a free directory exactly one wins.
 * - A lock whose process is gone (kill -9, power loss) is stale and taken over: the holder is alive
 *   when `kill(pid, 0)` succeeds AND, on Linux, its start time (/proc/PID/stat) is the recorded one —
 *   so a pid reused by an unrelated process (or the same pid 1 in a restarted container) does not
 *   keep the directory locked forever.
 * - Released on close only if the file still names this process.
 */
import { readFileSync } from 'node:fs';
import { readFile, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const LOCK_FILE_NAME = 'server.lock';

type LockContent = {
  pid: number;
  hostname: string;
  /** Linux process start time in clock ticks since boot (/proc/PID/stat field 22); null elsewhere. */
  processStart: string | null;
  startedAt: string;
  command: string;
};

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockContent,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${holder.pid} on ${holder.hostname} ` +
        `(started ${holder.startedAt}: ${holder.command}). The embedded database admits one process: ` +
        `stop that process first, or give this one another DATA_DIR (or DATABASE_URL for a shared PostgreSQL).`,
    );
    this.name = 'DataDirLockedError';
  }
}

/** Field 22 of /proc/PID/stat (after the parenthesised command, which may itself hold spaces). */
export function processStartTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function isAlive(holder: LockContent): boolean {
  if (holder.hostname !== os.hostname()) return true; // another machine on a shared disk: never steal
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = processStartTime(holder.pid);
  return holder.processStart === null || start === null || start === holder.processStart;
}

function parse(text: string): LockContent | null {
  try {
    const value = JSON.parse(text) as Partial<LockContent>;
    return typeof value.pid === 'number' && Number.isInteger(value.pid) && value.pid > 0
      ? {
          pid: value.pid,
          hostname: String(value.hostname ?? os.hostname()),
          processStart: value.processStart ?? null,
          startedAt: String(value.startedAt ?? '?'),
          command: String(value.command ?? '?'),
        }
      : null;
  } catch {
    return null;
  }
}

/** Directories this process holds: opening the same one twice in one process is refused too. */
const heldHere = new Set<string>();

export async function lockDataDir(
  dataDir: string,
  log: (message: string) => void = (message) => console.warn(message),
): Promise<{ release(): Promise<void> }> {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE_NAME);
  const mine: LockContent = {
    pid: process.pid,
    hostname: os.hostname(),
    processStart: processStartTime(process.pid),
    startedAt: new Date().toISOString(),
    command: process.argv.slice(1).join(' ').slice(0, 200) || process.argv0,
  };
  if (heldHere.has(dir)) throw new DataDirLockedError(dir, mine);
  const text = JSON.stringify(mine);
  // Two rounds: the first may find a stale lock and remove it; a second conflict means a live winner.
  for (let round = 0; round < 2; round += 1) {
    try {
      await writeFile(file, text, { flag: 'wx', mode: 0o644 });
      heldHere.add(dir);
      return {
        release: async () => {
          heldHere.delete(dir);
          const current = parse(await readFile(file, 'utf8').catch(() => ''));
          if (current?.pid === mine.pid && current.startedAt === mine.startedAt) {
            await unlink(file).catch(() => undefined);
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const existing = await readFile(file, 'utf8').catch(() => null);
    if (existing === null) continue; // released between our write and read: try again
    const holder = parse(existing);
    if (holder && isAlive(holder)) throw new DataDirLockedError(dir, holder);
    log(
      holder
        ? `DATA_DIR ${dir}: taking over the stale lock of process ${holder.pid} (no longer running)`
        : `DATA_DIR ${dir}: replacing an unreadable lock file`,
    );
    await unlink(file).catch(() => undefined);
  }
  const holder = parse(await readFile(file, 'utf8').catch(() => '')) ?? mine;
  throw new DataDirLockedError(dir, holder);
}
