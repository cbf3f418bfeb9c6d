import { pacificWallClock } from '@heloc/domain';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createSandboxNotary, DEFAULT_NOTARY_HOURS } from './sandbox';

const address = { street1: '1 Main St', city: 'Fresno', state: 'CA', zip: '93721' };

describe('sandbox notary: electronic session', () => {
  it('is open around the clock by default (online notary networks are)', async () => {
    for (const now of ['2026-03-08T19:00:00.000Z', '2026-03-03T11:00:00.000Z']) {
      const notary = createSandboxNotary({ clock: new ManualClock(now) });
      expect(
        (await notary.startElectronicSession({ applicationUuid: 'app-1', signerIds: ['b'] })).outcome,
      ).toBe('SESSION_READY');
    }
  });

  it.each<[string, string, string]>([
    // 2026-03-02 is a Monday; PST is UTC−8 until 2026-03-08.
    ['Monday 10:00 PT', '2026-03-02T18:00:00.000Z', 'SESSION_READY'],
    ['Monday 07:59 PT', '2026-03-02T15:59:00.000Z', 'UNAVAILABLE'],
    ['Monday 20:00 PT', '2026-03-03T04:00:00.000Z', 'UNAVAILABLE'],
    ['Saturday 14:59 PT', '2026-03-07T22:59:00.000Z', 'SESSION_READY'],
    ['Sunday noon PT', '2026-03-08T19:00:00.000Z', 'UNAVAILABLE'],
    ['Monday 08:00 PDT', '2026-03-09T15:00:00.000Z', 'SESSION_READY'],
  ])('%s → %s', async (_, now, outcome) => {
    const notary = createSandboxNotary({
      clock: new ManualClock(now),
      electronicHours: DEFAULT_NOTARY_HOURS,
    });
    expect(
      (await notary.startElectronicSession({ applicationUuid: 'app-1', signerIds: ['b'] })).outcome,
    ).toBe(outcome);
  });

  it('outside hours names the next opening; a session notarizes before it expires', async () => {
    const clock = new ManualClock('2026-03-08T19:00:00.000Z'); // Sunday
    const notary = createSandboxNotary({
      clock,
      sessionTtlMs: 60_000,
      electronicHours: DEFAULT_NOTARY_HOURS,
    });
    expect(await notary.startElectronicSession({ applicationUuid: 'app-1', signerIds: ['b'] })).toEqual({
      outcome: 'UNAVAILABLE',
      reason: 'OUTSIDE_OPERATING_HOURS',
      nextAvailableAt: new Date('2026-03-09T15:00:00.000Z'), // Monday 08:00 PDT
    });
    clock.set('2026-03-09T16:00:00.000Z');
    const started = await notary.startElectronicSession({ applicationUuid: 'app-1', signerIds: ['b'] });
    if (started.outcome !== 'SESSION_READY') throw new Error(started.outcome);
    clock.advance(30_000);
    expect(await notary.completeElectronicSession({ session: started.session })).toMatchObject({
      outcome: 'NOTARIZED',
    });
    clock.advance(60_000);
    expect(await notary.completeElectronicSession({ session: started.session })).toMatchObject({
      outcome: 'SESSION_EXPIRED',
    });
  });
});

describe('sandbox notary: manual appointment', () => {
  const clock = new ManualClock('2026-03-02T18:00:00.000Z'); // Monday 10:00 PST
  const notary = createSandboxNotary({ clock });

  it('offers whole-hour slots inside Pacific hours, after the lead time, at $300', async () => {
    const slots = await notary.listManualSlots({ applicationUuid: 'app-1', address, days: 7 });
    expect(slots.length).toBeGreaterThan(0);
    expect(slots[0]?.startsAt).toEqual(new Date('2026-03-03T18:00:00.000Z')); // Tuesday 10:00 PST
    for (const slot of slots) {
      const { weekdayValue, secondsOfDay } = pacificWallClock(slot.startsAt);
      expect(weekdayValue).not.toBe(7);
      expect(secondsOfDay % 3600).toBe(0);
      expect(secondsOfDay).toBeGreaterThanOrEqual(weekdayValue === 6 ? 9 * 3600 : 8 * 3600);
      expect(secondsOfDay).toBeLessThanOrEqual(weekdayValue === 6 ? 14 * 3600 : 19 * 3600);
      expect(slot.feeCents).toBe(30_000);
    }
    // After the DST change (Sunday 2026-03-08), 08:00 PDT is 15:00 UTC.
    expect(slots.map((slot) => slot.startsAt.toISOString())).toContain('2026-03-09T15:00:00.000Z');
    expect(await notary.listManualSlots({ applicationUuid: 'app-1', address, days: 7 })).toEqual(slots);
  });

  it.each<[string, string, string]>([
    ['an offered slot', '2026-03-03T18:00:00.000Z', 'BOOKED'],
    ['inside the lead time', '2026-03-02T20:00:00.000Z', 'SLOT_UNAVAILABLE'],
    ['a Sunday', '2026-03-08T19:00:00.000Z', 'SLOT_UNAVAILABLE'],
    ['not on the hour', '2026-03-03T18:30:00.000Z', 'SLOT_UNAVAILABLE'],
  ])('booking %s → %s', async (_, startsAt, outcome) => {
    expect(
      (
        await notary.bookManualAppointment({
          applicationUuid: 'app-1',
          address,
          startsAt: new Date(startsAt),
        })
      ).outcome,
    ).toBe(outcome);
  });
});
