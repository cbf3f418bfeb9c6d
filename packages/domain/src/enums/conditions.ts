/** Underwriting condition categories (spec 1 §3) and their labels. */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Conditions (underwriting tasks the borrower must clear)
// ---------------------------------------------------------------------------------------------

export const CONDITION_CATEGORIES = [
  'BANK_ACCOUNT_FRAUD_REVIEW',
  'FALSE_OWNERSHIP_TYPE_REVIEW',
  'GENERIC_DOCUMENT_REQUEST',
  'HARD_CREDIT_INQUIRY_REVIEW',
  'MANUAL_PAYSTUB_UPLOAD',
  'ID_VERIFICATION_FAILURE',
  'IDENTITY_DOCUMENT_FRAUD_REVIEW',
  'MISSING_PHONE_NUMBER',
  'PROPERTY_LEGAL_DESCRIPTION',
  'PROPERTY_OWNERSHIP_FRAUD_REVIEW',
  'REVIEW_TRUST_REQUIREMENTS',
] as const;
export const ZConditionCategory = z.enum(CONDITION_CATEGORIES);
export type TConditionCategory = z.infer<typeof ZConditionCategory>;

/** The spec's own wording, sentence-cased, for lists and staff screens. */
export const CONDITION_CATEGORY_LABELS: Record<TConditionCategory, string> = {
  BANK_ACCOUNT_FRAUD_REVIEW: 'Bank account fraud review',
  FALSE_OWNERSHIP_TYPE_REVIEW: 'False ownership type review',
  GENERIC_DOCUMENT_REQUEST: 'Generic document request',
  HARD_CREDIT_INQUIRY_REVIEW: 'Hard credit inquiry review',
  MANUAL_PAYSTUB_UPLOAD: 'Manual paystub upload',
  ID_VERIFICATION_FAILURE: 'ID verification failure',
  IDENTITY_DOCUMENT_FRAUD_REVIEW: 'Identity document fraud review',
  MISSING_PHONE_NUMBER: 'Missing phone number',
  PROPERTY_LEGAL_DESCRIPTION: 'Property legal description',
  PROPERTY_OWNERSHIP_FRAUD_REVIEW: 'Property ownership fraud review',
  REVIEW_TRUST_REQUIREMENTS: 'Review trust requirements',
};
