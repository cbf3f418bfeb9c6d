/**
 * The durable job queue: enqueue, claim under a lease, finish, retry with backoff, dead-letter.
 * All time comparisons use the injected clock, never the database's now(), so tests can advance
 * time. Chosen over pg-boss: the same SQL runs on PGlite and PostgreSQL, and tests drive the
 * queue step by step instead of waiting for a polling interval.
 */
import { backoffDelayMs } from '@heloc/domain';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../db';
import { rowsOf, schema } from '../db';
import type { Clock } from '../lib/clock';

export type JobRow = typeof schema.jobs.$inferSelect;

export type EnqueueOptions = {
  kind: string;
  payload?: Record<string, unknown>;
  /** Not before this instant (default: now). */
  runAfter?: Date;
  maxAttempts?: number;
  dedupeKey?: string;
};

/** Backoff before retry n (1-based): 1 s, 2 s, 4 s … capped at one minute. */
export function retryDelayMs(attempt: number): number {
  return backoffDelayMs({ baseMs: 1000, maxMs: 60_000 }, attempt - 1);
}

export async function enqueueJob(
  db: Executor,
  clock: Clock,
  options: EnqueueOptions,
): Promise<JobRow | null> {
  const [row] = await db
    .insert(schema.jobs)
    .values({
      kind: options.kind,
      payload: options.payload ?? {},
      runAfter: options.runAfter ?? clock.now(),
      maxAttempts: options.maxAttempts ?? 5,
      dedupeKey: options.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: schema.jobs.dedupeKey })
    .returning();
  return row ?? null;
}

/**
 * Claims the next due job (or one whose lease ran out: its worker died) for `leaseMs`.
 * SKIP LOCKED lets several instances claim concurrently without taking the same job.
 */
export async function claimJob(
  db: Executor,
  clock: Clock,
  leaseMs: number,
  kinds: readonly string[],
): Promise<JobRow | null> {
  if (kinds.length === 0) return null;
  const now = clock.now().toISOString();
  const lockedUntil = new Date(clock.now().getTime() + leaseMs).toISOString();
  const result = await db.execute(sql`
    update jobs set status = 'running', attempts = attempts + 1, locked_until = ${lockedUntil}
    where uuid = (
      select uuid from jobs
      where kind in (${sql.join(
        kinds.map((kind) => sql`${kind}`),
        sql`, `,
      )})
        and ((status = 'queued' and run_after <= ${now})
          or (status = 'running' and locked_until < ${now}))
      order by run_after, created_at
      limit 1
      for update skip locked
    )
    returning uuid`);
  const claimed = rowsOf<{ uuid: string }>(result)[0];
  if (!claimed) return null;
  const [row] = await db.select().from(schema.jobs).where(eq(schema.jobs.uuid, claimed.uuid));
  return row ?? null;
}

export async function completeJob(db: Executor, clock: Clock, job: JobRow): Promise<void> {
  await db
    .update(schema.jobs)
    .set({ status: 'succeeded', lockedUntil: null, finishedAt: clock.now(), lastError: null })
    .where(and(eq(schema.jobs.uuid, job.uuid), eq(schema.jobs.status, 'running')));
}

/** Records a failure: back to the queue after the backoff, or dead when attempts are used up. */
export async function failJob(
  db: Executor,
  clock: Clock,
  job: JobRow,
  error: string,
): Promise<'retry' | 'dead'> {
  const dead = job.attempts >= job.maxAttempts;
  await db
    .update(schema.jobs)
    .set(
      dead
        ? { status: 'dead', lockedUntil: null, finishedAt: clock.now(), lastError: error }
        : {
            status: 'queued',
            lockedUntil: null,
            lastError: error,
            runAfter: new Date(clock.now().getTime() + retryDelayMs(job.attempts)),
          },
    )
    .where(and(eq(schema.jobs.uuid, job.uuid), eq(schema.jobs.status, 'running')));
  return dead ? 'dead' : 'retry';
}

/**
 * Deletes succeeded jobs finished more than `succeededMs` ago and dead ones more than `deadMs` ago.
 * Safe for deduplication: every dedupe key names the audit entry or the job that queued it, so a
 * purged job's key is never asked for again.
 */
export async function purgeFinishedJobs(
  db: Executor,
  clock: Clock,
  retention: { succeededMs: number; deadMs: number },
): Promise<number> {
  const now = clock.now().getTime();
  const deleted = await db
    .delete(schema.jobs)
    .where(
      or(
        and(
          eq(schema.jobs.status, 'succeeded'),
          lt(schema.jobs.finishedAt, new Date(now - retention.succeededMs)),
        ),
        and(eq(schema.jobs.status, 'dead'), lt(schema.jobs.finishedAt, new Date(now - retention.deadMs))),
      ),
    )
    .returning({ uuid: schema.jobs.uuid });
  return deleted.length;
}

/** Dead jobs, newest first, optionally only those of one organisation's applications. */
export async function listDeadJobs(
  db: Executor,
  options: { orgCode?: string; limit: number },
): Promise<
  {
    uuid: string;
    kind: string;
    applicationUuid: string | null;
    attempts: number;
    lastError: string | null;
    createdAt: Date;
    finishedAt: Date | null;
  }[]
> {
  const result = await db.execute(sql`
    select j.uuid, j.kind, j.payload->>'applicationUuid' as "applicationUuid", j.attempts,
           j.last_error as "lastError", j.created_at as "createdAt", j.finished_at as "finishedAt"
    from jobs j
    left join heloc_applications a on a.uuid::text = j.payload->>'applicationUuid'
    where j.status = 'dead'
      ${options.orgCode ? sql`and a.org_code = ${options.orgCode}` : sql``}
    order by j.finished_at desc nulls last, j.created_at desc
    limit ${options.limit}`);
  return rowsOf<{
    uuid: string;
    kind: string;
    applicationUuid: string | null;
    attempts: number;
    lastError: string | null;
    createdAt: string | Date;
    finishedAt: string | Date | null;
  }>(result).map((row) => ({
    ...row,
    attempts: Number(row.attempts),
    createdAt: new Date(row.createdAt),
    finishedAt: row.finishedAt === null ? null : new Date(row.finishedAt),
  }));
}

/** Per kind: jobs waiting (queued or running) and the age of the oldest due one (metrics). */
export async function queueDepthByKind(
  db: Executor,
  clock: Clock,
): Promise<{ kind: string; status: string; count: number; oldestDueSeconds: number }[]> {
  const now = clock.now().toISOString();
  const result = await db.execute(sql`
    select kind, status, count(*)::int as count,
      coalesce(extract(epoch from (${now}::timestamptz - min(run_after)
        filter (where run_after <= ${now}::timestamptz))), 0)::float8 as "oldestDueSeconds"
    from jobs
    where status in ('queued', 'running', 'dead')
    group by kind, status`);
  return rowsOf<{ kind: string; status: string; count: number; oldestDueSeconds: number }>(result).map(
    (row) => ({
      ...row,
      count: Number(row.count),
      oldestDueSeconds: Math.max(0, Number(row.oldestDueSeconds)),
    }),
  );
}
