/**
 * Runs jobs: handlers registered by kind, each attempt bounded by a timeout, failures retried
 * with backoff, and `onDead` told when a job gives up (so the workflow can move the application
 * to its error/timeout status instead of leaving a spinner). `runDue()` drains what is due now —
 * tests and the sandbox driver call it directly; `start()` polls in the background with at most
 * `concurrency` jobs in hand.
 *
 * A timed-out attempt is cancelled before the job may be retried: its AbortSignal fires (handlers
 * pass it to the provider call), the worker waits for the handler to stop, and only then puts the
 * job back in the queue. Writes to an application (withApplicationLock) check the attempt's signal
 * inside their transaction, so a late provider answer of a cancelled attempt is rolled back, never
 * applied beside the retry's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { SpanStatusCode, trace } from '@opentelemetry/api';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db';
import type { Clock } from '../lib/clock';
import { claimJob, completeJob, failJob, purgeFinishedJobs, type JobRow } from './queue';

/** What an attempt gets besides its payload. */
export type JobContext = {
  /** Fires when the attempt timed out (or the worker is forced to stop): stop and throw. */
  signal: AbortSignal;
};

export type JobHandler = {
  run(payload: Record<string, unknown>, job: JobRow, context: JobContext): Promise<void>;
  /** Called once when the job's attempts are exhausted. */
  onDead?(payload: Record<string, unknown>, job: JobRow, error: string): Promise<void>;
  /** Per-attempt limit (default 30 s). */
  timeoutMs?: number;
};

export class TimeoutError extends Error {
  constructor(ms: number) {
    super(`timed out after ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/** A write attempted by an attempt that was already cancelled (its outcome is dropped). */
export class JobCancelledError extends Error {
  constructor(reason: unknown) {
    super(`job attempt cancelled: ${reason instanceof Error ? reason.message : String(reason)}`);
    this.name = 'JobCancelledError';
  }
}

const attemptContext = new AsyncLocalStorage<JobContext>();
const tracer = trace.getTracer('heloc-jobs');

/**
 * Throws when called on behalf of a cancelled job attempt. withApplicationLock calls it inside its
 * transaction, so the outcome of a timed-out attempt is rolled back instead of racing its retry.
 */
export function throwIfJobCancelled(): void {
  const signal = attemptContext.getStore()?.signal;
  if (signal?.aborted) throw new JobCancelledError(signal.reason);
}

/** Observes the worker (metrics); every method is optional. */
export type JobObserver = {
  attemptFinished?(kind: string, outcome: 'succeeded' | 'retry' | 'dead', seconds: number): void;
  inFlight?(count: number): void;
};

export type JobWorkerOptions = {
  pollMs?: number;
  /** How long a claim holds a job; another worker may take it over after (its worker died). */
  leaseMs?: number;
  /** Jobs in hand at once when polling (start()). Default 4. */
  concurrency?: number;
  /** Succeeded jobs are deleted this long after they finished (default 7 days). */
  retentionMs?: number;
  /** Dead jobs are kept longer, for staff to look at (default 30 days). */
  deadRetentionMs?: number;
  /** How often the background poller purges (default hourly). */
  purgeEveryMs?: number;
  observer?: JobObserver;
};

const DAY_MS = 86_400_000;

export class JobWorker {
  private readonly handlers = new Map<string, JobHandler>();
  private lanes: Promise<void>[] = [];
  /** Drains started by runDueWithin() that outlived their caller's wait; stop() waits for them. */
  private readonly drains = new Set<Promise<void>>();
  /** Set by stop(): background drains take no further job. */
  private halted = false;
  private stopped = true;
  private inFlight = 0;
  private lastPurge = 0;
  /** Lanes resting between polls; stop() wakes them. */
  private readonly sleepers = new Set<() => void>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: JobWorkerOptions = {},
  ) {}

  register(kind: string, handler: JobHandler): void {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
    this.handlers.set(kind, handler);
  }

  kinds(): string[] {
    return [...this.handlers.keys()];
  }

  get leaseMs(): number {
    return this.options.leaseMs ?? 60_000;
  }

  /**
   * The attempt's time limit: the handler's, but at most four fifths of the lease, so the last fifth
   * is left to cancel the attempt before another worker could take the job over.
   */
  attemptTimeoutMs(handler: JobHandler): number {
    return Math.max(1, Math.min(handler.timeoutMs ?? 30_000, Math.floor(this.leaseMs * 0.8)));
  }

  /** Claims and runs one due job; false when none was due. */
  async runOne(): Promise<boolean> {
    const job = await claimJob(this.db, this.clock, this.leaseMs, this.kinds());
    if (!job) return false;
    // One span per attempt (a no-op unless tracing is on: OTEL_EXPORTER_OTLP_ENDPOINT); the
    // handler's database and HTTP spans nest under it.
    return tracer.startActiveSpan(
      `job ${job.kind}`,
      { attributes: { 'job.kind': job.kind, 'job.uuid': job.uuid, 'job.attempt': job.attempts } },
      async (span) => {
        try {
          const outcome = await this.execute(job);
          span.setAttribute('job.outcome', outcome);
          if (outcome !== 'succeeded') span.setStatus({ code: SpanStatusCode.ERROR });
          return true;
        } catch (error) {
          span.recordException(error as Error);
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      },
    );
  }

  private async execute(job: JobRow): Promise<'succeeded' | 'retry' | 'dead'> {
    const handler = this.handlers.get(job.kind)!;
    const started = performance.now();
    this.inFlight += 1;
    this.options.observer?.inFlight?.(this.inFlight);
    try {
      const error = await this.attempt(job, handler);
      const seconds = (performance.now() - started) / 1000;
      if (error === null) {
        await completeJob(this.db, this.clock, job);
        this.options.observer?.attemptFinished?.(job.kind, 'succeeded', seconds);
        return 'succeeded';
      }
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await failJob(this.db, this.clock, job, message);
      this.options.observer?.attemptFinished?.(job.kind, outcome, seconds);
      this.log.warn(
        { jobKind: job.kind, job: job.uuid, attempt: job.attempts, outcome, err: message },
        'job failed',
      );
      if (outcome === 'dead' && handler.onDead) await handler.onDead(job.payload, job, message);
      return outcome;
    } finally {
      this.inFlight -= 1;
      this.options.observer?.inFlight?.(this.inFlight);
    }
  }

  /**
   * Runs the handler; answers null on success or the error. On timeout the attempt's signal is
   * aborted and the handler is awaited (up to the rest of the lease) before the error is answered,
   * so the job is never back in the queue while its cancelled attempt still runs.
   */
  private async attempt(job: JobRow, handler: JobHandler): Promise<unknown> {
    const controller = new AbortController();
    const context: JobContext = { signal: controller.signal };
    const work = attemptContext.run(context, () => handler.run(job.payload, job, context));
    const timeoutMs = this.attemptTimeoutMs(handler);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    try {
      const first = await Promise.race([work.then(() => 'done' as const), timedOut]);
      if (first === 'done') return null;
    } catch (error) {
      return error;
    } finally {
      clearTimeout(timer);
    }
    const timeout = new TimeoutError(timeoutMs);
    controller.abort(timeout);
    const graceMs = Math.max(0, this.leaseMs - timeoutMs);
    let graceTimer: NodeJS.Timeout | undefined;
    const stoppedInTime = await Promise.race([
      work.then(
        () => true,
        () => true,
      ),
      new Promise<boolean>((resolve) => {
        graceTimer = setTimeout(() => resolve(false), graceMs);
      }),
    ]);
    clearTimeout(graceTimer);
    if (!stoppedInTime) {
      // The handler ignores its signal. Its application writes are still refused (the signal is
      // aborted), but a provider call it makes may repeat on the retry: say so.
      this.log.error(
        { jobKind: job.kind, job: job.uuid },
        'timed-out job did not stop within its lease; retrying anyway',
      );
    }
    return timeout;
  }

  /** Runs every job that is due now (including ones that become due by retry-free chaining). */
  async runDue(limit = 1000): Promise<number> {
    let count = 0;
    while (count < limit && (await this.runOne())) count += 1;
    return count;
  }

  /**
   * runDue() for a caller that must answer in time (the development clock): waits at most `waitMs`
   * for the due jobs, then leaves the rest running in the background (stop() waits for it). A provider
   * that hangs until its timeout (the bureau's Timeout scenario) would otherwise hold the caller for
   * the whole attempt: moving the clock after such an application took 30 s.
   */
  async runDueWithin(waitMs: number): Promise<void> {
    const drain = (async () => {
      try {
        while (!this.halted && (await this.runOne()));
      } catch (error) {
        this.log.error({ err: error }, 'running due jobs failed');
      }
    })();
    this.drains.add(drain);
    void drain.finally(() => this.drains.delete(drain));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([drain, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
  }

  /** Deletes succeeded jobs past the retention period and dead ones past theirs; answers how many. */
  async purge(): Promise<number> {
    return purgeFinishedJobs(this.db, this.clock, {
      succeededMs: this.options.retentionMs ?? 7 * DAY_MS,
      deadMs: this.options.deadRetentionMs ?? 30 * DAY_MS,
    });
  }

  /**
   * Polls in the background: `concurrency` lanes, each claiming and running one job at a time and
   * resting `pollMs` when nothing is due; purges finished jobs every `purgeEveryMs`.
   */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.halted = false;
    const concurrency = Math.max(1, this.options.concurrency ?? 4);
    const pollMs = this.options.pollMs ?? 500;
    const lane = async (index: number) => {
      while (!this.stopped) {
        let ran = false;
        try {
          if (index === 0) await this.purgeWhenDue();
          ran = await this.runOne();
        } catch (error) {
          this.log.error({ err: error }, 'job worker tick failed');
        }
        if (!ran && !this.stopped) {
          await new Promise<void>((resolve) => {
            const done = () => {
              clearTimeout(timer);
              this.sleepers.delete(done);
              resolve();
            };
            const timer = setTimeout(done, pollMs);
            this.sleepers.add(done);
          });
        }
      }
    };
    this.lanes = Array.from({ length: concurrency }, (_, index) => lane(index));
  }

  private async purgeWhenDue(): Promise<void> {
    const every = this.options.purgeEveryMs ?? 3_600_000;
    const now = Date.now();
    if (now - this.lastPurge < every) return;
    this.lastPurge = now;
    const purged = await this.purge();
    if (purged > 0) this.log.info({ purged }, 'purged finished jobs');
  }

  /** Stops polling and waits for the jobs in hand to finish (graceful shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.halted = true;
    for (const wake of [...this.sleepers]) wake();
    await Promise.all([...this.lanes, ...this.drains]);
    this.lanes = [];
  }
}
