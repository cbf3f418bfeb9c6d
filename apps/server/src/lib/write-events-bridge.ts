/**
 * Carries the write notices of lib/write-events.ts between instances over PostgreSQL LISTEN/NOTIFY
 * (DESIGN.md §10: N instances on one database). Each instance cache of the polled status (1 s) and
 * of live sessions (2 s) drops its entry when any instance writes the application or ends the
 * session, instead of serving the old value until its time-to-live runs out.
 *
 * A local notice is published with `pg_notify` after the write committed (the notices are emitted
 * after the commit); a notice from another instance is re-emitted locally. Each carries the
 * sender's id, so an instance ignores its own echo, and re-emitted notices are not published again.
 * A notification lost while the listening connection was down is covered by the caches' short
 * time-to-live.
 */
import { randomUUID } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../db';
import { writeEvents as defaultEvents } from './write-events';

export const WRITE_EVENTS_CHANNEL = 'heloc_write_events';

type Events = typeof defaultEvents;
type Notice = { from: string; event: string; args: unknown[] };

/**
 * Emitters in the middle of re-emitting a received notice: nothing heard then is published again.
 * Per emitter, not per bridge: several apps in one process (tests) share one emitter, and a bridge
 * must not publish what another bridge on the same emitter is relaying (they would echo forever).
 */
const relayingEmitters = new WeakSet<object>();

export async function bridgeWriteEvents(options: {
  database: Pick<DatabaseHandle, 'listen' | 'kind'> & { db: Database };
  /** Failed publishes; a lost listening connection is reported by the database handle itself. */
  onError: (error: Error) => void;
  /** The notices to bridge (default the process-wide ones); tests give each instance its own. */
  events?: Events | EventEmitter;
}): Promise<{ instanceId: string; close(): Promise<void> }> {
  const { database, onError } = options;
  const events = (options.events ?? defaultEvents) as Events;
  const instanceId = randomUUID();
  if (database.kind !== 'postgres') {
    throw new Error('only PostgreSQL has other instances to hear (PGlite serves one process)');
  }

  const publish = (event: 'application' | 'sessionsRevoked', args: unknown[]) => {
    // A notice this instance received from another one is not sent back out.
    if (relayingEmitters.has(events)) return;
    const payload = JSON.stringify({ from: instanceId, event, args });
    database.db
      .execute(sql`select pg_notify(${WRITE_EVENTS_CHANNEL}, ${payload})`)
      .catch((error: unknown) => onError(error as Error));
  };
  const onApplication = (applicationUuid: string) => publish('application', [applicationUuid]);
  const onSessions = (revoked: unknown) => publish('sessionsRevoked', [revoked]);

  const unlisten = await database.listen(WRITE_EVENTS_CHANNEL, (payload) => {
    let notice: Notice;
    try {
      notice = JSON.parse(payload) as Notice;
    } catch {
      return;
    }
    if (notice.from === instanceId) return;
    relayingEmitters.add(events);
    try {
      if (notice.event === 'application' && typeof notice.args[0] === 'string') {
        events.emit('application', notice.args[0]);
      } else if (notice.event === 'sessionsRevoked' && notice.args[0] && typeof notice.args[0] === 'object') {
        events.emit('sessionsRevoked', notice.args[0] as never);
      }
    } finally {
      relayingEmitters.delete(events);
    }
  });
  events.on('application', onApplication);
  events.on('sessionsRevoked', onSessions);
  return {
    instanceId,
    async close() {
      events.off('application', onApplication);
      events.off('sessionsRevoked', onSessions);
      await unlisten();
    },
  };
}
