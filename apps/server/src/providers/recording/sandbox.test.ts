import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import type { RecordingRequest } from './index';
import { createSandboxRecording } from './sandbox';

function request(state: string, lineAmountCents = 10_000_000): RecordingRequest {
  return {
    applicationUuid: 'app-1',
    propertyId: 'sbx_prop_1',
    address: { street1: '1 Main St', city: 'Albany', state, zip: '12207' },
    lineAmountCents,
    documentSha256: 'ff',
    idempotencyKey: 'app-1',
  };
}

describe('sandbox recording', () => {
  it.each<[string, number, number]>([
    ['CA', 10_000_000, 0],
    ['TX', 10_000_000, 0],
    ['NY', 10_000_000, 105_000],
    ['NY', 15_000_000, 157_500],
    ['ny', 1_500_000, 15_750],
  ])('%s line %i → tax %i, fee $125', async (state, line, tax) => {
    const recording = createSandboxRecording({ clock: new ManualClock() });
    expect(await recording.quoteFees(request(state, line))).toEqual({
      recordingFeeCents: 12_500,
      recordingTaxCents: tax,
    });
  });

  it.each<[string, string, string]>([
    ['Monday', '2026-03-02T18:00:00.000Z', '2026-03-04'],
    ['Friday', '2026-03-06T18:00:00.000Z', '2026-03-10'],
    ['Friday before Memorial Day', '2026-05-22T18:00:00.000Z', '2026-05-27'],
    // 23:00 PT on Monday is already Tuesday in UTC: the county's day is the Pacific one.
    ['Monday late evening PT', '2026-03-03T07:00:00.000Z', '2026-03-04'],
  ])('submitted %s (%s) → recorded %s', async (_, now, recordedOn) => {
    const clock = new ManualClock(now);
    const recording = createSandboxRecording({ clock });
    const submission = await recording.submit(request('CA'));
    expect(submission.expectedRecordedOn).toBe(recordedOn);
    expect(await recording.submit(request('CA'))).toEqual(submission);
    expect((await recording.getStatus({ submission })).status).toBe('PENDING');
    clock.set(`${recordedOn}T17:00:00.000Z`);
    expect(await recording.getStatus({ submission })).toMatchObject({
      status: 'RECORDED',
      recordedOn,
      instrumentNumber: expect.stringMatching(/^\d{4}-\d{6}$/),
    });
  });
});
