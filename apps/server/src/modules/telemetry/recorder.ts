/**
 * Telemetry events on their way to PostgreSQL (spec 2 §7 `{base}/ft/{context}/event`): deduplicated
 * per session, then queued in a bounded BatchWriter and written in bulk. Dedupe happens twice: a
 * bounded memory of recent keys answers at once (and spares the queue), and the unique index
 * (session_uuid, dedupe_key) with ON CONFLICT DO NOTHING holds it across instances and restarts.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { TTelemetryEventParsed } from '@heloc/domain';
import type { Database } from '../../db';
import { schema } from '../../db';
import { BatchWriter, type BatchWriterOptions } from '../../lib/batch-writer';

export type TelemetryEventRow = typeof schema.telemetryEvents.$inferInsert;

/**
 * The event's dedupe key within its session: null when it must never be deduplicated; the event name
 * when no dedupeProperty is given; else the name with the property's value, read from eventProperties
 * first, then from the event body itself (e.g. pagePath).
 */
export function dedupeKeyOf(event: TTelemetryEventParsed): string | null {
  if (event.dontDedupe) return null;
  const property = event.dedupeProperty;
  if (!property) return event.event;
  const value =
    property in event.eventProperties
      ? event.eventProperties[property]
      : (event as Record<string, unknown>)[property];
  return `${event.event}|${property}=${JSON.stringify(value ?? null)}`;
}

/** Recent dedupe keys remembered per instance (oldest forgotten first). */
const RECENT_KEYS_LIMIT = 100_000;

export type RecordOutcome = 'QUEUED' | 'DUPLICATE' | 'DROPPED';

export class TelemetryRecorder {
  private readonly writer: BatchWriter<TelemetryEventRow>;
  private readonly recent = new Set<string>();

  constructor(db: Database, options: BatchWriterOptions & { log?: FastifyBaseLogger }) {
    this.writer = new BatchWriter(async (rows) => {
      await db.insert(schema.telemetryEvents).values(rows).onConflictDoNothing();
    }, options);
  }

  record(row: TelemetryEventRow): RecordOutcome {
    if (row.dedupeKey !== null && row.dedupeKey !== undefined) {
      const key = `${row.sessionUuid}|${row.dedupeKey}`;
      if (this.recent.has(key)) return 'DUPLICATE';
      if (!this.writer.push(row)) return 'DROPPED';
      this.recent.add(key);
      if (this.recent.size > RECENT_KEYS_LIMIT) {
        this.recent.delete(this.recent.values().next().value as string);
      }
      return 'QUEUED';
    }
    return this.writer.push(row) ? 'QUEUED' : 'DROPPED';
  }

  get stats() {
    return { pending: this.writer.pending, written: this.writer.written, dropped: this.writer.dropped };
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }

  start(): void {
    this.writer.start();
  }

  stop(): Promise<void> {
    return this.writer.stop();
  }
}
