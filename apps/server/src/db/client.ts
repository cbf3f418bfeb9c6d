/**
 * Opens the database: embedded PGlite (file-backed in DATA_DIR, or in memory) by default, or a
 * real PostgreSQL server through node-postgres. This folder is the only place that knows which
 * driver is in use; everything else sees the driver-neutral `Database`.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** The database or an open transaction: repositories accept either. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export type DatabaseTarget =
  { kind: 'pglite'; dataDir: string } | { kind: 'pglite-memory' } | { kind: 'postgres'; url: string };

export type DatabaseHandle = {
  db: Database;
  kind: DatabaseTarget['kind'];
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on `channel` over a connection of its own (PostgreSQL only: PGlite serves one process,
   * where nothing else could notify). `onPayload` gets each notification's payload. A lost
   * connection is reported to `onError` and opened again after a second, listening again.
   */
  listen?(
    channel: string,
    onPayload: (payload: string) => void,
    onError: (error: Error) => void,
  ): Promise<{ close(): Promise<void> }>;
};

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

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
    const { Client } = (await import('pg')).default;
    return {
      db: db as unknown as Database,
      kind: target.kind,
      migrate: () => migrate(db, { migrationsFolder }),
      close: () => pool.end(),
      async listen(channel, onPayload, onError) {
        if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`invalid channel name ${channel}`);
        let closed = false;
        let client: InstanceType<typeof Client> | null = null;
        let retry: NodeJS.Timeout | null = null;
        const connect = async (): Promise<void> => {
          const next = new Client({ connectionString: target.url });
          next.on('notification', (message) => {
            if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
          });
          next.on('error', (error) => {
            onError(error);
            void next.end().catch(() => undefined);
            if (client === next) client = null;
            if (!closed) retry = setTimeout(() => void connect().catch(onError), 1000);
          });
          await next.connect();
          await next.query(`listen ${channel}`);
          if (closed) await next.end();
          else client = next;
        };
        await connect();
        return {
          async close() {
            closed = true;
            if (retry) clearTimeout(retry);
            await client?.end().catch(() => undefined);
            client = null;
          },
        };
      },
    };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dataDir: string | undefined;
  if (target.kind === 'pglite') {
    mkdirSync(target.dataDir, { recursive: true });
    dataDir = path.join(target.dataDir, 'pglite');
  }
  const client = await PGlite.create(dataDir);
  const db = drizzle(client, { schema });
  return {
    db: db as unknown as Database,
    kind: target.kind,
    migrate: () => migrate(db, { migrationsFolder }),
    close: () => client.close(),
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
