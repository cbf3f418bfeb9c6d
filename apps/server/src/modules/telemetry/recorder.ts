/**
 * Telemetry events on their way to PostgreSQL (spec 2 §7 `{base}/ft/{context}/event`): deduplicated
 * per session, then queued in a bounded BatchWriter and written in bulk. Dedupe happens twice: a
 * bounded memory of recent keys answers at once (and spares the queue), and the unique index
 * (session_uuid, dedupe_key) with ON CONFLICT DO NOTHING holds it across instances and restarts.
 *
 * Nothing that could poison a bulk insert is queued (issue 20): an event whose text breaks the edge
 * rule (NUL, unpaired surrogate) or whose properties nest too deep is rejected before the queue;
 * should the database still refuse a row, the failed batch is split and only that row is dropped
 * (BatchWriter with isRowDataError), counted in `stats.rejected`.
 */
import type { FastifyBaseLogger } from 'fastify';
import {
  findUnsafeText,
  jsonNestingExceeds,
  MAX_JSON_DEPTH,
  type TTelemetryEventParsed,
} from '@heloc/domain';
import type { Database } from '../../db';
import { schema } from '../../db';
import { BatchWriter, type BatchWriterOptions } from '../../lib/batch-writer';
import { isRowDataError } from '../../lib/db-errors';

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

export type RecordOutcome = 'QUEUED' | 'DUPLICATE' | 'DROPPED' | 'REJECTED';

/** Why the database would refuse this row, or null when it can be queued. */
export function telemetryRowProblem(row: TelemetryEventRow): string | null {
  const unsafe = findUnsafeText(row, 'event');
  if (unsafe) return `${unsafe.path}: ${unsafe.message}`;
  for (const [name, value] of [
    ['eventProperties', row.eventProperties],
    ['queryParams', row.queryParams],
  ] as const) {
    if (value !== undefined && jsonNestingExceeds(JSON.stringify(value), MAX_JSON_DEPTH)) {
      return `event.${name}: nested deeper than ${MAX_JSON_DEPTH} levels`;
    }
  }
  return null;
}

export class TelemetryRecorder {
  private readonly writer: BatchWriter<TelemetryEventRow>;
  private readonly recent = new Set<string>();
  /** Events refused before the queue (telemetryRowProblem). */
  private invalid = 0;

  constructor(db: Database, options: BatchWriterOptions & { log?: FastifyBaseLogger }) {
    this.writer = new BatchWriter(
      async (rows) => {
        await db.insert(schema.telemetryEvents).values(rows).onConflictDoNothing();
      },
      { ...options, isRowError: isRowDataError },
    );
  }

  record(row: TelemetryEventRow): RecordOutcome {
    if (telemetryRowProblem(row) !== null) {
      this.invalid += 1;
      return 'REJECTED';
    }
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
    return {
      pending: this.writer.pending,
      written: this.writer.written,
      /** Refused because the queue was full. */
      dropped: this.writer.dropped,
      /** Refused as invalid before the queue, or by the database (split out of a failed batch). */
      rejected: this.invalid + this.writer.rejected,
    };
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
