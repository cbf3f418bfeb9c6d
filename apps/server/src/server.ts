/**
 * The server process (loaded by main.ts): configuration → database (migrated, seeded) → app → listen. SIGTERM/SIGINT
 * stop accepting connections, let in-flight requests finish, close the database, then exit.
 */
import { buildApp } from './app';
import { loadConfig, resolveDataEncryptionKey, resolveJwtSecret } from './config';
import { openDatabase } from './db';
import { DataDirLockedError } from './db/data-dir-lock';
import { OffsetClock, systemClock } from './lib/clock';
import { beforeExit } from './lib/exit-hooks';
import { seedDatabase } from './seed/seed';

const config = loadConfig();
config.jwtSecret = await resolveJwtSecret(config);
config.dataEncryptionKey = await resolveDataEncryptionKey(config);
const database = await openDatabase(config.database).catch((error: unknown) => {
  // A second server on the same embedded DATA_DIR: one clear line naming the other process, exit 1.
  if (error instanceof DataDirLockedError) {
    console.error(`Refusing to start: ${error.message}`);
    process.exit(1);
  }
  throw error;
});
await database.migrate();
await seedDatabase(database.db, { demoData: config.seedDemoData });
// DEV_CLOCK_CONTROL (development and browser tests): a clock staff may move forward.
const clock = config.devClockControl ? new OffsetClock() : systemClock;
const app = await buildApp({ config, database, clock });

let shuttingDown = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  app.log.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => {
    app.log.error('in-flight requests did not finish in time; exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  force.unref();
  try {
    await app.close();
    for (const hook of beforeExit) await hook().catch(() => undefined);
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
process.once('SIGTERM', (signal) => void shutdown(signal));
process.once('SIGINT', (signal) => void shutdown(signal));

await app.listen({ port: config.port, host: config.host });
// Provider jobs (credit, property, underwriting) run in the background; app.close() stops them.
app.jobs.start();
