/**
 * Creates the first platform administrator of an installation (there is no one yet to invite them).
 * Usage: STAFF_ADMIN_PASSWORD='…' npm run staff:create-admin -- --email admin@lender.example
 * (without STAFF_ADMIN_PASSWORD the password is asked for on the terminal). Reads the same database
 * as the server (DATA_DIR or DATABASE_URL); stop a running embedded server first, PGlite admits one
 * process at a time. Outside development the new admin turns on two-factor at first sign-in (/ops/).
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { ZEmailAddress } from '@heloc/domain';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db';
import { AppError } from '../src/lib/errors';
import { createPlatformAdmin } from '../src/modules/staff/service';
import { seedDatabase } from '../src/seed/seed';

const { values } = parseArgs({ options: { email: { type: 'string' } } });
const email = ZEmailAddress.safeParse(values.email ?? '');
if (!email.success) {
  console.error(
    'Usage: npm run staff:create-admin -- --email ADDRESS (password in STAFF_ADMIN_PASSWORD or asked)',
  );
  process.exit(2);
}

async function askPassword(): Promise<string> {
  const terminal = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  try {
    return await terminal.question('Password for the platform admin: ');
  } finally {
    terminal.close();
  }
}

const password = process.env.STAFF_ADMIN_PASSWORD ?? (await askPassword());
const config = loadConfig();
const database = await openDatabase(config.database);
try {
  await database.migrate();
  // The organisations exist (as at every server start); no demo data.
  await seedDatabase(database.db, { demoData: false });
  const identity = await createPlatformAdmin(database.db, email.data, password);
  console.log(`Platform admin ${identity.email} created. Sign in at /ops/.`);
} catch (error) {
  console.error(error instanceof AppError ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
