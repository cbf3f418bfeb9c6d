import { describe, expect, it } from 'vitest';
import { TimeoutError } from '../../jobs/worker';
import { ManualClock } from '../../lib/clock';
import { dtiWithAssetsBps } from '@heloc/domain';
import { SANDBOX_VALUES } from '../scenario';
import { ProviderInputError, ProviderTimeoutError } from '../shared';
import type { CreditPullRequest, CreditPullResult } from './index';
import { createSandboxCreditBureau } from './sandbox';

const clock = new ManualClock('2026-03-02T18:00:00.000Z');
const bureau = createSandboxCreditBureau({ clock, timeoutDelayMs: 5 });

function request(lastName: string, extra: Partial<CreditPullRequest> = {}): CreditPullRequest {
  return {
    kind: 'SOFT',
    applicant: { firstName: 'Pat', lastName, dob: '1980-04-01' },
    address: { street1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
    consentedAt: new Date('2026-03-02T17:59:00.000Z'),
    ...extra,
  };
}

type Expectation = Partial<Record<string, unknown>> & { outcome: CreditPullResult['outcome'] };

describe('sandbox credit bureau', () => {
  it.each<[string, Partial<CreditPullRequest>, Expectation]>([
    ['Smith', {}, { outcome: 'REPORT', score: 760, mortgageDelinquency: false, declineIndicators: [] }],
    ['  sMiTh ', { kind: 'HARD', ssn: '123-45-6789' }, { outcome: 'REPORT', score: 760, ssnLast4: '6789' }],
    ['Nomatch', {}, { outcome: 'NO_MATCH' }],
    ['NOMATCH', { ssn: '123-45-0000' }, { outcome: 'NO_SCORE', ssnLast4: '0000' }],
    ['nomatch', { ssn: '123456789' }, { outcome: 'REPORT', score: 760, ssnLast4: '6789' }],
    ['Frozen', {}, { outcome: 'FROZEN' }],
    ['Frozen', { kind: 'HARD', ssn: '123456789' }, { outcome: 'FROZEN' }],
    ['Pinfrozen', {}, { outcome: 'FROZEN_PIN_REQUIRED', pinRejected: false }],
    ['Pinfrozen', { freezePin: '9999' }, { outcome: 'FROZEN_PIN_REQUIRED', pinRejected: true }],
    ['Pinfrozen', { freezePin: '1234' }, { outcome: 'REPORT', score: 760 }],
    ['Thinfile', {}, { outcome: 'NO_SCORE' }],
    ['Lowscore', {}, { outcome: 'REPORT', score: 580 }],
    ['Highdebt', {}, { outcome: 'REPORT', score: 760, monthlyDebtCents: 775_000 }],
    ['Delinquent', {}, { outcome: 'REPORT', mortgageDelinquency: true }],
    ['Declined', {}, { outcome: 'REPORT', declineIndicators: ['BANKRUPTCY'] }],
    // Scenarios decided downstream get the happy file from the bureau.
    ['Noavm', {}, { outcome: 'REPORT', score: 760, monthlyDebtCents: 243_000 }],
    ['Flood', {}, { outcome: 'REPORT', score: 760 }],
  ])('%s %j → %j', async (lastName, extra, expected) => {
    const result = await bureau.pull(request(lastName, extra));
    expect(result).toMatchObject(expected);
  });

  it('Highdebt debts give exactly 62% DTI on the sandbox income; the happy path passes the 50% cap', async () => {
    const high = await bureau.pull(request('Highdebt'));
    const happy = await bureau.pull(request('Smith'));
    if (high.outcome !== 'REPORT' || happy.outcome !== 'REPORT') throw new Error('expected reports');
    expect(
      dtiWithAssetsBps({
        monthlyDebtCents: high.monthlyDebtCents,
        statedAnnualIncomeCents: SANDBOX_VALUES.annualIncomeCents,
      }),
    ).toBe(6_200);
    expect(
      dtiWithAssetsBps({
        monthlyDebtCents: happy.monthlyDebtCents,
        statedAnnualIncomeCents: SANDBOX_VALUES.annualIncomeCents,
      }),
    ).toBeLessThan(5_000);
    expect(high.monthlyDebtCents).toBe(
      high.tradelines.reduce((sum, line) => sum + line.monthlyPaymentCents, 0),
    );
  });

  it('Timeout rejects with a timeout error after the injected delay (the job queue retries it)', async () => {
    const waited: number[] = [];
    const slow = createSandboxCreditBureau({
      clock,
      timeoutDelayMs: 12_345,
      sleep: async (ms) => {
        waited.push(ms);
      },
    });
    const failure = slow.pull(request('Timeout'));
    await expect(failure).rejects.toBeInstanceOf(ProviderTimeoutError);
    await expect(failure).rejects.toBeInstanceOf(TimeoutError);
    expect(waited).toEqual([12_345]);
    await expect(bureau.pull(request('timeout'))).rejects.toThrow(/timed out/);
  });

  it('is deterministic and never returns the full SSN', async () => {
    const input = request('Smith', { kind: 'HARD', ssn: '123-45-6789' });
    const first = await bureau.pull(input);
    const second = await bureau.pull(input);
    expect(second).toEqual(first);
    expect(JSON.stringify(first)).not.toContain('123456789');
    expect(JSON.stringify(first)).not.toContain('123-45-6789');
    const other = await bureau.pull(request('Jones', { kind: 'HARD', ssn: '123-45-6789' }));
    expect(other.pullId).not.toBe(first.pullId);
  });

  it.each(['12345678', '1234567890', 'abc-de-fghi'])(
    'rejects malformed SSN %j without echoing it',
    async (ssn) => {
      const failure = bureau.pull(request('Smith', { ssn }));
      await expect(failure).rejects.toBeInstanceOf(ProviderInputError);
      await expect(failure).rejects.not.toThrow(ssn);
    },
  );
});
