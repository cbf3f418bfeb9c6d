/**
 * Local notices of writes that cached reads depend on: an application changed, sessions ended.
 * Caches on this instance drop their entries at once; other instances rely on the caches' short
 * time-to-live (a PostgreSQL LISTEN/NOTIFY fan-out can feed these same notices later).
 */
import { EventEmitter } from 'node:events';

type WriteEvents = {
  application: [applicationUuid: string];
  sessionsRevoked: [revoked: { sessionUuid: string } | { identityUuid: string; exceptSessionUuid: string }];
};

export const writeEvents = new EventEmitter<WriteEvents>();
// Every app built in one process (tests build many) subscribes; that is not a leak.
writeEvents.setMaxListeners(0);
