/** Underwriting conditions the borrower must clear (spec 1 §3, spec 2 §3). */
import { z } from 'zod';
import { ZConditionCategory } from '../enums';
import { ZIsoDateTime, ZUuid } from './common';

export const ZConditionExtraData = z.object({
  /** How many documents to upload (paystubs); 1 when the lender did not say. */
  numDocsRequired: z.number().int().min(1).default(1),
});

export const ZCondition = z.object({
  uuid: ZUuid,
  categoryEnum: ZConditionCategory,
  created: ZIsoDateTime,
  notes: z.string().nullish(),
  commentsToBorrower: z.string().nullish(),
  actionNeeded: z.boolean(),
  requestDocuments: z.boolean(),
  // Missing or null extra data still means one document.
  xtraData: ZConditionExtraData.nullish().transform((value) => value ?? { numDocsRequired: 1 }),
});
export type TCondition = z.infer<typeof ZCondition>;
export type TConditionInput = z.input<typeof ZCondition>;
