import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import type { FloodDeterminationRequest } from './index';
import { createSandboxFlood } from './sandbox';

function request(lastName: string, firstRequestedAt?: Date): FloodDeterminationRequest {
  return {
    applicant: { firstName: 'Pat', lastName },
    propertyId: 'sbx_prop_1',
    address: { street1: '1 Canal St', city: 'New Orleans', state: 'LA', zip: '70112' },
    firstRequestedAt: firstRequestedAt ?? null,
  };
}

describe('sandbox flood determination', () => {
  it.each([
    ['Smith', 'X', false],
    ['Highdebt', 'X', false],
  ])('%s → zone %s immediately, insurance required %s', async (lastName, zone, required) => {
    const flood = createSandboxFlood({ clock: new ManualClock() });
    expect(await flood.determine(request(lastName))).toMatchObject({
      outcome: 'DETERMINED',
      floodZone: zone,
      insuranceRequired: required,
      inSpecialFloodHazardArea: required,
    });
  });

  it('Flood: pending (flood-cert wait) until research ends, then zone AE with insurance required', async () => {
    const clock = new ManualClock('2026-03-02T18:00:00.000Z');
    const flood = createSandboxFlood({ clock, researchMs: 60_000 });
    const first = clock.now();
    const pending = await flood.determine(request('FLOOD', first));
    expect(pending).toEqual({
      outcome: 'PENDING',
      requestId: expect.stringMatching(/^sbx_fld_/),
      retryAt: new Date('2026-03-02T18:01:00.000Z'),
    });
    clock.advance(59_999);
    expect((await flood.determine(request('flood', first))).outcome).toBe('PENDING');
    clock.advance(1);
    expect(await flood.determine(request('flood', first))).toMatchObject({
      outcome: 'DETERMINED',
      floodZone: 'AE',
      inSpecialFloodHazardArea: true,
      insuranceRequired: true,
    });
  });

  it('Flood without a first-request time counts from now (always pending at first)', async () => {
    const flood = createSandboxFlood({ clock: new ManualClock() });
    expect((await flood.determine(request('Flood'))).outcome).toBe('PENDING');
  });
});
