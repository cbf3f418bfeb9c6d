/**
 * Opens the database: embedded PGlite (file-backed in DATA_DIR, or in memory) by default, or a
 * real PostgreSQL server through node-postgres. This folder is the only place that knows which
 * driver is in use; everything else sees the driver-neutral `Database`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrationsFolder } from '../lib/paths';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The database or an open transaction: repositories accept either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string }
  /** `image`: a data directory to start from (`dumpImage` of another in-memory database). */
  | { kind: 'pglite-memory'; image?: Blob }
  | { kind: 'postgres'; url: string };

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseTarget['kind'];
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on a channel (cross-instance fan-out, DESIGN.md §10). PostgreSQL delivers NOTIFY to
   * every listening connection, so with node-postgres each call holds a dedicated client outside
   * the pool (re-connected after a failure); PGlite delivers in-process. Answers the unsubscribe.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * PGlite only: the data directory as an image another in-memory database can start from. Test
   * suites migrate once and start every database from the image: PGlite's own start-up runs initdb
   * (3–5 s), where starting from an image takes under one.
   */
  dumpImage?(): Promise<Blob>;
};

/** Channel names are SQL identifiers we choose; anything else is a programming error. */
function assertChannel(channel: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
}

export type DatabaseOptions = {
  /**
   * A pooled PostgreSQL connection failed while idle (server restart, administrator termination).
   * The pool drops it and opens another on demand; without a listener the error would end the process.
   */
  onConnectionError?: (error: Error) => void;
};

export async function openDatabase(
  target: DatabaseTarget,
  options: DatabaseOptions = {},
): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const { Pool } = (await import('pg')).default;
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: target.url, max: 10 });
    pool.on(
      'error',
      options.onConnectionError ??
        ((error) => console.error(`PostgreSQL connection lost (the pool will reconnect): ${error.message}`)),
    );
    const db = drizzle(pool, { schema });
    const listeners = new Set<{ stop(): Promise<void> }>();
    const listen = async (channel: string, onPayload: (payload: string) => void) => {
      assertChannel(channel);
      const { Client } = (await import('pg')).default;
      let stopped = false;
      let client: InstanceType<typeof Client> | null = null;
      const connect = async (): Promise<void> => {
        const next = new Client({ connectionString: target.url });
        next.on('notification', (message) => {
          if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
        });
        next.on('error', (error) => {
          (
            options.onConnectionError ?? ((e: Error) => console.error(`LISTEN connection lost: ${e.message}`))
          )(error);
          client = null;
          void next.end().catch(() => undefined);
          // Reconnect after a pause; messages sent meanwhile are missed (clients re-read history).
          if (!stopped) setTimeout(() => void connect().catch(() => undefined), 1000).unref();
        });
        await next.connect();
        await next.query(`LISTEN ${channel}`);
        if (stopped) await next.end();
        else client = next;
      };
      await connect();
      const handle = {
        stop: async () => {
          stopped = true;
          listeners.delete(handle);
          await client?.end().catch(() => undefined);
          client = null;
        },
      };
      listeners.add(handle);
      return handle.stop;
    };
    return {
      db: db as unknown as Database,
      kind: target.kind,
      migrate: () => migrate(db, { migrationsFolder }),
      close: async () => {
        await Promise.all([...listeners].map((listener) => listener.stop()));
        await pool.end();
      },
      listen,
    };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dataDir: string | undefined;
  let lock: { release(): Promise<void> } | null = null;
  if (target.kind === 'pglite') {
    mkdirSync(target.dataDir, { recursive: true });
    dataDir = path.join(target.dataDir, 'pglite');
    // PGlite admits one process per directory and does not check: refuse a second one here.
    lock = await lockDataDir(target.dataDir);
  }
  let client: InstanceType<typeof PGlite>;
  try {
    client =
      target.kind === 'pglite-memory' && target.image
        ? await PGlite.create({ loadDataDir: target.image })
        : await PGlite.create(dataDir);
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as Database,
    kind: target.kind,
    migrate: () => migrate(db, { migrationsFolder }),
    close: async () => {
      try {
        await client.close();
      } finally {
        await lock?.release();
      }
    },
    listen: async (channel, onPayload) => {
      assertChannel(channel);
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    dumpImage: () => client.dumpDataDir('none'),
  };
}

/** Number of migrations in the journal that drizzle-kit generated. */
export async function expectedMigrationCount(): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** Throws when the database does not answer (readiness). */
export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Migrations recorded as applied; 0 when the bookkeeping table does not exist yet. */
export async function appliedMigrationCount(db: Database): Promise<number> {
  const exists = await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!rowsOf<{ present: boolean }>(exists)[0]?.present) return 0;
  const counted = await db.execute(sql`select count(*)::int as count from drizzle.__drizzle_migrations`);
  return Number(rowsOf<{ count: number }>(counted)[0]?.count ?? 0);
}

/** Both drivers answer raw SQL with `{ rows }`; the neutral type does not say so. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
