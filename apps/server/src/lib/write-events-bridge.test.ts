/**
 * Two instances on one PostgreSQL database hear each other's writes (LISTEN/NOTIFY). Runs when
 * TEST_DATABASE_URL points at a real server (`bash scripts/with-postgres.sh npx vitest run …`);
 * PGlite serves one process, so there is nothing to bridge there.
 *
 * The instances are two bridges with their own notice emitters, as two processes have: two apps in
 * one test process share the process-wide emitter, so they would hear each other without any bridge
 * and prove nothing.
 */
import { EventEmitter } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database';
import { bridgeWriteEvents } from './write-events-bridge';
import type { writeEvents } from './write-events';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('write notices across instances (PostgreSQL LISTEN/NOTIFY)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.destroy());

  /** The next `event` the emitter hears, or null after `ms`. */
  const next = (events: EventEmitter, event: string, ms = 3000) =>
    new Promise<unknown[] | null>((resolve) => {
      const timer = setTimeout(() => {
        events.off(event, heard);
        resolve(null);
      }, ms);
      const heard = (...args: unknown[]) => {
        clearTimeout(timer);
        events.off(event, heard);
        resolve(args);
      };
      events.on(event, heard);
    });

  it('a write on one instance reaches the other instance, once, and never echoes back', async () => {
    // Each instance with its own notices, as two processes would have.
    const a = new EventEmitter() as typeof writeEvents;
    const b = new EventEmitter() as typeof writeEvents;
    const errors: Error[] = [];
    const bridgeA = await bridgeWriteEvents({ database, events: a, onError: (e) => errors.push(e) });
    const bridgeB = await bridgeWriteEvents({ database, events: b, onError: (e) => errors.push(e) });
    try {
      const uuid = '11111111-1111-4111-8111-111111111111';
      const onB = next(b, 'application');
      const echoOnA = next(a, 'application', 1000);
      a.emit('application', uuid);
      expect(await onB).toEqual([uuid]);
      // A's own notice does not come back to A (the emit above was the only one).
      expect(await echoOnA).toEqual([uuid]);
      expect(await next(a, 'application', 1000)).toBeNull();

      const revoked = { identityUuid: uuid, exceptSessionUuid: '22222222-2222-4222-8222-222222222222' };
      const onA = next(a, 'sessionsRevoked');
      b.emit('sessionsRevoked', revoked);
      expect(await onA).toEqual([revoked]);
      // B relays nothing back: no second notice reaches A.
      expect(await next(a, 'sessionsRevoked', 1000)).toBeNull();
      expect(errors).toEqual([]);
    } finally {
      await bridgeA.close();
      await bridgeB.close();
    }
  });
});
