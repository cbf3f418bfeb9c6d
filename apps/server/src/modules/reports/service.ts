/**
 * The reports' answers: the figures the repository aggregates, laid out as the tables the console
 * draws, lists and downloads (ZReport of the domain package). Only shaping here, no counting.
 */
import {
  REG_B_REASON_TEXT,
  REPORT_FUNNEL_STAGES,
  conversionPercent,
  type TReport,
  type TReportCell,
  type TReportKind,
  type TReportQuery,
  type TReportTable,
} from '@heloc/domain';
import type { Executor } from '../../db';
import {
  CONDITION_AGE_BUCKETS,
  chatByHour,
  declineReasons,
  funnelStageCounts,
  openConditionAges,
  pullThrough,
  stalls,
  stepTimes,
  type PullThroughDimension,
  type ReportScope,
} from './repository';

type Table = TReportTable;

async function funnel(db: Executor, scope: ReportScope): Promise<Table[]> {
  const counts = await funnelStageCounts(db, scope);
  const first = counts[REPORT_FUNNEL_STAGES[0]!.key] ?? 0;
  const rows = REPORT_FUNNEL_STAGES.map((stage, index) => {
    const reached = counts[stage.key] ?? 0;
    const previous = index === 0 ? null : (counts[REPORT_FUNNEL_STAGES[index - 1]!.key] ?? 0);
    return {
      stage: stage.label,
      reached,
      fromPrevious: previous === null ? null : conversionPercent(reached, previous),
      fromFirst: conversionPercent(reached, first),
    };
  });
  return [
    {
      key: 'stages',
      title: 'Funnel',
      description:
        'Sessions and Registered count telemetry sessions in the range (a page view; an account created). The later stages count applications created in the range whose audit trail reached the stage. Conversion in percent of the stage before and of the sessions.',
      columns: [
        { key: 'stage', label: 'Stage', kind: 'text' },
        { key: 'reached', label: 'Reached', kind: 'count' },
        { key: 'fromPrevious', label: 'From previous %', kind: 'percent' },
        { key: 'fromFirst', label: 'From sessions %', kind: 'percent' },
      ],
      rows,
      chart: { x: 'stage', series: ['reached'], stacked: false },
    },
  ];
}

async function stepTimesReport(
  db: Executor,
  scope: ReportScope,
  query: TReportQuery,
  now: Date,
): Promise<Table[]> {
  const [times, stalled] = await Promise.all([
    stepTimes(db, scope),
    stalls(db, scope, now, query.stalledDays, query.abandonedDays),
  ]);
  return [
    {
      key: 'time-in-step',
      title: 'Time in each step',
      description:
        'Hours from entering a step to leaving it, for step visits that began in the range and have ended (median and 90th percentile), slowest first.',
      columns: [
        { key: 'step', label: 'Step', kind: 'text' },
        { key: 'spans', label: 'Visits', kind: 'count' },
        { key: 'medianHours', label: 'Median hours', kind: 'hours' },
        { key: 'p90Hours', label: 'P90 hours', kind: 'hours' },
      ],
      rows: times,
      chart: { x: 'step', series: ['medianHours', 'p90Hours'], stacked: false },
    },
    {
      key: 'stalls',
      title: 'Where applications stall',
      description: `Open applications created in the range by the step they are at: stalled when the step has not changed for ${query.stalledDays} days or more, abandoned at ${query.abandonedDays} days or more (the step is then their last step).`,
      columns: [
        { key: 'step', label: 'Step', kind: 'text' },
        { key: 'open', label: 'Open', kind: 'count' },
        { key: 'stalled', label: `Stalled (${query.stalledDays}+ days)`, kind: 'count' },
        { key: 'abandoned', label: `Abandoned (${query.abandonedDays}+ days)`, kind: 'count' },
      ],
      rows: stalled,
      chart: { x: 'step', series: ['stalled', 'abandoned'], stacked: true },
    },
  ];
}

const DIMENSION_LABEL: Record<PullThroughDimension, string> = { officer: 'Loan officer', state: 'State' };

async function pullThroughTables(
  db: Executor,
  scope: ReportScope,
  dimension: PullThroughDimension,
): Promise<Table[]> {
  const [outcomes, reasons] = await Promise.all([
    pullThrough(db, scope, dimension),
    declineReasons(db, scope, dimension),
  ]);
  const name = DIMENSION_LABEL[dimension];
  // The reasons become columns (one per reason seen), so each row is one officer or state.
  const codes = [...new Set(reasons.map((row) => row.reason))].sort();
  const byLabel = new Map<string, Record<string, TReportCell>>();
  for (const row of reasons) {
    const entry = byLabel.get(row.label) ?? { label: row.label };
    entry[`reason:${row.reason}`] = row.declines;
    byLabel.set(row.label, entry);
  }
  const reasonRows = [...byLabel.values()].map((entry) => {
    for (const code of codes) entry[`reason:${code}`] ??= 0;
    return entry;
  });
  const reasonLabel = (code: string) =>
    code in REG_B_REASON_TEXT
      ? `${code}: ${REG_B_REASON_TEXT[code as keyof typeof REG_B_REASON_TEXT]}`
      : code;
  return [
    {
      key: `pull-through-${dimension}`,
      title: `Pull-through by ${name.toLowerCase()}`,
      description: `Applications created in the range per ${name.toLowerCase()}: still open, funded, declined or cancelled; pull-through is funded in percent of applications.`,
      columns: [
        { key: 'label', label: name, kind: 'text' },
        { key: 'applications', label: 'Applications', kind: 'count' },
        { key: 'open', label: 'Open', kind: 'count' },
        { key: 'funded', label: 'Funded', kind: 'count' },
        { key: 'declined', label: 'Declined', kind: 'count' },
        { key: 'cancelled', label: 'Cancelled', kind: 'count' },
        { key: 'pullThrough', label: 'Pull-through %', kind: 'percent' },
      ],
      rows: outcomes.map((row) => ({ ...row, pullThrough: conversionPercent(row.funded, row.applications) })),
      chart: { x: 'label', series: ['open', 'funded', 'declined', 'cancelled'], stacked: true },
    },
    {
      key: `decline-reasons-${dimension}`,
      title: `Decline reasons by ${name.toLowerCase()}`,
      description: `Declined applications created in the range per ${name.toLowerCase()} and reason (an application declined for several reasons counts under each).`,
      columns: [
        { key: 'label', label: name, kind: 'text' },
        ...codes.map((code) => ({ key: `reason:${code}`, label: reasonLabel(code), kind: 'count' as const })),
      ],
      rows: reasonRows,
      chart: { x: 'label', series: codes.map((code) => `reason:${code}`), stacked: true },
    },
  ];
}

async function operations(db: Executor, scope: ReportScope, now: Date): Promise<Table[]> {
  const [ages, hours] = await Promise.all([openConditionAges(db, scope.orgCode, now), chatByHour(db, scope)]);
  const byHour = new Map(hours.map((row) => [row.hour, row]));
  const allHours = Array.from({ length: 24 }, (_, hour) => ({
    hour: `${String(hour).padStart(2, '0')}:00`,
    live: byHour.get(hour)?.live ?? 0,
    chatbot: byHour.get(hour)?.chatbot ?? 0,
    answered: byHour.get(hour)?.answered ?? 0,
    medianSeconds: byHour.get(hour)?.medianSeconds ?? null,
    p90Seconds: byHour.get(hour)?.p90Seconds ?? null,
  }));
  return [
    {
      key: 'open-conditions',
      title: 'Open conditions by age',
      description:
        'Conditions not yet cleared, now, by days since they were raised (the date range does not apply: this is the current backlog).',
      columns: [
        { key: 'age', label: 'Age', kind: 'text' },
        { key: 'conditions', label: 'Open conditions', kind: 'count' },
      ],
      rows: CONDITION_AGE_BUCKETS.map((bucket, index) => ({
        age: bucket.label,
        conditions: ages.find((row) => row.bucket === index)?.conditions ?? 0,
      })),
      chart: { x: 'age', series: ['conditions'], stacked: false },
    },
    {
      key: 'chat-volume',
      title: 'Chat volume by hour (UTC)',
      description:
        'Chats started in the range per hour of the day (UTC): live chats with an agent and chatbot sessions.',
      columns: [
        { key: 'hour', label: 'Hour (UTC)', kind: 'text' },
        { key: 'live', label: 'Live chats', kind: 'count' },
        { key: 'chatbot', label: 'Chatbot sessions', kind: 'count' },
      ],
      rows: allHours.map(({ hour, live, chatbot }) => ({ hour, live, chatbot })),
      chart: { x: 'hour', series: ['live', 'chatbot'], stacked: true },
    },
    {
      key: 'chat-response',
      title: 'Chat response time by hour (UTC)',
      description:
        'Seconds from a live chat’s start to the first agent message, for the answered chats started in that hour (median and 90th percentile; empty when none was answered).',
      columns: [
        { key: 'hour', label: 'Hour (UTC)', kind: 'text' },
        { key: 'answered', label: 'Answered chats', kind: 'count' },
        { key: 'medianSeconds', label: 'Median seconds', kind: 'seconds' },
        { key: 'p90Seconds', label: 'P90 seconds', kind: 'seconds' },
      ],
      rows: allHours.map(({ hour, answered, medianSeconds, p90Seconds }) => ({
        hour,
        answered,
        medianSeconds,
        p90Seconds,
      })),
      chart: { x: 'hour', series: ['medianSeconds', 'p90Seconds'], stacked: false },
    },
  ];
}

/** One report over the scope (the caller has checked the organisation through the staff policy). */
export async function buildReport(
  db: Executor,
  kind: TReportKind,
  scope: ReportScope & { from: string; to: string },
  query: TReportQuery,
  now: Date,
): Promise<TReport> {
  const tables =
    kind === 'funnel'
      ? await funnel(db, scope)
      : kind === 'step-times'
        ? await stepTimesReport(db, scope, query, now)
        : kind === 'pull-through'
          ? [
              ...(await pullThroughTables(db, scope, 'officer')),
              ...(await pullThroughTables(db, scope, 'state')),
            ]
          : await operations(db, scope, now);
  return {
    report: kind,
    orgCode: scope.orgCode,
    from: scope.from,
    to: scope.to,
    generatedAt: now.toISOString(),
    tables,
  };
}
