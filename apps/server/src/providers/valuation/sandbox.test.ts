import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import type { PropertyAddress } from '../shared';
import type { AvmResult, ValuationSubject } from './index';
import { createSandboxValuation } from './sandbox';

const CA: PropertyAddress = { street1: '1 Ocean Ave', city: 'Santa Monica', state: 'CA', zip: '90401' };
const TX: PropertyAddress = { street1: '1100 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' };
const NY: PropertyAddress = { street1: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118' };

function subject(lastName: string, address: PropertyAddress = CA): ValuationSubject {
  return { applicant: { firstName: 'Pat', lastName }, propertyId: 'sbx_prop_1', address };
}

describe('sandbox valuation: AVM', () => {
  const valuation = createSandboxValuation({ clock: new ManualClock('2026-03-02T18:00:00.000Z') });

  it.each<[string, PropertyAddress, Partial<AvmResult>]>([
    ['Smith', CA, { outcome: 'VALUE', valueCents: 65_000_000, condition: 'GOOD', bpoRequired: false }],
    ['Smith', NY, { outcome: 'VALUE', valueCents: 65_000_000, bpoRequired: false }],
    [
      'Smith',
      TX,
      {
        outcome: 'VALUE',
        valueCents: 65_000_000,
        bpoRequired: true,
        bpoRequiredReason: 'TEXAS_VALUATION_REQUIRED',
      },
    ],
    ['Poorcondition', CA, { outcome: 'VALUE', condition: 'POOR' }],
    [
      'Noavm',
      CA,
      { outcome: 'NO_VALUE', bpoRequired: true, bpoRequiredReason: 'NO_AVM', valuationFeeCents: 18_000 },
    ],
    ['noavm', TX, { outcome: 'NO_VALUE', bpoRequiredReason: 'NO_AVM' }],
  ])('%s in %j → %j', async (lastName, address, expected) => {
    expect(await valuation.automatedValue(subject(lastName, address))).toMatchObject(expected);
  });

  it('is deterministic', async () => {
    expect(await valuation.automatedValue(subject('Smith'))).toEqual(
      await valuation.automatedValue(subject('Smith')),
    );
  });
});

describe('sandbox valuation: BPO order', () => {
  it.each<[string, PropertyAddress, number | null, string, number, string]>([
    ['Noavm', CA, 70_000_000, 'NO_AVM', 70_000_000, 'GOOD'],
    ['Noavm', CA, null, 'NO_AVM', 65_000_000, 'GOOD'],
    ['Smith', TX, null, 'TEXAS_VALUATION_REQUIRED', 65_000_000, 'GOOD'],
    ['Poorcondition', TX, null, 'TEXAS_VALUATION_REQUIRED', 65_000_000, 'POOR'],
  ])(
    '%s (%j, estimate %j) → %s then %i %s',
    async (lastName, address, estimate, reason, value, condition) => {
      const clock = new ManualClock('2026-03-02T18:00:00.000Z');
      const valuation = createSandboxValuation({ clock, bpoTurnaroundMs: 3_600_000 });
      const request = {
        ...subject(lastName, address),
        borrowerEstimateCents: estimate,
        idempotencyKey: 'app-1',
      };
      const order = await valuation.orderBpo(request);
      expect(order).toMatchObject({ reason, feeCents: 18_000 });
      expect(await valuation.orderBpo(request)).toEqual(order);
      expect(await valuation.getBpoStatus({ ...request, order })).toMatchObject({ status: 'PROCESSING' });
      clock.advance(3_600_000);
      expect(await valuation.getBpoStatus({ ...request, order })).toMatchObject({
        status: 'COMPLETE',
        orderId: order.orderId,
        valueCents: value,
        condition,
      });
    },
  );
});
