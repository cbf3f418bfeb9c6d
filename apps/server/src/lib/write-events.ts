/**
 * Local notices of writes that cached reads depend on: an application changed, sessions ended.
 * Caches on this instance drop their entries at once; on PostgreSQL, lib/write-events-bridge.ts
 * carries the notices to the other instances (LISTEN/NOTIFY), the caches' short time-to-live
 * covering a notice lost while a listening connection was down.
 */
import { EventEmitter } from 'node:events';

type WriteEvents = {
  application: [applicationUuid: string];
  sessionsRevoked: [revoked: { sessionUuid: string } | { identityUuid: string; exceptSessionUuid: string }];
};

export const writeEvents = new EventEmitter<WriteEvents>();
// Every app built in one process (tests build many) subscribes; that is not a leak.
writeEvents.setMaxListeners(0);

/**
 * How long the caches that these notices keep fresh may hold an entry. On PostgreSQL other instances
 * write too, and a notice lost while the bridge's listening connection was down is only covered by the
 * time-to-live, so it stays short (`shortMs`). The embedded database (PGlite) serves exactly one
 * process, so every write is heard here and an entry is dropped the moment its data changes: the
 * time-to-live only bounds memory. Long there, so a borrower polling every few seconds is answered
 * from memory instead of a database read per poll (bench:polling).
 */
export const SINGLE_PROCESS_CACHE_TTL_MS = 10 * 60_000;

export function cacheTtlMs(databaseKind: string, shortMs: number): number {
  return databaseKind === 'postgres' ? shortMs : SINGLE_PROCESS_CACHE_TTL_MS;
}
