import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import { createSandboxTitle } from './sandbox';

describe('sandbox title', () => {
  it.each<[string, number, string]>([
    ['Smith', 0, 'ORDERED'],
    ['Smith', 5_000, 'IN_REVIEW'],
    ['Smith', 12_000, 'CLEARED'],
    ['Notowner', 5_000, 'IN_REVIEW'],
    ['Notowner', 12_000, 'FAILED'],
  ])('%s after %i ms → %s', async (lastName, elapsed, status) => {
    const clock = new ManualClock('2026-03-02T18:00:00.000Z');
    const title = createSandboxTitle({ clock, turnaroundMs: 12_000 });
    const applicant = { firstName: 'Pat', lastName };
    const request = {
      applicant,
      propertyId: 'sbx_prop_1',
      address: { street1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
      lineAmountCents: 10_000_000,
      idempotencyKey: 'app-1',
    };
    const order = await title.order(request);
    expect(await title.order(request)).toEqual(order);
    expect(order.premiumCents).toBe(25_000);
    clock.advance(elapsed);
    expect(await title.getStatus({ applicant, order })).toMatchObject({ status, orderId: order.orderId });
  });
});
