/** Request bodies of the lender console's writes: conditions, decisions, records, work items, saved views. */
import { z } from 'zod';
import {
  STAFF_CONDITION_CATEGORIES,
  ZConditionClearRequest,
  ZConditionReopenRequest,
  ZConditionWaiveRequest,
} from '../console-file';
import { ZSavedViewRequest } from '../console-views';
import { ZRevealRequest, ZStaffNoteRequest, ZWorkItemCompleteRequest } from '../console-records';
import {
  ZStaffDecisionApproveRequest,
  ZStaffDecisionRejectRequest,
  ZStaffDecisionRequest,
} from '../decisions';

/** Staff raise a condition on an application. */
export const ZRaiseConditionRequest = z.object({
  category: z.enum(STAFF_CONDITION_CATEGORIES),
  commentsToBorrower: z.string().trim().min(1).max(500),
  /** Documents asked for (ignored for a phone number). */
  numDocsRequired: z.number().int().min(1).max(10).default(1),
});

const APPLICATIONS = '/service-ops/api/v1/applications';

export const CONSOLE_WRITES = {
  [`POST ${APPLICATIONS}/:uuid/conditions`]: ZRaiseConditionRequest,
  [`POST ${APPLICATIONS}/:uuid/conditions/:conditionUuid/clear`]: ZConditionClearRequest,
  [`POST ${APPLICATIONS}/:uuid/conditions/:conditionUuid/waive`]: ZConditionWaiveRequest,
  [`POST ${APPLICATIONS}/:uuid/conditions/:conditionUuid/reopen`]: ZConditionReopenRequest,
  [`POST ${APPLICATIONS}/:uuid/decisions`]: ZStaffDecisionRequest,
  [`POST ${APPLICATIONS}/:uuid/decisions/:decisionUuid/approve`]: ZStaffDecisionApproveRequest,
  [`POST ${APPLICATIONS}/:uuid/decisions/:decisionUuid/reject`]: ZStaffDecisionRejectRequest,
  [`POST ${APPLICATIONS}/:uuid/reveal`]: ZRevealRequest,
  [`POST ${APPLICATIONS}/:uuid/notes`]: ZStaffNoteRequest,
  [`POST ${APPLICATIONS}/:uuid/work-items/:kind/complete`]: ZWorkItemCompleteRequest,
  [`POST ${APPLICATIONS}/views`]: ZSavedViewRequest,
} as const satisfies Record<string, z.ZodType>;
