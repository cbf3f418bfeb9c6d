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
