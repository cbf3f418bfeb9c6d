/**
 * The conversion funnel from the stored telemetry events (npm run report:funnel): per organisation
 * and funnel step (FUNNEL_STEPS of the domain package), how many sessions reached the step, and the
 * conversion from the step before and from the first step. The grouped query (telemetrySessionCounts)
 * is the one the console's funnel report (/ops/reports, ./repository.ts) counts its sessions with.
 */
import { sql, type SQL } from 'drizzle-orm';
import { conversionPercent, FUNNEL_STEPS } from '@heloc/domain';
import type { Executor } from '../../db';
import { rowsOf } from '../../db';

export interface FunnelRow {
  orgCode: string;
  step: string;
  label: string;
  sessions: number;
  /** Percent of the previous step's sessions; null for the first step or after an empty step. */
  conversionFromPrevious: number | null;
  /** Percent of the first step's sessions. */
  conversionFromFirst: number | null;
}

export interface FunnelOptions {
  orgCode?: string;
  since?: Date;
  until?: Date;
}

/** Organisations without a known organisation (no header) are reported as "(none)". */
export const NO_ORG = '(none)';

/**
 * Sessions that recorded each of `events` (per organisation, event and, with `byStep`,
 * eventProperties.step), received in [since, until): one statement over telemetry_events. The
 * distinct (organisation, event, step, session) rows are taken first and then counted, which lets the
 * * database hash them instead of sorting every event for count(distinct).
 */
export async function telemetrySessionCounts(
  db: Executor,
  events: readonly string[],
  options: FunnelOptions & { byStep?: boolean } = {},
): Promise<{ orgCode: string | null; event: string; step: string | null; sessions: number }[]> {
  const filters: SQL[] = [
    sql`event in (${sql.join(
      events.map((event) => sql`${event}`),
      sql`, `,
    )})`,
  ];
  if (options.orgCode) filters.push(sql`org_code = ${options.orgCode}`);
  if (options.since) filters.push(sql`received_at >= ${options.since}`);
  if (options.until) filters.push(sql`received_at < ${options.until}`);
  const stepOf = options.byStep === false ? sql`null::text` : sql`event_properties ->> 'step'`;
  const rows = rowsOf<{ orgCode: string | null; event: string; step: string | null; sessions: number }>(
    await db.execute(sql`
      select org_code as "orgCode", event, step, count(*)::int as "sessions"
      from (
        select distinct org_code, event, ${stepOf} as step, session_uuid
        from telemetry_events
        where ${sql.join(filters, sql` and `)}
      ) reached
      group by org_code, event, step`),
  );
  return rows.map((row) => ({ ...row, sessions: Number(row.sessions) }));
}

export async function funnelReport(db: Executor, options: FunnelOptions = {}): Promise<FunnelRow[]> {
  const rows = await telemetrySessionCounts(db, [...new Set(FUNNEL_STEPS.map((s) => s.event))], options);
  const counts = new Map<string, number>();
  const orgs = new Set<string>();
  for (const row of rows) {
    const org = row.orgCode ?? NO_ORG;
    orgs.add(org);
    const step = FUNNEL_STEPS.find((s) => s.event === row.event && (!s.step || s.step === row.step));
    if (!step) continue;
    const key = `${org}|${step.key}`;
    counts.set(key, (counts.get(key) ?? 0) + Number(row.sessions));
  }

  return [...orgs].sort().flatMap((orgCode) => {
    const first = counts.get(`${orgCode}|${FUNNEL_STEPS[0]!.key}`) ?? 0;
    let previous: number | null = null;
    return FUNNEL_STEPS.map((step): FunnelRow => {
      const sessions = counts.get(`${orgCode}|${step.key}`) ?? 0;
      const row: FunnelRow = {
        orgCode,
        step: step.key,
        label: step.label,
        sessions,
        conversionFromPrevious: previous === null ? null : conversionPercent(sessions, previous),
        conversionFromFirst: conversionPercent(sessions, first),
      };
      previous = sessions;
      return row;
    });
  });
}

const percent = (value: number | null) => (value === null ? '–' : `${value.toFixed(1)}%`);

/** A plain-text table, one block per organisation; steps nobody reached after the last reached one are left out. */
export function formatFunnel(rows: readonly FunnelRow[]): string {
  if (rows.length === 0) return 'No funnel events recorded.\n';
  const lines: string[] = [];
  const byOrg = new Map<string, FunnelRow[]>();
  for (const row of rows) byOrg.set(row.orgCode, [...(byOrg.get(row.orgCode) ?? []), row]);
  for (const [orgCode, orgRows] of byOrg) {
    const lastReached = orgRows.findLastIndex((r) => r.sessions > 0);
    lines.push(orgCode);
    lines.push(
      `  ${'step'.padEnd(26)}${'sessions'.padStart(9)}${'from previous'.padStart(15)}${'from first'.padStart(12)}`,
    );
    for (const row of orgRows.slice(0, lastReached + 1)) {
      lines.push(
        `  ${row.label.padEnd(26)}${String(row.sessions).padStart(9)}${percent(row.conversionFromPrevious).padStart(15)}${percent(row.conversionFromFirst).padStart(12)}`,
      );
    }
    lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
