/**
 * The authoritative application status (spec 1 §3 "Application status object", §4 routing): what
 * GET /service-krang-heloc/borrower/secure/api/v1/{uuid}/status answers, the step plus every flag.
 */
import { z } from 'zod';
import {
  ZApplicationStep,
  ZBpoStatus,
  ZChecklistStatus,
  ZDecisionType,
  ZGiactAccountStatus,
  ZPropertyCondition,
  ZSubDecision,
  ZTitleStatus,
} from '../enums';
import { ZIsoDate } from './common';

export const ZApplicationStatus = z.object({
  /** The borrower chose (or must use) an in-person notary. */
  manualNotary: z.boolean(),
  uwDecision: ZDecisionType.nullable(),
  uwSubDecision: ZSubDecision.nullable(),
  liensComplete: z.boolean(),
  /** Recent hard inquiries must be explained before the offer. */
  inquiryAttestNeeded: z.boolean(),
  inquiryAttestComplete: z.boolean(),
  /** Application summary package generated / signed. */
  disclosurelistSummaryReady: z.boolean(),
  disclosurelistSummaryComplete: z.boolean(),
  /** Closing package (closing disclosure, agreement, right to cancel) generated / signed. */
  disclosurelistClosingReady: z.boolean(),
  disclosurelistClosingComplete: z.boolean(),
  /** Notary package (deed of trust) generated / notarised. */
  disclosurelistNotaryReady: z.boolean(),
  disclosurelistNotaryComplete: z.boolean(),
  /** The primary borrower accepted in the notary session. */
  primaryParticipantAcceptComplete: z.boolean(),
  manualDeedSigningComplete: z.boolean(),
  /** Income was only partly verified: paystubs must be uploaded. */
  manualPaystubUpload: z.boolean(),
  manualPaystubTasksComplete: z.boolean(),
  giactAccountStatus: ZGiactAccountStatus.nullable(),
  bpoStatus: ZBpoStatus.nullable(),
  titleStatus: ZTitleStatus.nullable(),
  checklistStatus: ZChecklistStatus.nullable(),
  employmentVerificationNeeded: z.boolean(),
  propertyComplete: z.boolean(),
  datatreeNoMatch: z.boolean(),
  creditFrozenWithPin: z.boolean(),
  dtiDecline: z.boolean(),
  creditScoreDecline: z.boolean(),
  waitingOnFloodCert: z.boolean(),
  /** Property condition from the valuation report (approval needs AVERAGE or better). */
  condition: ZPropertyCondition.nullable(),
  /**
   * Rescission dates (yyyy-MM-dd, ours: the spec's status object names the checklist but not its
   * dates): the transaction date the three business days run from, the last day to cancel, and the
   * day the line is funded. Absent until the rescission period starts.
   */
  rescissionStartDate: ZIsoDate.nullable().optional(),
  rescissionDeadline: ZIsoDate.nullable().optional(),
  fundingDate: ZIsoDate.nullable().optional(),
});
export type TApplicationStatus = z.infer<typeof ZApplicationStatus>;

/** The status call's answer: the current server step and the flags. */
export const ZApplicationStatusResponse = z.object({
  status: ZApplicationStep,
  applicationStatus: ZApplicationStatus,
});
export type TApplicationStatusResponse = z.infer<typeof ZApplicationStatusResponse>;

/** A status with every flag off and nothing decided: the start of an application, and a test base. */
export const EMPTY_APPLICATION_STATUS: TApplicationStatus = {
  manualNotary: false,
  uwDecision: null,
  uwSubDecision: null,
  liensComplete: false,
  inquiryAttestNeeded: false,
  inquiryAttestComplete: false,
  disclosurelistSummaryReady: false,
  disclosurelistSummaryComplete: false,
  disclosurelistClosingReady: false,
  disclosurelistClosingComplete: false,
  disclosurelistNotaryReady: false,
  disclosurelistNotaryComplete: false,
  primaryParticipantAcceptComplete: false,
  manualDeedSigningComplete: false,
  manualPaystubUpload: false,
  manualPaystubTasksComplete: false,
  giactAccountStatus: null,
  bpoStatus: null,
  titleStatus: null,
  checklistStatus: null,
  employmentVerificationNeeded: false,
  propertyComplete: false,
  datatreeNoMatch: false,
  creditFrozenWithPin: false,
  dtiDecline: false,
  creditScoreDecline: false,
  waitingOnFloodCert: false,
  condition: null,
  rescissionStartDate: null,
  rescissionDeadline: null,
  fundingDate: null,
};

/**
 * The status answer of an application at `step` with the flags it stored (every flag it never set at
 * its starting value): what the status endpoint answers and what a write's answer carries.
 */
export function statusResponseOf(
  step: TApplicationStatusResponse['status'],
  flags: Partial<TApplicationStatus>,
): TApplicationStatusResponse {
  return { status: step, applicationStatus: { ...EMPTY_APPLICATION_STATUS, ...flags } };
}
