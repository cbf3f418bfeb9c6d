/**
 * The sandbox driver's command line (the driver itself is scripts/simulator/): runs one
 * DESIGN.md §7 scenario through the real app in-process and prints the timeline.
 * Usage: npm run simulate -- --scenario <LastName> [--state CA] [--ssn 0000] [--pin 1234] [--amount 50000] [--json]
 * Exit code: 0 ended where the scenario should, 1 an unexpected end or HTTP answer, 2 bad arguments.
 */
import {
  describeFacts,
  dollars,
  parseSimulateArgs,
  simulate,
  SIMULATE_USAGE,
  type SimulationResult,
} from './simulator';

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [
    line(rows[0]!),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...rows.slice(1).map(line),
  ].join('\n');
}

function printText(result: SimulationResult): void {
  console.log(
    `Scenario ${result.lastName} (${result.scenario}) · ${result.orgCode} · property in ${result.state}` +
      (result.applicationUuid ? ` · application ${result.applicationUuid}` : ''),
  );
  console.log('');
  console.log(
    table([
      ['#', 'action', 'http', 'answered', 'status (settled)', 'screen', 'facts'],
      ...result.timeline.map((entry) => [
        String(entry.step),
        entry.action,
        entry.httpStatus === undefined ? '' : String(entry.httpStatus),
        entry.answered ?? '',
        entry.status,
        entry.screen,
        describeFacts(entry.facts),
      ]),
    ]),
  );
  console.log('');
  const chosen = result.timeline.find((entry) => entry.facts.chosen)?.facts;
  if (chosen?.maxLineCents !== undefined) console.log(`Maximum line: ${dollars(chosen.maxLineCents)}`);
  console.log(`Stopped: ${result.stop.reason} (${result.stop.detail})`);
  console.log(
    `Driven through the API in ${(result.drivenMs / 1000).toFixed(1)} s (${result.timeline.length} steps; database start-up not counted)`,
  );
  if (result.error)
    console.log(`Error: ${result.error.action} → ${result.error.httpStatus} ${result.error.body}`);
  console.log(
    `Final: ${result.final.status} → ${result.final.screen} · expected ${result.expected}: ${result.ok ? 'OK' : 'UNEXPECTED'}`,
  );
}

const parsed = parseSimulateArgs(process.argv.slice(2));
if (typeof parsed === 'string') {
  console.error(parsed);
  console.error(SIMULATE_USAGE);
  process.exit(2);
}
try {
  const result = await simulate(parsed.options);
  if (parsed.json) console.log(JSON.stringify(result, null, 2));
  else printText(result);
  process.exitCode = result.ok ? 0 : 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
