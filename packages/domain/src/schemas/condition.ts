/** Underwriting conditions the borrower must clear (spec 1 §3, spec 2 §3). */
import { z } from 'zod';
import { ZConditionCategory, type TConditionCategory, type TDocumentType } from '../enums';
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

/**
 * The document types a borrower may upload to clear a condition of each category (the first is the
 * default), on conditions/upload-document. Empty: the condition is cleared on its own screen, not by
 * an upload here — the ID goes through identity (which runs the check), the phone number through
 * conditions/phone-number.
 */
export const CONDITION_UPLOAD_DOCUMENT_TYPES: Record<TConditionCategory, readonly TDocumentType[]> = {
  BANK_ACCOUNT_FRAUD_REVIEW: ['BANK_STATEMENT'],
  FALSE_OWNERSHIP_TYPE_REVIEW: ['PROPERTY_DESCRIPTION_SOURCE', 'SUPPORT'],
  GENERIC_DOCUMENT_REQUEST: ['SUPPORT', 'TAX_RETURN', 'W2', 'USER_UPLOADED_PAYSTUB', 'BANK_STATEMENT'],
  HARD_CREDIT_INQUIRY_REVIEW: ['SUPPORT'],
  MANUAL_PAYSTUB_UPLOAD: ['USER_UPLOADED_PAYSTUB'],
  ID_VERIFICATION_FAILURE: [],
  IDENTITY_DOCUMENT_FRAUD_REVIEW: ['SUPPORT'],
  MISSING_PHONE_NUMBER: [],
  PROPERTY_LEGAL_DESCRIPTION: ['PROPERTY_DESCRIPTION_SOURCE'],
  PROPERTY_OWNERSHIP_FRAUD_REVIEW: ['PROPERTY_DESCRIPTION_SOURCE', 'SUPPORT'],
  REVIEW_TRUST_REQUIREMENTS: ['CERTIFICATE_OF_TRUST'],
};
