/**
 * Prometheus metrics of one app (prom-client; served by plugins/metrics.ts at GET /metrics). Each
 * app has its own registry (tests build many apps in one process). Metrics fed by events are
 * updated as they happen (request latency, job attempts); the rest is read when scraped (queue
 * depth from the jobs table, telemetry queue, open sockets, cache counts).
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db';
import { queueDepthByKind } from '../jobs/queue';
import type { JobObserver } from '../jobs/worker';
import type { Clock } from './clock';

type CacheCounts = { hits: number; misses: number };

export type MetricsSources = {
  db: Database;
  clock: Clock;
  /** Telemetry events waiting in memory, written and dropped since start. */
  telemetry: () => { pending: number; written: number; dropped: number };
  /** Open websockets (the chat's). */
  openSockets: () => number;
};

/** A counter that mirrors a running total kept elsewhere (adds the difference when scraped). */
function mirroredCounter(registry: Registry, name: string, help: string, read: () => number) {
  let seen = 0;
  return new Counter({
    name,
    help,
    registers: [registry],
    collect() {
      const now = read();
      if (now > seen) this.inc(now - seen);
      seen = Math.max(seen, now);
    },
  });
}

export class AppMetrics {
  readonly registry = new Registry();
  private sources: MetricsSources | null = null;
  private readonly caches = new Map<string, CacheCounts>();

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly jobAttempts = new Counter({
    name: 'heloc_job_attempts_total',
    help: 'Finished job attempts by kind and outcome (succeeded, retry, dead)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [this.registry],
  });

  private readonly jobDuration = new Histogram({
    name: 'heloc_job_duration_seconds',
    help: 'Job attempt duration by kind',
    labelNames: ['kind'] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 30, 60],
    registers: [this.registry],
  });

  private readonly jobsInFlight = new Gauge({
    name: 'heloc_jobs_in_flight',
    help: 'Jobs this instance is running now',
    registers: [this.registry],
  });

  private readonly jobsWaiting = new Gauge({
    name: 'heloc_jobs_queue_depth',
    help: 'Jobs waiting in the queue (all instances) by kind and status (queued, running)',
    labelNames: ['kind', 'status'] as const,
    registers: [this.registry],
  });

  private readonly jobsOldest = new Gauge({
    name: 'heloc_jobs_oldest_due_age_seconds',
    help: 'Age of the oldest job that is due and not finished, by kind (0 when none is due)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  private readonly jobsDead = new Gauge({
    name: 'heloc_jobs_dead',
    help: 'Dead jobs (attempts exhausted, kept for staff until purged) by kind',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  constructor(options: { defaultMetrics?: boolean } = {}) {
    // Process metrics (CPU, memory, event loop lag, GC) with the usual names.
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry });
  }

  /** Connects the sources read at scrape time (called once the app has them). */
  attach(sources: MetricsSources): void {
    this.sources = sources;
    const registry = this.registry;
    new Gauge({
      name: 'heloc_telemetry_queued',
      help: 'Telemetry events waiting in memory for the next bulk insert',
      registers: [registry],
      collect() {
        this.set(sources.telemetry().pending);
      },
    });
    mirroredCounter(
      registry,
      'heloc_telemetry_written_total',
      'Telemetry events written to the database',
      () => sources.telemetry().written,
    );
    mirroredCounter(
      registry,
      'heloc_telemetry_dropped_total',
      'Telemetry events dropped (queue full or refused by the database)',
      () => sources.telemetry().dropped,
    );
    new Gauge({
      name: 'heloc_chat_open_sockets',
      help: 'Chat websockets open on this instance',
      registers: [registry],
      collect() {
        this.set(sources.openSockets());
      },
    });
  }

  /** Hit and miss counts of an in-memory cache, and its hit ratio since start. */
  watchCache(name: string, cache: CacheCounts): void {
    this.caches.set(name, cache);
    if (this.caches.size > 1) return; // the metrics below read every watched cache
    const caches = this.caches;
    const seen = new Map<string, CacheCounts>();
    new Counter({
      name: 'heloc_cache_requests_total',
      help: 'Reads of an in-memory cache by cache and result (hit, miss)',
      labelNames: ['cache', 'result'] as const,
      registers: [this.registry],
      collect() {
        for (const [cacheName, counts] of caches) {
          const before = seen.get(cacheName) ?? { hits: 0, misses: 0 };
          if (counts.hits > before.hits)
            this.inc({ cache: cacheName, result: 'hit' }, counts.hits - before.hits);
          if (counts.misses > before.misses)
            this.inc({ cache: cacheName, result: 'miss' }, counts.misses - before.misses);
          seen.set(cacheName, { hits: counts.hits, misses: counts.misses });
        }
      },
    });
    new Gauge({
      name: 'heloc_cache_hit_ratio',
      help: 'Share of cache reads answered from the cache since start (status: the polled status endpoint)',
      labelNames: ['cache'] as const,
      registers: [this.registry],
      collect() {
        for (const [cacheName, { hits, misses }] of caches) {
          this.set({ cache: cacheName }, hits + misses === 0 ? 0 : hits / (hits + misses));
        }
      },
    });
  }

  jobObserver(): JobObserver {
    return {
      attemptFinished: (kind, outcome, seconds) => {
        this.jobAttempts.inc({ kind, outcome });
        this.jobDuration.observe({ kind }, seconds);
      },
      inFlight: (count) => this.jobsInFlight.set(count),
    };
  }

  /** The text exposition; reads the queue from the database first. */
  async render(): Promise<string> {
    if (this.sources) {
      const rows = await queueDepthByKind(this.sources.db, this.sources.clock);
      this.jobsWaiting.reset();
      this.jobsOldest.reset();
      this.jobsDead.reset();
      const oldest = new Map<string, number>();
      for (const row of rows) {
        if (row.status === 'dead') {
          this.jobsDead.set({ kind: row.kind }, row.count);
          continue;
        }
        this.jobsWaiting.set({ kind: row.kind, status: row.status }, row.count);
        oldest.set(row.kind, Math.max(oldest.get(row.kind) ?? 0, row.oldestDueSeconds));
      }
      for (const [kind, seconds] of oldest) this.jobsOldest.set({ kind }, seconds);
    }
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
