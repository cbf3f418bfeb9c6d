/**
 * An in-memory queue that writes its rows in bulk: a request only pushes (never waits for the
 * database), a timer or a full batch triggers one multi-row insert. The queue is bounded: once full,
 * new rows are dropped and counted, so a slow or unavailable database costs telemetry, not memory or
 * latency. A failed batch goes back to the front (as far as the bound allows) for the next round.
 *
 * One bad row must not stop the rest (issue 20: one event the database refused failed every bulk
 * insert, every second, and every good event behind it was lost). When `isRowError` says a failure
 * is about the rows' content (a data or constraint error), the batch is split in halves and each
 * half written again, down to single rows: good rows are written, each refused row is dropped and
 * counted in `rejected`. Any other failure (the database is unavailable) keeps the rows for later.
 */
import type { FastifyBaseLogger } from 'fastify';

export interface BatchWriterOptions {
  batchSize: number;
  queueLimit: number;
  flushIntervalMs: number;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** True when a failed write was refused for its rows' content, not for the database's availability. */
  isRowError?: (error: unknown) => boolean;
}

export class BatchWriter<T> {
  private queue: T[] = [];
  private running: Promise<void> | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  /** Rows refused because the queue was full. */
  dropped = 0;
  /** Rows written. */
  written = 0;
  /** Rows the database refused (found by splitting a failed batch) and dropped. */
  rejected = 0;

  constructor(
    private readonly write: (rows: T[]) => Promise<void>,
    private readonly options: BatchWriterOptions,
  ) {}

  get pending(): number {
    return this.queue.length;
  }

  /** Queues a row; false when the queue is full and the row was dropped. Never waits. */
  push(row: T): boolean {
    if (this.queue.length >= this.options.queueLimit) {
      this.dropped += 1;
      // One warning per thousand drops keeps a flood from flooding the log too.
      if (this.dropped % 1000 === 1) {
        this.options.log?.warn({ dropped: this.dropped }, 'batch writer queue full: dropping rows');
      }
      return false;
    }
    this.queue.push(row);
    if (this.queue.length >= this.options.batchSize) void this.flush();
    return true;
  }

  /** Writes everything queued so far (one insert per batch); concurrent calls share the run. */
  async flush(): Promise<void> {
    while (this.running) await this.running;
    if (this.queue.length === 0) return;
    this.running = this.drain().finally(() => {
      this.running = null;
    });
    await this.running;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.batchSize);
      const unwritten = await this.writeSplitting(batch);
      if (unwritten) {
        const room = Math.max(0, this.options.queueLimit - this.queue.length);
        const kept = unwritten.rows.slice(0, room);
        this.dropped += unwritten.rows.length - kept.length;
        this.queue.unshift(...kept);
        this.options.log?.error(
          { err: unwritten.error, rows: unwritten.rows.length },
          'batch write failed; will retry',
        );
        return;
      }
    }
  }

  /**
   * Writes `rows`, splitting on row errors; answers the rows left unwritten by another kind of
   * failure (to be retried later), or null when every row was written or rejected.
   */
  private async writeSplitting(rows: T[]): Promise<{ rows: T[]; error: unknown } | null> {
    try {
      await this.write(rows);
      this.written += rows.length;
      return null;
    } catch (error) {
      if (!this.options.isRowError?.(error)) return { rows, error };
      if (rows.length === 1) {
        this.rejected += 1;
        this.options.log?.warn(
          { err: error, rejected: this.rejected },
          'batch writer: dropped a row the database refused',
        );
        return null;
      }
      const middle = Math.ceil(rows.length / 2);
      const first = await this.writeSplitting(rows.slice(0, middle));
      if (first) return { rows: [...first.rows, ...rows.slice(middle)], error: first.error };
      return this.writeSplitting(rows.slice(middle));
    }
  }

  /** Flushes every interval until stopped; the timer never holds the process open. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.options.flushIntervalMs);
    this.timer.unref?.();
  }

  /** Stops the timer and writes what is left. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }
}
