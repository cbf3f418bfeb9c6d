/**
 * The reports' SQL (/ops/reports): every figure is aggregated by the database (grouped counts,
 * percentile_disc, window functions), never by looping over rows here. `orgCode` null: every
 * organisation together (platform staff without a filter). Ranges are [since, until).
 */
import { sql, type SQL } from 'drizzle-orm';
import { REPORT_FUNNEL_STAGES } from '@heloc/domain';
import { rowsOf, type Database, type Executor } from '../../db';
import { telemetrySessionCounts } from './funnel';

export type ReportScope = { orgCode: string | null; since: Date; until: Date };

/**
 * Memory a report's statements may sort and hash in (PostgreSQL's default is 4 MB): the funnel's
 * distinct sessions spill to disk at 100,000 sessions otherwise (about 900 ms instead of 250 ms on the
 * embedded database). Set for the report's own read-only transaction only.
 */
export const REPORT_WORK_MEM = '32MB';

/** Runs a report's statements in one read-only transaction with REPORT_WORK_MEM. */
export async function inReportTransaction<T>(db: Database, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw('set transaction read only'));
    await tx.execute(sql.raw(`set local work_mem = '${REPORT_WORK_MEM}'`));
    return work(tx);
  });
}

/** Final steps: an application there is neither open, stalled nor abandoned. */
const FINAL_STEPS = ['COMPLETE', 'DECLINED', 'CANCELLED'] as const;

const orgOf = (column: SQL, orgCode: string | null) => (orgCode ? sql`and ${column} = ${orgCode}` : sql``);
const finalList = sql.join(
  FINAL_STEPS.map((step) => sql`${step}`),
  sql`, `,
);

/** Per funnel stage (REPORT_FUNNEL_STAGES' keys): telemetry sessions or applications that reached it. */
export async function funnelStageCounts(db: Executor, scope: ReportScope): Promise<Record<string, number>> {
  const telemetry = REPORT_FUNNEL_STAGES.flatMap((stage) => (stage.source === 'telemetry' ? [stage] : []));
  const audit = REPORT_FUNNEL_STAGES.flatMap((stage) => (stage.source === 'audit' ? [stage] : []));
  const sessions = await telemetrySessionCounts(
    db,
    telemetry.map((stage) => stage.event),
    { orgCode: scope.orgCode ?? undefined, since: scope.since, until: scope.until, byStep: false },
  );
  const counts: Record<string, number> = {};
  for (const stage of telemetry)
    counts[stage.key] = sessions
      .filter((row) => row.event === stage.event)
      .reduce((n, row) => n + row.sessions, 0);

  // One pass over the audit entries of the applications created in the range: a filtered distinct
  // count per stage (a step change into `toStep`, or the action `action`).
  const condition = (stage: (typeof audit)[number]) =>
    stage.toStep
      ? sql`e.kind = 'STEP_CHANGE' and e.to_step = ${stage.toStep}`
      : sql`e.action = ${stage.action ?? ''}`;
  const columns = sql.join(
    audit.map(
      (stage, index) =>
        sql`count(distinct e.application_uuid) filter (where ${condition(stage)})::int as ${sql.raw(`s${index}`)}`,
    ),
    sql`, `,
  );
  const any = sql.join(
    audit.map((stage) => sql`(${condition(stage)})`),
    sql` or `,
  );
  const [row] = rowsOf<Record<string, number>>(
    await db.execute(sql`
      select ${columns}
      from application_events e
      join heloc_applications a on a.uuid = e.application_uuid
      where a.created_at >= ${scope.since} and a.created_at < ${scope.until}
        ${orgOf(sql`a.org_code`, scope.orgCode)}
        and (${any})`),
  );
  audit.forEach((stage, index) => {
    counts[stage.key] = Number(row?.[`s${index}`] ?? 0);
  });
  return counts;
}

export type StepTimeRow = { step: string; spans: number; medianHours: number; p90Hours: number };

/**
 * Time in each step: a step's span runs from the step change into it to the next step change of the
 * application (LEAD over its audit trail; a change to the same step, e.g. a counter-offer, does not
 * split it). Spans that began in the range and have ended; nearest-rank median and p90 (percentile_disc,
 * as the domain's percentile()).
 */
export async function stepTimes(db: Executor, scope: ReportScope): Promise<StepTimeRow[]> {
  return rowsOf<StepTimeRow>(
    await db.execute(sql`
      with spans as (
        select e.to_step as step, e.at,
               lead(e.at) over (partition by e.application_uuid order by e.at, e.id) as left_at
        from application_events e
        join heloc_applications a on a.uuid = e.application_uuid
        where e.kind = 'STEP_CHANGE' and e.from_step is distinct from e.to_step
          ${orgOf(sql`a.org_code`, scope.orgCode)}
      )
      select step,
             count(*)::int as "spans",
             round((percentile_disc(0.5) within group (order by extract(epoch from left_at - at)) / 3600)::numeric, 1)::float8 as "medianHours",
             round((percentile_disc(0.9) within group (order by extract(epoch from left_at - at)) / 3600)::numeric, 1)::float8 as "p90Hours"
      from spans
      where left_at is not null and at >= ${scope.since} and at < ${scope.until}
      group by step
      order by "medianHours" desc, step`),
  ).map((row) => ({
    ...row,
    spans: Number(row.spans),
    medianHours: Number(row.medianHours),
    p90Hours: Number(row.p90Hours),
  }));
}

export type StallRow = { step: string; open: number; stalled: number; abandoned: number };

/**
 * Open applications (created in the range, not at a final step) by the step they are at: stalled when
 * their last step change is `stalledDays` or more ago, abandoned at `abandonedDays` or more (then the
 * step is their last one).
 */
export async function stalls(
  db: Executor,
  scope: ReportScope,
  now: Date,
  stalledDays: number,
  abandonedDays: number,
): Promise<StallRow[]> {
  const stalledBefore = new Date(now.getTime() - stalledDays * 86_400_000);
  const abandonedBefore = new Date(now.getTime() - abandonedDays * 86_400_000);
  return rowsOf<StallRow>(
    await db.execute(sql`
      select a.step,
             count(*)::int as "open",
             count(*) filter (where a.step_changed_at <= ${stalledBefore} and a.step_changed_at > ${abandonedBefore})::int as "stalled",
             count(*) filter (where a.step_changed_at <= ${abandonedBefore})::int as "abandoned"
      from heloc_applications a
      where a.created_at >= ${scope.since} and a.created_at < ${scope.until}
        and a.step not in (${finalList})
        ${orgOf(sql`a.org_code`, scope.orgCode)}
      group by a.step
      order by "abandoned" desc, "stalled" desc, "open" desc, a.step`),
  ).map((row) => ({
    ...row,
    open: Number(row.open),
    stalled: Number(row.stalled),
    abandoned: Number(row.abandoned),
  }));
}

export type PullThroughRow = {
  label: string;
  applications: number;
  open: number;
  funded: number;
  declined: number;
  cancelled: number;
};

/** The two ways the pull-through is cut: the loan officer who referred the borrower, the property's state. */
export type PullThroughDimension = 'officer' | 'state';

const dimensionOf = (dimension: PullThroughDimension) =>
  dimension === 'officer'
    ? {
        join: sql`left join loan_originators lo on lo.uuid = a.referrer_uuid`,
        label: sql`coalesce(lo.originator_name, lo.broker_name, '(no loan officer)')`,
        group: sql`lo.uuid, lo.originator_name, lo.broker_name`,
      }
    : {
        join: sql`left join profile_addresses pa on pa.uuid = a.selected_property_uuid`,
        label: sql`coalesce(pa.state, '(no property)')`,
        group: sql`pa.state`,
      };

/** Applications created in the range, still open or how they ended, per loan officer or property state. */
export async function pullThrough(
  db: Executor,
  scope: ReportScope,
  dimension: PullThroughDimension,
): Promise<PullThroughRow[]> {
  const d = dimensionOf(dimension);
  return rowsOf<PullThroughRow>(
    await db.execute(sql`
      select ${d.label} as "label",
             count(*)::int as "applications",
             count(*) filter (where a.step not in (${finalList}))::int as "open",
             count(*) filter (where a.step = 'COMPLETE')::int as "funded",
             count(*) filter (where a.step = 'DECLINED')::int as "declined",
             count(*) filter (where a.step = 'CANCELLED')::int as "cancelled"
      from heloc_applications a
      ${d.join}
      where a.created_at >= ${scope.since} and a.created_at < ${scope.until}
        ${orgOf(sql`a.org_code`, scope.orgCode)}
      group by ${d.group}
      order by "applications" desc, "label"`),
  ).map((row) => ({
    ...row,
    applications: Number(row.applications),
    open: Number(row.open),
    funded: Number(row.funded),
    declined: Number(row.declined),
    cancelled: Number(row.cancelled),
  }));
}

/**
 * Declined applications (created in the range) per loan officer or state and decline reason: the
 * reasons the decline's audit entry recorded (data.reasons: Regulation B codes for staff declines,
 * the rule codes for automatic ones; else its comma-separated reason; else UNSPECIFIED).
 */
export async function declineReasons(
  db: Executor,
  scope: ReportScope,
  dimension: PullThroughDimension,
): Promise<{ label: string; reason: string; declines: number }[]> {
  const d = dimensionOf(dimension);
  return rowsOf<{ label: string; reason: string; declines: number }>(
    await db.execute(sql`
      with declines as (
        select a.uuid, ${d.label} as label,
               case
                 when jsonb_typeof(e.data -> 'reasons') = 'array'
                   and jsonb_array_length(e.data -> 'reasons') > 0
                   then array(select jsonb_array_elements_text(e.data -> 'reasons'))
                 when coalesce(e.reason, '') <> '' then string_to_array(e.reason, ',')
                 else array['UNSPECIFIED']
               end as reasons
        from heloc_applications a
        join application_events e
          on e.application_uuid = a.uuid and e.kind = 'STEP_CHANGE' and e.to_step = 'DECLINED'
        ${d.join}
        where a.step = 'DECLINED' and a.created_at >= ${scope.since} and a.created_at < ${scope.until}
          ${orgOf(sql`a.org_code`, scope.orgCode)}
      )
      select label as "label", trim(reason) as "reason", count(distinct uuid)::int as "declines"
      from declines, unnest(reasons) as reason
      group by label, trim(reason)
      order by label, "declines" desc, trim(reason)`),
  ).map((row) => ({ ...row, declines: Number(row.declines) }));
}

/** Age buckets of open conditions, in days since raised: [lower, upper) with null for no upper bound. */
export const CONDITION_AGE_BUCKETS = [
  { label: '0–1 days', lower: 0, upper: 2 },
  { label: '2–3 days', lower: 2, upper: 4 },
  { label: '4–7 days', lower: 4, upper: 8 },
  { label: '8–14 days', lower: 8, upper: 15 },
  { label: '15–30 days', lower: 15, upper: 31 },
  { label: 'over 30 days', lower: 31, upper: null },
] as const;

/** Open conditions (not cleared) as of `now`, counted per age bucket (index into CONDITION_AGE_BUCKETS). */
export async function openConditionAges(
  db: Executor,
  orgCode: string | null,
  now: Date,
): Promise<{ bucket: number; conditions: number }[]> {
  const cases = sql.join(
    CONDITION_AGE_BUCKETS.map((bucket, index) =>
      bucket.upper === null
        ? sql`else ${index}`
        : sql`when ${now}::timestamptz - c.created_at < make_interval(days => ${bucket.upper}) then ${index}`,
    ),
    sql` `,
  );
  return rowsOf<{ bucket: number; conditions: number }>(
    await db.execute(sql`
      select (case ${cases} end)::int as "bucket", count(*)::int as "conditions"
      from application_conditions c
      join heloc_applications a on a.uuid = c.application_uuid
      where c.cleared_at is null ${orgOf(sql`a.org_code`, orgCode)}
      group by 1`),
  ).map((row) => ({ bucket: Number(row.bucket), conditions: Number(row.conditions) }));
}

export type ChatHourRow = {
  hour: number;
  live: number;
  chatbot: number;
  answered: number;
  medianSeconds: number | null;
  p90Seconds: number | null;
};

/**
 * Chats started in the range per UTC hour of the day: live chats (agent desk) and chatbot sessions,
 * and for live chats the time to the first agent message (answered ones; nearest-rank median and p90).
 */
export async function chatByHour(db: Executor, scope: ReportScope): Promise<ChatHourRow[]> {
  return rowsOf<ChatHourRow>(
    await db.execute(sql`
      with chats as (
        select extract(hour from c.created_at at time zone 'UTC')::int as hour, c.kind,
               extract(epoch from (
                 select min(m.created_at) from chat_messages m
                 where m.conversation_uuid = c.uuid and m.role = 'agent'
               ) - c.created_at) as wait
        from chat_conversations c
        where c.created_at >= ${scope.since} and c.created_at < ${scope.until}
          ${orgOf(sql`c.org_code`, scope.orgCode)}
      )
      select hour as "hour",
             count(*) filter (where kind = 'LIVE')::int as "live",
             count(*) filter (where kind = 'BOT')::int as "chatbot",
             count(wait) filter (where kind = 'LIVE')::int as "answered",
             round(percentile_disc(0.5) within group (order by wait) filter (where kind = 'LIVE'))::float8 as "medianSeconds",
             round(percentile_disc(0.9) within group (order by wait) filter (where kind = 'LIVE'))::float8 as "p90Seconds"
      from chats
      group by hour
      order by hour`),
  ).map((row) => ({
    hour: Number(row.hour),
    live: Number(row.live),
    chatbot: Number(row.chatbot),
    answered: Number(row.answered),
    medianSeconds: row.medianSeconds === null ? null : Number(row.medianSeconds),
    p90Seconds: row.p90Seconds === null ? null : Number(row.p90Seconds),
  }));
}
