/** Document types, the disclosure packages and consent types. */
import { z } from 'zod';
import type { TIdType } from './borrower';

// ---------------------------------------------------------------------------------------------
// Documents and consents
// ---------------------------------------------------------------------------------------------

/**
 * Document types. The first block is named by the spec; the disclosures and notices are the ones a
 * HELOC closing needs (TILA/Reg Z open-end disclosures, ESIGN, HMDA, rescission, security instrument).
 * "Proof of flood/hazard insurance" is split in two: hazard is always required, flood only in a zone.
 */
export const DOCUMENT_TYPES = [
  'APPLICATION_SUMMARY',
  'BANK_STATEMENT',
  'CERTIFICATE_OF_TRUST',
  'DRIVERS_LICENSE_FRONT',
  'PASSPORT_FRONT',
  'ID_CARD_FRONT',
  'PERMANENT_RESIDENT_FRONT',
  'PROOF_OF_FLOOD_INSURANCE',
  'PROOF_OF_HAZARD_INSURANCE',
  'PROPERTY_DESCRIPTION_SOURCE',
  'USER_UPLOADED_PAYSTUB',
  // Income documents of the upload path (spec 1 §2 income/upload/{type}: pay stubs, W-2, tax returns).
  'W2',
  'TAX_RETURN',
  'CANCELLATION_PROOF',
  'SUPPORT',
  'ESIGN_CONSENT',
  'CREDIT_AUTHORIZATION',
  'PRIVACY_NOTICE',
  'EARLY_HELOC_DISCLOSURE',
  'CONSUMER_HELOC_BOOKLET',
  'HMDA_DEMOGRAPHIC_INFORMATION',
  'CREDIT_SCORE_DISCLOSURE',
  'FLOOD_HAZARD_NOTICE',
  'CLOSING_DISCLOSURE',
  'HELOC_AGREEMENT',
  'DEED_OF_TRUST',
  'NOTICE_OF_RIGHT_TO_CANCEL',
  'NOTARY_CERTIFICATE',
  // Regulation B / FCRA notice of a decline ("various disclosures and notices").
  'ADVERSE_ACTION_NOTICE',
] as const;
export const ZDocumentType = z.enum(DOCUMENT_TYPES);
export type TDocumentType = z.infer<typeof ZDocumentType>;

export const DOCUMENT_TYPE_LABELS: Record<TDocumentType, string> = {
  APPLICATION_SUMMARY: 'Application Summary',
  BANK_STATEMENT: 'Bank Statement',
  CERTIFICATE_OF_TRUST: 'Certificate of Trust',
  DRIVERS_LICENSE_FRONT: "Driver's License (Front)",
  PASSPORT_FRONT: 'Passport (Front)',
  ID_CARD_FRONT: 'ID Card (Front)',
  PERMANENT_RESIDENT_FRONT: 'Permanent Resident Card (Front)',
  PROOF_OF_FLOOD_INSURANCE: 'Proof of Flood Insurance',
  PROOF_OF_HAZARD_INSURANCE: 'Proof of Hazard Insurance',
  PROPERTY_DESCRIPTION_SOURCE: 'Property Legal Description Source',
  USER_UPLOADED_PAYSTUB: 'Paystub',
  W2: 'W-2',
  TAX_RETURN: 'Tax Return',
  CANCELLATION_PROOF: 'Proof of Cancellation',
  SUPPORT: 'Supporting Document',
  ESIGN_CONSENT: 'E-SIGN Consent',
  CREDIT_AUTHORIZATION: 'Credit Authorization',
  PRIVACY_NOTICE: 'Privacy Notice',
  EARLY_HELOC_DISCLOSURE: 'Early HELOC Disclosure',
  CONSUMER_HELOC_BOOKLET: 'What You Should Know About Home Equity Lines of Credit',
  HMDA_DEMOGRAPHIC_INFORMATION: 'HMDA Demographic Information',
  CREDIT_SCORE_DISCLOSURE: 'Credit Score Disclosure',
  FLOOD_HAZARD_NOTICE: 'Notice of Special Flood Hazard',
  CLOSING_DISCLOSURE: 'HELOC Closing Disclosure',
  HELOC_AGREEMENT: 'HELOC Agreement',
  DEED_OF_TRUST: 'Deed of Trust / Mortgage',
  NOTICE_OF_RIGHT_TO_CANCEL: 'Notice of Right to Cancel',
  NOTARY_CERTIFICATE: 'Notary Certificate',
  ADVERSE_ACTION_NOTICE: 'Notice of Action Taken and Statement of Reasons',
};

/** Front of each ID type: the upload that moves docVerify on (spec 1 §4 "ID front document uploaded"). */
export const ID_TYPE_FRONT_DOCUMENT: Record<TIdType, TDocumentType> = {
  DRIVERS_LICENSE: 'DRIVERS_LICENSE_FRONT',
  PASSPORT: 'PASSPORT_FRONT',
  STATE_ID_CARD: 'ID_CARD_FRONT',
  PERMANENT_RESIDENT_CARD: 'PERMANENT_RESIDENT_FRONT',
};
export const ID_FRONT_DOCUMENT_TYPES: readonly TDocumentType[] = Object.values(ID_TYPE_FRONT_DOCUMENT);

/**
 * The three disclosure packages the status object reports on (disclosurelist{Summary,Closing,Notary}
 * Ready/Complete): what is generated, shown and signed at each point.
 */
export const DISCLOSURE_LISTS = ['SUMMARY', 'CLOSING', 'NOTARY'] as const;
export type TDisclosureList = (typeof DISCLOSURE_LISTS)[number];
export const DISCLOSURE_LIST_DOCUMENT_TYPES: Record<TDisclosureList, readonly TDocumentType[]> = {
  SUMMARY: [
    'APPLICATION_SUMMARY',
    'EARLY_HELOC_DISCLOSURE',
    'CONSUMER_HELOC_BOOKLET',
    'CREDIT_SCORE_DISCLOSURE',
  ],
  CLOSING: ['CLOSING_DISCLOSURE', 'HELOC_AGREEMENT', 'NOTICE_OF_RIGHT_TO_CANCEL', 'FLOOD_HAZARD_NOTICE'],
  NOTARY: ['DEED_OF_TRUST', 'NOTARY_CERTIFICATE'],
};

export const CONSENT_TYPES = ['SOFT_CREDIT', 'HARD_CREDIT'] as const;
export const ZConsentType = z.enum(CONSENT_TYPES);
export type TConsentType = z.infer<typeof ZConsentType>;
