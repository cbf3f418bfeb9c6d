/**
 * The lender console's reports (/ops/reports, issue 16): the query every report takes, the answer they
 * share (tables of figures that the console draws as charts, shows as data tables and downloads as CSV:
 * one answer feeds all three, so the CSV holds exactly the figures drawn), the funnel's stages and the
 * pure helpers (percentile, CSV). The server aggregates in SQL (apps/server/src/modules/reports).
 */
import { z } from 'zod';
import { csvLine } from './csv';
import { ZIsoDate } from './schemas/common';
import { TELEMETRY_EVENTS } from './telemetry-events';

export const REPORT_KINDS = ['funnel', 'step-times', 'pull-through', 'operations'] as const;
export const ZReportKind = z.enum(REPORT_KINDS);
export type TReportKind = z.infer<typeof ZReportKind>;

export const REPORT_TITLES: Record<TReportKind, string> = {
  funnel: 'Funnel',
  'step-times': 'Time in step',
  'pull-through': 'Pull-through and declines',
  operations: 'Operations',
};

/** The longest range a report covers (a year and a day, so a leap year fits). */
export const REPORT_MAX_DAYS = 366;
/** Default range: the last 30 UTC days, today included. */
export const REPORT_DEFAULT_DAYS = 30;
export const REPORT_DEFAULT_STALLED_DAYS = 7;
export const REPORT_DEFAULT_ABANDONED_DAYS = 30;

const DAY_MS = 86_400_000;

/**
 * `from`/`to` are UTC days, both included. Platform staff may name an organisation (none: every
 * organisation together); organisation staff get their own (another one answers 404).
 */
export const ZReportQuery = z
  .object({
    orgCode: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_]{1,40}$/, 'orgCode is an organisation code')
      .transform((value) => value.toUpperCase())
      .optional(),
    from: ZIsoDate.optional(),
    to: ZIsoDate.optional(),
    stalledDays: z.coerce.number().int().min(1).max(365).default(REPORT_DEFAULT_STALLED_DAYS),
    abandonedDays: z.coerce.number().int().min(2).max(730).default(REPORT_DEFAULT_ABANDONED_DAYS),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from is after to',
    path: ['from'],
  })
  .refine((query) => query.stalledDays < query.abandonedDays, {
    message: 'stalledDays must be less than abandonedDays',
    path: ['stalledDays'],
  });
export type TReportQuery = z.infer<typeof ZReportQuery>;
export type TReportQueryInput = z.input<typeof ZReportQuery>;

/** The instants a query covers: [since, until) with `until` the day after `to`. */
export function reportRange(
  query: Pick<TReportQuery, 'from' | 'to'>,
  now: Date,
): { from: string; to: string; since: Date; until: Date } | { problem: string } {
  const today = now.toISOString().slice(0, 10);
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const toStart = new Date(`${to}T00:00:00.000Z`).getTime();
  const from =
    query.from ?? new Date(toStart - (REPORT_DEFAULT_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
  const since = new Date(`${from}T00:00:00.000Z`);
  const until = new Date(toStart + DAY_MS);
  if ((until.getTime() - since.getTime()) / DAY_MS > REPORT_MAX_DAYS)
    return { problem: `A report covers at most ${REPORT_MAX_DAYS} days` };
  return { from, to, since, until };
}

/**
 * The funnel's stages. The first two count telemetry sessions (a session that recorded the event in
 * the range); the others count applications created in the range whose audit trail holds the step
 * change (`toStep`) or the action (`action`).
 */
export type TReportFunnelStage =
  | { key: string; label: string; source: 'telemetry'; event: string }
  | { key: string; label: string; source: 'audit'; toStep?: string; action?: string };

export const REPORT_FUNNEL_STAGES: readonly TReportFunnelStage[] = [
  { key: 'sessions', label: 'Sessions', source: 'telemetry', event: TELEMETRY_EVENTS.pageView },
  { key: 'registered', label: 'Registered', source: 'telemetry', event: TELEMETRY_EVENTS.accountCreated },
  { key: 'offerShown', label: 'Offer shown', source: 'audit', toStep: 'OFFER_SELECTION' },
  { key: 'offerSelected', label: 'Offer selected', source: 'audit', action: 'SELECT_OFFER' },
  { key: 'submitted', label: 'Submitted', source: 'audit', action: 'SUBMIT_APPLICATION' },
  { key: 'signed', label: 'Signed', source: 'audit', action: 'CLOSING_SIGNED' },
  { key: 'funded', label: 'Funded', source: 'audit', toStep: 'COMPLETE' },
];

/** One column of a report table; `kind` says how the console formats it (the CSV keeps the raw value). */
export const ZReportColumn = z.object({
  key: z.string(),
  label: z.string(),
  kind: z.enum(['text', 'count', 'percent', 'hours', 'seconds']),
});
export type TReportColumn = z.infer<typeof ZReportColumn>;

export const ZReportCell = z.union([z.string(), z.number(), z.null()]);
export type TReportCell = z.infer<typeof ZReportCell>;

/**
 * One table of figures: drawn as a bar chart (`chart.x` along the axis, one bar series per
 * `chart.series` column; `stacked` for parts of a whole), listed as a data table and downloaded as CSV.
 */
export const ZReportTable = z.object({
  key: z.string(),
  title: z.string(),
  /** What the figures count, in words (the chart's accessible description). */
  description: z.string(),
  columns: z.array(ZReportColumn),
  rows: z.array(z.record(z.string(), ZReportCell)),
  chart: z.object({ x: z.string(), series: z.array(z.string()), stacked: z.boolean() }),
});
export type TReportTable = z.infer<typeof ZReportTable>;

export const ZReport = z.object({
  report: ZReportKind,
  /** null: every organisation (platform staff without an organisation filter). */
  orgCode: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  generatedAt: z.string(),
  tables: z.array(ZReportTable),
});
export type TReport = z.infer<typeof ZReport>;

/**
 * Nearest-rank percentile of ascending values (p in 0–100): the smallest value with at least p% of
 * the values at or below it; NaN for no values.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/**
 * The table as CSV: a header of the column labels, then one line per row — the same RFC 4180 cells and
 * formula guard as every staff download (`csvLine`, csv.ts).
 */
export function reportCsv(table: Pick<TReportTable, 'columns' | 'rows'>): string {
  const header = csvLine(table.columns.map((column) => column.label));
  const rows = table.rows.map((row) => csvLine(table.columns.map((column) => row[column.key] ?? null)));
  return [header, ...rows].join('');
}

/** The file name of a table's CSV: report, table, organisation and range. */
export function reportCsvName(report: Pick<TReport, 'report' | 'orgCode' | 'from' | 'to'>, table: string) {
  return `${report.report}-${table}-${report.orgCode ?? 'ALL'}-${report.from}-${report.to}.csv`;
}
