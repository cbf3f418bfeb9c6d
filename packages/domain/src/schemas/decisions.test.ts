import { describe, expect, it } from 'vitest';
import {
  MAX_DECLINE_REASONS,
  OUT_OF_POLICY_DECISIONS,
  REG_B_REASONS,
  REG_B_REASON_TEXT,
  ZStaffDecisionRequest,
  staffDecisionsAt,
} from './decisions';

describe('staff decision requests', () => {
  const note = 'After the file review';
  it.each([
    [{ type: 'DECLINE', reasons: ['BANKRUPTCY'], note }, true],
    [{ type: 'DECLINE', reasons: ['OTHER'], otherReason: 'Our own words', note }, true],
    [{ type: 'DECLINE', reasons: REG_B_REASONS.slice(0, MAX_DECLINE_REASONS), note }, true],
    [{ type: 'DECLINE', reasons: REG_B_REASONS.slice(0, MAX_DECLINE_REASONS + 1), note }, false],
    [{ type: 'DECLINE', reasons: [], note }, false],
    [{ type: 'DECLINE', reasons: ['BANKRUPTCY', 'BANKRUPTCY'], note }, false],
    [{ type: 'DECLINE', reasons: ['OTHER'], note }, false],
    [{ type: 'DECLINE', reasons: ['BANKRUPTCY'], otherReason: 'Stray words', note }, false],
    [{ type: 'DECLINE', reasons: ['CREDIT_SCORE_BELOW_FLOOR'], note }, false],
    [{ type: 'DECLINE', reasons: ['BANKRUPTCY'], note: ' ' }, false],
    [{ type: 'CANCEL', note }, true],
    [{ type: 'COUNTER_OFFER', maxLineCents: 5_000_000, note }, true],
    [{ type: 'COUNTER_OFFER', maxLineCents: 0, note }, false],
    [{ type: 'COUNTER_OFFER', maxLineCents: 10.5, note }, false],
    [{ type: 'REOPEN', note }, true],
    [{ type: 'REOPEN' }, false],
    [{ type: 'REOPEN_LATER', note }, false],
  ])('%j → valid: %s', (request, valid) => {
    expect(ZStaffDecisionRequest.safeParse(request).success).toBe(valid);
  });

  it('words every Regulation B code', () => {
    for (const code of REG_B_REASONS) expect(REG_B_REASON_TEXT[code].length).toBeGreaterThan(3);
  });
});

describe('staffDecisionsAt', () => {
  it.each([
    ['CANCELLED', ['REOPEN']],
    ['DECLINED', ['APPROVE_EXCEPTION']],
    ['COMPLETE', []],
    ['OFFER_SELECTION', ['DECLINE', 'CANCEL', 'COUNTER_OFFER', 'VALUATION_OVERRIDE']],
  ] as const)('%s → %o', (step, types) => expect(staffDecisionsAt(step)).toEqual(types));
});

describe('the engine-bound decisions', () => {
  it('a valuation override needs a value of at least $10,000 and its source', () => {
    const base = { type: 'VALUATION_OVERRIDE', source: 'Appraisal', note: 'Repairs' };
    expect(ZStaffDecisionRequest.safeParse({ ...base, valueCents: 50_000_000 }).success).toBe(true);
    expect(ZStaffDecisionRequest.safeParse({ ...base, valueCents: 999_999 }).success).toBe(false);
    expect(ZStaffDecisionRequest.safeParse({ ...base, valueCents: 50_000_000, source: ' ' }).success).toBe(
      false,
    );
  });
  it('an exception names only exceptionable rules, each once', () => {
    const base = { type: 'APPROVE_EXCEPTION', note: 'Strong file' };
    expect(ZStaffDecisionRequest.safeParse({ ...base, rules: ['DTI_ABOVE_CAP'] }).success).toBe(true);
    expect(ZStaffDecisionRequest.safeParse({ ...base, rules: ['STATE_NOT_LICENSED'] }).success).toBe(false);
    expect(ZStaffDecisionRequest.safeParse({ ...base, rules: [] }).success).toBe(false);
    expect(
      ZStaffDecisionRequest.safeParse({ ...base, rules: ['DTI_ABOVE_CAP', 'DTI_ABOVE_CAP'] }).success,
    ).toBe(false);
  });
  it('out of policy: counter-offer, override and exception; reopen is in policy', () => {
    expect(OUT_OF_POLICY_DECISIONS).toEqual(['COUNTER_OFFER', 'VALUATION_OVERRIDE', 'APPROVE_EXCEPTION']);
  });
});
