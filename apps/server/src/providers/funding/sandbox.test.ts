import { rescissionDeadline } from '@heloc/domain';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import type { DisbursementRequest } from './index';
import { createSandboxFunding } from './sandbox';

function request(extra: Partial<DisbursementRequest> = {}): DisbursementRequest {
  return {
    applicationUuid: 'app-1',
    amountCents: 5_000_000,
    routingNumber: '021000021',
    accountNumber: '123456789',
    rescissionDeadline: rescissionDeadline('2026-03-02'),
    idempotencyKey: 'app-1',
    ...extra,
  };
}

describe('sandbox funding', () => {
  it.each<[string, string, Partial<DisbursementRequest>, string]>([
    // Signed Monday 2026-03-02 → rescission through Thursday 03-05 → fund Friday.
    ['after rescission', '2026-03-02T18:00:00.000Z', {}, '2026-03-06'],
    // Signed Wednesday 03-04 → Tue..Sat counts: deadline Saturday 03-07 → Sunday → Monday 03-09.
    [
      'deadline on a Saturday',
      '2026-03-04T18:00:00.000Z',
      { rescissionDeadline: rescissionDeadline('2026-03-04') },
      '2026-03-09',
    ],
    // Deadline Sunday 2026-05-24 → Monday is Memorial Day → Tuesday.
    ['over a holiday', '2026-05-20T18:00:00.000Z', { rescissionDeadline: '2026-05-24' }, '2026-05-26'],
    // Independence Day 2027 is a Sunday: the Fed closes Monday 07-05, so ACH funds Tuesday.
    ['over a Sunday holiday', '2027-07-01T18:00:00.000Z', { rescissionDeadline: '2027-07-03' }, '2027-07-06'],
    // Independence Day 2026 is a Saturday: offices close Friday 07-03 but the Fed stays open.
    [
      'before a Saturday holiday',
      '2026-06-30T18:00:00.000Z',
      { rescissionDeadline: '2026-07-02' },
      '2026-07-03',
    ],
    ['deadline long past: today', '2026-03-10T18:00:00.000Z', {}, '2026-03-10'],
  ])('%s → funds on %s', async (_, now, extra, fundingDate) => {
    const clock = new ManualClock(now);
    const funding = createSandboxFunding({ clock });
    const result = await funding.schedule(request(extra));
    if (result.outcome !== 'SCHEDULED') throw new Error(result.outcome);
    expect(result.disbursement).toMatchObject({ fundingDate, accountMask: '6789', amountCents: 5_000_000 });
    expect(JSON.stringify(result)).not.toContain('123456789');
    expect(await funding.schedule(request(extra))).toEqual(result);
    clock.set(`${fundingDate}T17:00:00.000Z`);
    expect(await funding.getStatus({ disbursement: result.disbursement })).toMatchObject({
      status: 'SENT',
      sentOn: fundingDate,
      traceNumber: expect.stringMatching(/^\d{15}$/),
    });
  });

  it('is SCHEDULED before the funding date', async () => {
    const clock = new ManualClock('2026-03-02T18:00:00.000Z');
    const funding = createSandboxFunding({ clock });
    const result = await funding.schedule(request());
    if (result.outcome !== 'SCHEDULED') throw new Error(result.outcome);
    expect((await funding.getStatus({ disbursement: result.disbursement })).status).toBe('SCHEDULED');
  });

  it.each<[Partial<DisbursementRequest>, string]>([
    [{ amountCents: 0 }, 'INVALID_AMOUNT'],
    [{ amountCents: 10.5 }, 'INVALID_AMOUNT'],
    [{ routingNumber: '021000022' }, 'INVALID_ACCOUNT'],
    [{ accountNumber: '12' }, 'INVALID_ACCOUNT'],
  ])('%j → rejected %s', async (extra, reason) => {
    const funding = createSandboxFunding({ clock: new ManualClock() });
    expect(await funding.schedule(request(extra))).toEqual({ outcome: 'REJECTED', reason });
  });
});
