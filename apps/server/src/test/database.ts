/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or — when
 * TEST_DATABASE_URL points at a real PostgreSQL server (CI) — a new database created on that
 * server and dropped afterwards. Both run the same migrations as production.
 */
import { randomBytes } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '../db';

export type TestDatabase = DatabaseHandle & { destroy(): Promise<void> };

/**
 * A migrated PGlite database's image, made once per test worker (the server suite shares modules
 * between the files a worker runs) and started from by every in-memory test database.
 */
let migratedImage: Promise<Blob> | null = null;

async function makeMigratedImage(): Promise<Blob> {
  const template = await openDatabase({ kind: 'pglite-memory' });
  try {
    await template.migrate();
    return await template.dumpImage!();
  } finally {
    await template.close();
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // A failed attempt is not kept: the next file tries again instead of failing on the same error.
    migratedImage ??= makeMigratedImage().catch((error: unknown) => {
      migratedImage = null;
      throw error;
    });
    const handle = await openDatabase({ kind: 'pglite-memory', image: await migratedImage });
    // Nothing to apply on an image of the same migrations; kept so a test database is always current.
    await handle.migrate();
    return { ...handle, destroy: () => handle.close() };
  }

  const { Client } = (await import('pg')).default;
  const name = `heloc_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Dropping the test database terminates its connections (57P01); that ending is expected.
  const handle = await openDatabase(
    { kind: 'postgres', url: url.toString() },
    {
      onConnectionError: (error) => {
        if ((error as { code?: string }).code !== '57P01') throw error;
      },
    },
  );
  await handle.migrate();
  return {
    ...handle,
    destroy: async () => {
      await handle.close();
      const dropper = new Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
