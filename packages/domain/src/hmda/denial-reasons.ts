/** HMDA denial reason codes and how Regulation B and the engine's decline reasons map onto them. */
import { REG_B_REASON_TEXT, type TRegBReason } from '../schemas/decisions';
import type { DeclineReason } from '../underwriting/eligibility';

/** HMDA's denial reason codes (filing instructions guide, field "Reason for Denial"). */
export const HMDA_DENIAL = {
  DEBT_TO_INCOME: '1',
  EMPLOYMENT_HISTORY: '2',
  CREDIT_HISTORY: '3',
  COLLATERAL: '4',
  INSUFFICIENT_CASH: '5',
  UNVERIFIABLE_INFORMATION: '6',
  CREDIT_APPLICATION_INCOMPLETE: '7',
  MORTGAGE_INSURANCE_DENIED: '8',
  OTHER: '9',
  NOT_APPLICABLE: '10',
} as const;
type THmdaDenialCode = (typeof HMDA_DENIAL)[keyof typeof HMDA_DENIAL];

/** Every Regulation B reason (staff declines) as the HMDA denial reason it falls under. */
export const REG_B_TO_HMDA_DENIAL: Record<TRegBReason, THmdaDenialCode> = {
  CREDIT_APPLICATION_INCOMPLETE: HMDA_DENIAL.CREDIT_APPLICATION_INCOMPLETE,
  INSUFFICIENT_CREDIT_REFERENCES: HMDA_DENIAL.CREDIT_HISTORY,
  UNACCEPTABLE_CREDIT_REFERENCES: HMDA_DENIAL.CREDIT_HISTORY,
  UNABLE_TO_VERIFY_CREDIT_REFERENCES: HMDA_DENIAL.UNVERIFIABLE_INFORMATION,
  TEMPORARY_OR_IRREGULAR_EMPLOYMENT: HMDA_DENIAL.EMPLOYMENT_HISTORY,
  UNABLE_TO_VERIFY_EMPLOYMENT: HMDA_DENIAL.UNVERIFIABLE_INFORMATION,
  LENGTH_OF_EMPLOYMENT: HMDA_DENIAL.EMPLOYMENT_HISTORY,
  INSUFFICIENT_INCOME: HMDA_DENIAL.DEBT_TO_INCOME,
  EXCESSIVE_OBLIGATIONS: HMDA_DENIAL.DEBT_TO_INCOME,
  UNABLE_TO_VERIFY_INCOME: HMDA_DENIAL.UNVERIFIABLE_INFORMATION,
  LENGTH_OF_RESIDENCE: HMDA_DENIAL.OTHER,
  TEMPORARY_RESIDENCE: HMDA_DENIAL.OTHER,
  UNABLE_TO_VERIFY_RESIDENCE: HMDA_DENIAL.UNVERIFIABLE_INFORMATION,
  NO_CREDIT_FILE: HMDA_DENIAL.CREDIT_HISTORY,
  LIMITED_CREDIT_EXPERIENCE: HMDA_DENIAL.CREDIT_HISTORY,
  POOR_CREDIT_PERFORMANCE_WITH_US: HMDA_DENIAL.CREDIT_HISTORY,
  DELINQUENT_CREDIT_OBLIGATIONS: HMDA_DENIAL.CREDIT_HISTORY,
  COLLECTION_ACTION_OR_JUDGMENT: HMDA_DENIAL.CREDIT_HISTORY,
  GARNISHMENT_OR_ATTACHMENT: HMDA_DENIAL.CREDIT_HISTORY,
  FORECLOSURE_OR_REPOSSESSION: HMDA_DENIAL.CREDIT_HISTORY,
  BANKRUPTCY: HMDA_DENIAL.CREDIT_HISTORY,
  NUMBER_OF_RECENT_INQUIRIES: HMDA_DENIAL.CREDIT_HISTORY,
  INSUFFICIENT_COLLATERAL: HMDA_DENIAL.COLLATERAL,
  OTHER: HMDA_DENIAL.OTHER,
};

/** The underwriting engine's own decline reasons (automatic declines) as HMDA denial reasons. */
export const ENGINE_TO_HMDA_DENIAL: Record<DeclineReason | 'CREDIT_DECLINE_INDICATOR', THmdaDenialCode> = {
  NO_CREDIT_SCORE: HMDA_DENIAL.CREDIT_HISTORY,
  CREDIT_SCORE_BELOW_FLOOR: HMDA_DENIAL.CREDIT_HISTORY,
  CREDIT_DECLINE_INDICATOR: HMDA_DENIAL.CREDIT_HISTORY,
  DTI_ABOVE_CAP: HMDA_DENIAL.DEBT_TO_INCOME,
  CLTV_ABOVE_CAP: HMDA_DENIAL.COLLATERAL,
  PROPERTY_CONDITION: HMDA_DENIAL.COLLATERAL,
  STATE_NOT_LICENSED: HMDA_DENIAL.OTHER,
  LINE_BELOW_MINIMUM: HMDA_DENIAL.OTHER,
  LINE_ABOVE_MAXIMUM: HMDA_DENIAL.OTHER,
};
/** The words written for an engine reason that maps to 9 (other). */
const ENGINE_OTHER_TEXT: Partial<Record<DeclineReason, string>> = {
  STATE_NOT_LICENSED: 'Property state not licensed',
  LINE_BELOW_MINIMUM: 'Line below program minimum',
  LINE_ABOVE_MAXIMUM: 'Line above program maximum',
};

/**
 * The denial reason fields of a decline: its reasons mapped, distinct, at most four (HMDA allows
 * four), and the words of those that are "other". Unknown reason codes are skipped (an edit then
 * reports a denial without a reason rather than the export inventing one).
 */
export function hmdaDenialReasons(
  reasons: readonly string[],
  otherReason: string | null,
): { codes: string[]; otherText: string } {
  const codes: string[] = [];
  const other: string[] = [];
  for (const reason of reasons) {
    let code: string | undefined;
    let text: string | undefined;
    if (reason in REG_B_TO_HMDA_DENIAL) {
      code = REG_B_TO_HMDA_DENIAL[reason as TRegBReason];
      text = reason === 'OTHER' ? (otherReason ?? undefined) : REG_B_REASON_TEXT[reason as TRegBReason];
    } else if (reason in ENGINE_TO_HMDA_DENIAL) {
      code = ENGINE_TO_HMDA_DENIAL[reason as DeclineReason];
      text = ENGINE_OTHER_TEXT[reason as DeclineReason];
    }
    if (!code) continue;
    if (code === HMDA_DENIAL.OTHER && text && !other.includes(text)) other.push(text);
    if (!codes.includes(code) && codes.length < 4) codes.push(code);
  }
  return { codes, otherText: codes.includes(HMDA_DENIAL.OTHER) ? other.join('; ').slice(0, 255) : '' };
}
