import { describe, expect, it } from 'vitest';
import {
  MAX_DECLINE_REASONS,
  OUT_OF_POLICY_DECISIONS,
  REG_B_REASONS,
  REG_B_REASON_TEXT,
  ZStaffDecisionRequest,
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
    [{ type: 'REOPEN', note }, false],
  ])('%j → valid: %s', (request, valid) => {
    expect(ZStaffDecisionRequest.safeParse(request).success).toBe(valid);
  });

  it('words every Regulation B code, and only the counter-offer always needs a second member', () => {
    for (const code of REG_B_REASONS) expect(REG_B_REASON_TEXT[code].length).toBeGreaterThan(3);
    expect(OUT_OF_POLICY_DECISIONS).toEqual(['COUNTER_OFFER']);
  });
});
