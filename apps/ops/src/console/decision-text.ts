/** The decisions' words: each decision type's label, what a decision decided, and a failed call's text. */
import {
  EXCEPTIONABLE_RULE_TEXT,
  REG_B_REASON_TEXT,
  ZExceptionableRule,
  ZRegBReason,
  type TStaffDecision,
  type TStaffDecisionType,
} from '@heloc/domain';
import { money } from './format';

export const DECISION_LABELS: Record<TStaffDecisionType, string> = {
  DECLINE: 'Decline',
  CANCEL: 'Cancel the application',
  COUNTER_OFFER: 'Counter-offer (a lower line)',
  REOPEN: 'Reopen the application',
  VALUATION_OVERRIDE: 'Override the valuation',
  APPROVE_EXCEPTION: 'Approve an exception',
};

export const errorText = (error: unknown, fallback: string) =>
  error instanceof Error ? error.message : fallback;

/** What the decision decided, in words: a decline's reasons, a counter-offer's line. */
export function decisionDetails(decision: TStaffDecision): string | null {
  const { details } = decision;
  if (decision.type === 'DECLINE' && Array.isArray(details.reasons)) {
    const words = details.reasons.flatMap((code) => {
      const reason = ZRegBReason.safeParse(code);
      if (!reason.success) return [];
      return reason.data === 'OTHER' && typeof details.otherReason === 'string'
        ? [`Other: ${details.otherReason}`]
        : [REG_B_REASON_TEXT[reason.data]];
    });
    return `Reasons: ${words.join('; ')}`;
  }
  if (decision.type === 'COUNTER_OFFER' && typeof details.maxLineCents === 'number')
    return `New maximum line: ${money(details.maxLineCents)}`;
  if (decision.type === 'VALUATION_OVERRIDE' && typeof details.valueCents === 'number')
    return `Manual value: ${money(details.valueCents)} (${String(details.source ?? '')})`;
  if (decision.type === 'APPROVE_EXCEPTION' && Array.isArray(details.rules))
    return `Rules excepted: ${details.rules
      .flatMap((rule) => {
        const parsed = ZExceptionableRule.safeParse(rule);
        return parsed.success ? [EXCEPTIONABLE_RULE_TEXT[parsed.data]] : [];
      })
      .join('; ')}`;
  return null;
}
