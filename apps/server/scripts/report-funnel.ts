/**
 * npm run report:funnel [-- --org CODE] [--since yyyy-MM-dd] [--until yyyy-MM-dd] [--json] [--demo]
 *
 * Prints, per organisation and funnel step, how many telemetry sessions reached the step and the
 * conversion (from the step before and from the first). Reads the configured database (DATABASE_URL,
 * else the embedded one in DATA_DIR: stop the server first, PGlite allows one process). --demo runs on
 * an in-memory database filled with deterministic demo sessions instead.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db';
import { formatFunnel, funnelReport } from '../src/modules/reports/funnel';
import { seedDemoTelemetry } from '../src/seed/demo-telemetry';

const USAGE =
  'usage: npm run report:funnel [-- --org CODE] [--since yyyy-MM-dd] [--until yyyy-MM-dd] [--json] [--demo]';

function dateArg(value: string | undefined, name: string): Date | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    console.error(`--${name} must be a date yyyy-MM-dd\n${USAGE}`);
    process.exit(2);
  }
  return new Date(`${value}T00:00:00Z`);
}

let args;
try {
  args = parseArgs({
    options: {
      org: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      json: { type: 'boolean', default: false },
      demo: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const database = args.demo
  ? await openDatabase({ kind: 'pglite-memory' })
  : await openDatabase(loadConfig({ ...process.env, LOG_LEVEL: 'silent' }).database);
try {
  await database.migrate();
  if (args.demo) await seedDemoTelemetry(database.db);
  const rows = await funnelReport(database.db, {
    orgCode: args.org?.toUpperCase(),
    since: dateArg(args.since, 'since'),
    until: dateArg(args.until, 'until'),
  });
  process.stdout.write(args.json ? `${JSON.stringify(rows, null, 2)}\n` : formatFunnel(rows));
} finally {
  await database.close();
}
