/**
 * npm run report:funnel [-- --org CODE] [--since yyyy-MM-dd] [--until yyyy-MM-dd] [--json] [--demo] [--stages]
 *
 * Prints, per organisation and funnel step, how many telemetry sessions reached the step and the
 * conversion (from the step before and from the first). Reads the configured database (DATABASE_URL,
 * else the embedded one in DATA_DIR: stop the server first, PGlite allows one process). --demo runs on
 * an in-memory database filled with deterministic demo sessions instead. --stages prints the console's
 * funnel report instead (sessions → registered → offer shown → … → funded, /ops/reports), from the same
 * code as GET /service-ops/api/v1/reports/funnel (--until is then the last day included).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db';
import { reportCsv, reportRange } from '@heloc/domain';
import { formatFunnel, funnelReport } from '../src/modules/reports/funnel';
import { buildReport } from '../src/modules/reports/service';
import { seedDemoTelemetry } from '../src/seed/demo-telemetry';

const USAGE =
  'usage: npm run report:funnel [-- --org CODE] [--since yyyy-MM-dd] [--until yyyy-MM-dd] [--json] [--demo] [--stages]';

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
      stages: { type: 'boolean', default: false },
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
  if (args.stages) {
    dateArg(args.since, 'since');
    dateArg(args.until, 'until');
    if (args.since && args.until && args.since > args.until) {
      console.error(`--since is after --until\n${USAGE}`);
      process.exit(2);
    }
    const now = new Date();
    const query = { from: args.since, to: args.until, stalledDays: 7, abandonedDays: 30 };
    const range = reportRange(query, now);
    if ('problem' in range) {
      console.error(range.problem);
      process.exit(2);
    }
    const report = await buildReport(
      database.db,
      'funnel',
      { ...range, orgCode: args.org?.toUpperCase() ?? null },
      query,
      now,
    );
    const table = report.tables[0]!;
    process.stdout.write(args.json ? `${JSON.stringify(report, null, 2)}\n` : reportCsv(table));
  } else {
    const rows = await funnelReport(database.db, {
      orgCode: args.org?.toUpperCase(),
      since: dateArg(args.since, 'since'),
      until: dateArg(args.until, 'until'),
    });
    process.stdout.write(args.json ? `${JSON.stringify(rows, null, 2)}\n` : formatFunnel(rows));
  }
} finally {
  await database.close();
}
