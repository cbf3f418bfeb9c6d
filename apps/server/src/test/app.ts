/** Builds the real app on a test database, with a configuration tests can adjust. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { buildApp } from '../app';
import type { Clock } from '../lib/clock';
import type { Providers } from '../providers';
import { loadConfig, type Config } from '../config';
import { seedDatabase } from '../seed/seed';
import { MemoryFileStorage, type FileStorage } from '../storage';
import { createTestDatabase, type TestDatabase } from './database';

export type TestApp = { app: FastifyInstance; database: TestDatabase; close(): Promise<void> };

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    jwtSecret: randomBytes(32).toString('hex'),
    dataEncryptionKey: randomBytes(32).toString('hex'),
    ...overrides,
  };
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: {
    demoData?: boolean;
    extend?: (app: FastifyInstance) => void;
    /** The app's clock (jobs and workflow read it); default the system clock. */
    clock?: Clock;
    providers?: Providers;
    /** Default: in memory. */
    storage?: FileStorage;
    /** Sees every route as it is registered. */
    onRoute?: (route: RouteOptions) => void;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  await seedDatabase(database.db, { demoData: options.demoData ?? false });
  const app = await buildApp({
    config: testConfig(overrides),
    database,
    closeDatabase: false,
    ...(options.clock && { clock: options.clock }),
    ...(options.providers && { providers: options.providers }),
    storage: options.storage ?? new MemoryFileStorage(),
    ...(options.onRoute && { onRoute: options.onRoute }),
  });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}
