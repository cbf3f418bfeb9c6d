/** The loan officer / broker shown on the borrower's card (spec 1 §3, spec 2 §2–3). */
import { z } from 'zod';
import { LOAN_ORIGINATOR_TEXTS } from '../constants';
import { ZUuid } from './common';

export const ZOriginatorDisplayInfo = z.object({
  originatorName: z.string().nullish(),
  brokerName: z.string().nullish(),
  avatarUri: z.string().nullish(),
  email: z.string().nullish(),
  phoneNumber: z.string().nullish(),
  nmls: z.string().nullish(),
});
export type TOriginatorDisplayInfo = z.infer<typeof ZOriginatorDisplayInfo>;

export const ZLoanOriginatorInfo = z.object({
  loanOriginatorUuid: ZUuid,
  /** The originator's identity record; its shape is not given by the spec, so it passes through. */
  userInfo: z.record(z.string(), z.unknown()).nullish(),
  originatorDisplayInfo: ZOriginatorDisplayInfo,
  /** Tracking profile of the originator's experiment bucket. */
  optimizelyProfileUuid: z.string().nullish(),
});
export type TLoanOriginatorInfo = z.infer<typeof ZLoanOriginatorInfo>;

/**
 * The card heading: "Your Broker" when only a broker name exists, "Your Loan Officer" when an
 * originator name exists, null (no card at all) when neither does. Blank names count as missing.
 */
export function loanOriginatorHeading(
  info: Pick<TOriginatorDisplayInfo, 'originatorName' | 'brokerName'>,
): string | null {
  const hasOriginator = Boolean(info.originatorName?.trim());
  const hasBroker = Boolean(info.brokerName?.trim());
  if (hasOriginator) return LOAN_ORIGINATOR_TEXTS.loanOfficerHeading;
  if (hasBroker) return LOAN_ORIGINATOR_TEXTS.brokerHeading;
  return null;
}
