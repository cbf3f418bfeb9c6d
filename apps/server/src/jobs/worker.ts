/**
 * Runs jobs: handlers registered by kind, each attempt bounded by a timeout, failures retried
 * with backoff, and `onDead` told when a job gives up (so the workflow can move the application
 * to its error/timeout status instead of leaving a spinner). `runDue()` drains what is due now —
 * tests and the sandbox driver call it directly; `start()` polls in the background.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db';
import type { Clock } from '../lib/clock';
import { claimJob, completeJob, failJob, type JobRow } from './queue';

export type JobHandler = {
  run(payload: Record<string, unknown>, job: JobRow): Promise<void>;
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

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(ms)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

export class JobWorker {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = true;

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: { pollMs?: number; leaseMs?: number } = {},
  ) {}

  register(kind: string, handler: JobHandler): void {
    if (this.handlers.has(kind)) throw new Error(`job kind ${kind} registered twice`);
    this.handlers.set(kind, handler);
  }

  /** Claims and runs one due job; false when none was due. */
  async runOne(): Promise<boolean> {
    const handler = (job: JobRow) => this.handlers.get(job.kind)!;
    const leaseMs = this.options.leaseMs ?? 60_000;
    const job = await claimJob(this.db, this.clock, leaseMs, [...this.handlers.keys()]);
    if (!job) return false;
    const { run, onDead, timeoutMs = 30_000 } = handler(job);
    try {
      await withTimeout(run(job.payload, job), Math.min(timeoutMs, leaseMs));
      await completeJob(this.db, this.clock, job);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await failJob(this.db, this.clock, job, message);
      this.log.warn(
        { jobKind: job.kind, job: job.uuid, attempt: job.attempts, outcome, err: message },
        'job failed',
      );
      if (outcome === 'dead' && onDead) await onDead(job.payload, job, message);
    }
    return true;
  }

  /** Runs every job that is due now (including ones that become due by retry-free chaining). */
  async runDue(limit = 1000): Promise<number> {
    let count = 0;
    while (count < limit && (await this.runOne())) count += 1;
    return count;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const tick = async () => {
      try {
        await this.runDue(50);
      } catch (error) {
        this.log.error({ err: error }, 'job worker tick failed');
      }
      if (!this.stopped) this.timer = setTimeout(() => (this.running = tick()), this.options.pollMs ?? 500);
    };
    this.running = tick();
  }

  /** Stops polling and waits for the job in hand to finish (graceful shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
