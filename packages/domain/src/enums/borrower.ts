/** The borrower and the people on a file: ID types, income and payment, verification, profile types, signers. */
import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Identity documents
// ---------------------------------------------------------------------------------------------

export const ID_TYPES = ['DRIVERS_LICENSE', 'PASSPORT', 'STATE_ID_CARD', 'PERMANENT_RESIDENT_CARD'] as const;
export const ZIdType = z.enum(ID_TYPES);
export type TIdType = z.infer<typeof ZIdType>;

/** Exact labels of the spec (shown in the ID type picker). */
export const ID_TYPE_LABELS: Record<TIdType, string> = {
  DRIVERS_LICENSE: "US Driver's License",
  PASSPORT: 'US Passport',
  STATE_ID_CARD: 'US State ID Card',
  PERMANENT_RESIDENT_CARD: 'US Permanent Resident Card',
};

// ---------------------------------------------------------------------------------------------
// Income, payment, verification
// ---------------------------------------------------------------------------------------------

export const EMPLOYMENT_TYPES = [
  'FULL_TIME',
  'PART_TIME',
  'SELF_EMPLOYED',
  'RETIRED',
  'UNEMPLOYED',
  'SEPARATE_MAINTENANCE_PAYMENTS',
] as const;
export const ZEmploymentType = z.enum(EMPLOYMENT_TYPES);
export type TEmploymentType = z.infer<typeof ZEmploymentType>;

export const EMPLOYMENT_TYPE_LABELS: Record<TEmploymentType, string> = {
  FULL_TIME: 'Full-time',
  PART_TIME: 'Part-time',
  SELF_EMPLOYED: 'Self-employed',
  RETIRED: 'Retired',
  UNEMPLOYED: 'Unemployed',
  SEPARATE_MAINTENANCE_PAYMENTS: 'Separate maintenance payments',
};

/** How the borrower repays: automatic debit or manual payments (payType of the application). */
export const PAYMENT_MODES = ['AUTOPAY', 'MANUAL'] as const;
export const ZPaymentMode = z.enum(PAYMENT_MODES);
export type TPaymentMode = z.infer<typeof ZPaymentMode>;

export const BYPASS_STATUSES = ['WAITING', 'BYPASS', 'NO_BYPASS'] as const;
export const ZBypassStatus = z.enum(BYPASS_STATUSES);
export type TBypassStatus = z.infer<typeof ZBypassStatus>;

export const VERIFICATION_STATUSES = ['VERIFIED', 'FAILED_VERIFICATION', 'PENDING_REVIEW'] as const;
export const ZVerificationStatus = z.enum(VERIFICATION_STATUSES);
export type TVerificationStatus = z.infer<typeof ZVerificationStatus>;

/** Bank account check result (giactAccountStatus of the status object). */
export const GIACT_ACCOUNT_STATUSES = ['VERIFIED', 'PENDING_REVIEW'] as const;
export const ZGiactAccountStatus = z.enum(GIACT_ACCOUNT_STATUSES);
export type TGiactAccountStatus = z.infer<typeof ZGiactAccountStatus>;

// ---------------------------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------------------------

/** BORROWER and CO_DEEDER (additional signer) per spec; STAFF is lender staff (ops app, chat desk). */
export const PROFILE_TYPES = ['BORROWER', 'CO_DEEDER', 'STAFF'] as const;
export const ZProfileType = z.enum(PROFILE_TYPES);
export type TProfileType = z.infer<typeof ZProfileType>;

/** Additional-signer data model version; v1 lists signers in helocSigners by identityUuid. */
export const ADDITIONAL_SIGNER_VERSIONS = ['v1', 'v2'] as const;
export const ZAdditionalSignerVersion = z.enum(ADDITIONAL_SIGNER_VERSIONS);
export type TAdditionalSignerVersion = z.infer<typeof ZAdditionalSignerVersion>;

/** coDeedStatus of the application (values ours): "codeed to waitNotary: co-deed complete". */
export const CO_DEED_STATUSES = ['NOT_REQUIRED', 'PENDING', 'COMPLETE'] as const;
export const ZCoDeedStatus = z.enum(CO_DEED_STATUSES);
export type TCoDeedStatus = z.infer<typeof ZCoDeedStatus>;
