/**
 * Every enumeration of spec 1 §3/§4 and spec 2 §3/§4/§5, once: an `as const` array (the order is
 * meaningful where the comment says so), its zod enum and its type. Values the spec leaves out (BPO
 * and title statuses, ownership, co-deed status, message roles) are our own and say so.
 */
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
// Property
// ---------------------------------------------------------------------------------------------

/** Ordered worst to best after the two "no rating" values; isConditionAtLeast relies on the order. */
export const PROPERTY_CONDITIONS = [
  'UNKNOWN_CONDITION',
  'NOT_AVAILABLE',
  'POOR',
  'FAIR',
  'AVERAGE',
  'GOOD',
  'EXCELLENT',
] as const;
export const ZPropertyCondition = z.enum(PROPERTY_CONDITIONS);
export type TPropertyCondition = z.infer<typeof ZPropertyCondition>;

/** The conditions a report can actually rate, worst to best. */
export const RATED_PROPERTY_CONDITIONS = ['POOR', 'FAIR', 'AVERAGE', 'GOOD', 'EXCELLENT'] as const;
export type TRatedPropertyCondition = (typeof RATED_PROPERTY_CONDITIONS)[number];

/** Approval needs a report of at least this condition (spec 1 §1). */
export const MIN_APPROVABLE_PROPERTY_CONDITION: TRatedPropertyCondition = 'AVERAGE';

/**
 * True when `condition` is rated and at least `min`. An unknown or unavailable condition is never
 * "at least" anything: a missing report must not pass an underwriting floor.
 */
export function isConditionAtLeast(condition: TPropertyCondition, min: TRatedPropertyCondition): boolean {
  const rank = (RATED_PROPERTY_CONDITIONS as readonly string[]).indexOf(condition);
  return rank >= 0 && rank >= RATED_PROPERTY_CONDITIONS.indexOf(min);
}

/**
 * How the borrower holds title (our values; the spec names only "ownership"). A trust triggers the
 * REVIEW_TRUST_REQUIREMENTS condition, a mismatch with public records FALSE_OWNERSHIP_TYPE_REVIEW.
 */
export const OWNERSHIP_TYPES = ['SOLE', 'JOINT', 'TRUST'] as const;
export const ZOwnershipType = z.enum(OWNERSHIP_TYPES);
export type TOwnershipType = z.infer<typeof ZOwnershipType>;

/**
 * Valuation (BPO) statuses: values not shown in the spec, ours. The routing table needs "no AVM or
 * estimate", "BPO order" and "BPO processing"; Texas needs "not required or unknown".
 */
export const BPO_STATUSES = [
  'UNKNOWN',
  'NOT_REQUIRED',
  'NO_AVM',
  'ESTIMATE_REQUESTED',
  'ORDER_REQUIRED',
  'ORDERED',
  'PROCESSING',
  'COMPLETE',
] as const;
export const ZBpoStatus = z.enum(BPO_STATUSES);
export type TBpoStatus = z.infer<typeof ZBpoStatus>;

/** Title statuses: values not shown in the spec, ours. CLEARED and FAILED are final. */
export const TITLE_STATUSES = [
  'NOT_ORDERED',
  'ORDERED',
  'IN_REVIEW',
  'PAYOFF_PENDING',
  'CLEARED',
  'FAILED',
] as const;
export const ZTitleStatus = z.enum(TITLE_STATUSES);
export type TTitleStatus = z.infer<typeof ZTitleStatus>;
export const FINAL_TITLE_STATUSES: readonly TTitleStatus[] = ['CLEARED', 'FAILED'];

// ---------------------------------------------------------------------------------------------
// Underwriting decisions and pricing
// ---------------------------------------------------------------------------------------------

/** Decision types; uwDecision of the status object takes these values. */
export const DECISION_TYPES = [
  'APPROVED',
  'ASSET_DEPLETION',
  'DECLINE',
  'ERROR',
  'FINAL',
  'INELIGIBLE',
  'INITIAL',
  'REVIEW',
  'SELECT',
  'UNKNOWN',
] as const;
export const ZDecisionType = z.enum(DECISION_TYPES);
export type TDecisionType = z.infer<typeof ZDecisionType>;

/** Sub-decisions; uwSubDecision of the status object takes these values. */
export const SUB_DECISIONS = [
  'BPO_PENDING',
  'CREDIT_FROZEN',
  'FINAL_OFFER',
  'VERIFIED_OFFER',
  'UNVERIFIED_OFFER',
  'VERIFIED_INCOME_MATCHED_OFFER',
  'UNVERIFIED_DTI_LIMITED',
  'RESERVE_LIMITED',
] as const;
export const ZSubDecision = z.enum(SUB_DECISIONS);
export type TSubDecision = z.infer<typeof ZSubDecision>;

export const RATE_TYPES = ['FIXED', 'FLOATING'] as const;
export const ZRateType = z.enum(RATE_TYPES);
export type TRateType = z.infer<typeof ZRateType>;

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

// ---------------------------------------------------------------------------------------------
// Server-side application steps (spec 1 §4)
// ---------------------------------------------------------------------------------------------

/**
 * The server's current step of an application. First the spec's list, then the statuses its routing
 * table names, then the GEN_* (a job generates documents) and WAITING_FOR_* (a provider is working)
 * steps the browser polls on.
 */
export const APPLICATION_STEPS = [
  // Named in spec 1 §4 / spec 2 §4.
  'APP_SUBMISSION',
  'ASSETS_PREQUAL',
  'ATTORNEY_REVIEW',
  'AUTOPAY_ACCOUNT',
  'CANCELLED',
  'COLLECT_ADDITIONAL_INFO',
  'COMPLETE',
  'CREDIT_ERROR',
  'CREDIT_MINOR',
  'CREDIT_NO_MATCH',
  'DECLINED',
  'DEED_SIGNING',
  'DISBURSEMENT_ACCOUNT',
  'EMPLOYMENT_VERIFICATION',
  'FINAL_OFFER',
  'FUNDABLE',
  'FUNDING_DECISION',
  'HARD_CREDIT_PULL',
  'IDENTITY_VERIFICATION',
  'INCOME_VERIFICATION',
  'IN_PROGRESS',
  'LIEN_VERIFICATION',
  'NOTE_SIGNING',
  'NOTARY_WAITING_PERIOD',
  'OFFER_SELECTION',
  'RECORDING',
  'RESCISSION',
  'TRUST_AND_INSURANCE',
  // "and others": the statuses of the routing table of spec 1 §4.
  'CREDIT_NO_MATCH_SSN',
  'CREDIT_LOCKED',
  'CREDIT_FROZEN',
  // A freeze the borrower lifts with the bureau PIN: not the "locked or frozen" row, so the client
  // machine's incorrect-PIN state routes it (review-app/incorrect-pin, DESIGN.md §7 Pinfrozen).
  'CREDIT_FROZEN_PIN',
  'NO_PROPERTY',
  'MULTIPLE_PROPERTIES',
  // The property's owner of record is not the applicant (DESIGN.md §7 Notowner): one of the spec's
  // decline variants, review-app/incorrect-ownership.
  'INCORRECT_OWNERSHIP',
  'HMDA',
  'DELINQUENCY_REVIEW',
  'CLOSING_DISCLOSURE',
  'REVISED_OFFER_SELECTION',
  'SUMMARY',
  'CLTV_REQUALIFY',
  'NO_AVM',
  'ESTIMATE_VALUE',
  'PAYOFF_PENDING',
  'BPO_ORDER',
  'BPO_PROCESSING',
  'TITLE_REVIEW',
  // Final title work (routing table: "final title statuses" hold the borrower on bpo/hold).
  'TITLE_FINAL_ORDERED',
  'TITLE_FINAL_REVIEW',
  'DEBT_PAYOFF',
  'FACTA_REVIEW',
  'CO_DEED',
  'NOTARY_DISCLOSURE',
  'MANUAL_DEED_SIGNING',
  'UNKNOWN',
  // Document generation (a job renders PDFs).
  'GEN_APP_SUMMARY',
  'GEN_CLOSING_DOCS',
  'GEN_NOTE_SIGNING',
  'GEN_NOTARY_DOCS',
  'GEN_RESCISSION',
  // Waiting on a provider or a job.
  'WAITING_FOR_CREDIT',
  'WAITING_FOR_PROPERTY',
  'WAITING_FOR_LIENS',
  'WAITING_FOR_UNDERWRITING',
  'WAITING_FOR_APP_SUMMARY',
  'WAITING_FOR_INCOME',
  'WAITING_FOR_IDENTITY',
  'WAITING_FOR_FLOOD_CERT',
  'WAITING_FOR_CLOSING_DOCS',
  'WAITING_FOR_NOTARY_DOCS',
  'WAITING_FOR_NOTARY',
  'WAITING_FOR_FUNDING',
] as const;
export const ZApplicationStep = z.enum(APPLICATION_STEPS);
export type TApplicationStep = z.infer<typeof ZApplicationStep>;

/** Steps during which work is in progress server-side: the browser keeps polling (14 attempts). */
/** Waits with a screen of their own (not polled behind the processing modal). */
export const SCREEN_ROUTED_WAITS: readonly string[] = ['WAITING_FOR_FLOOD_CERT'];

export const WAITING_APPLICATION_STEPS: readonly TApplicationStep[] = APPLICATION_STEPS.filter(
  (step) =>
    (step.startsWith('WAITING_FOR_') || step.startsWith('GEN_')) &&
    // A flood certificate under research takes hours: the routing table gives it its own page
    // (error/flood-cert, which keeps reading the status), not a spinner that ends on the timeout page.
    !SCREEN_ROUTED_WAITS.includes(step),
);
export function isWaitingApplicationStep(step: TApplicationStep): boolean {
  return WAITING_APPLICATION_STEPS.includes(step);
}

/** Terminal steps: nothing more happens, polling stops at once. */
export const FINAL_APPLICATION_STEPS: readonly TApplicationStep[] = ['COMPLETE', 'CANCELLED', 'DECLINED'];
export function isFinalApplicationStep(step: TApplicationStep): boolean {
  return FINAL_APPLICATION_STEPS.includes(step);
}

/** Post-signing checklist of the status object. */
export const CHECKLIST_STATUSES = ['GEN_RESCISSION', 'RESCISSION', 'RECORDING', 'FUNDABLE'] as const;
export const ZChecklistStatus = z.enum(CHECKLIST_STATUSES);
export type TChecklistStatus = z.infer<typeof ZChecklistStatus>;

// ---------------------------------------------------------------------------------------------
// Client-side application machine (spec 1 §4)
// ---------------------------------------------------------------------------------------------

export const CLIENT_APPLICATION_STATES = [
  'profile',
  'ssnCredit',
  'errorCredit',
  'incorrectPin',
  'noCredit',
  'noProperty',
  'datatreeError',
  'uwReview',
  'assetDepletion',
  'liens',
  'product',
  'moreProfile',
  'hmda',
  'waitSummary',
  'appSummary',
  'docVerify',
  'documents',
  'manualPaystubUpload',
  'incomeReview',
  'emplVerify',
  'waitMerchant',
  'lienAttestation',
  'autopay',
  'manualAutopay',
  'ach',
  'waitSign',
  'sign',
  'codeed',
  'waitNotary',
  'notary',
  'insurance',
  'waitFund',
  'declined',
  'dtiDeclined',
  'creditScoreDeclined',
  'delinquency',
  'complete',
  'bpo',
  'bpoProcessing',
] as const;
export const ZClientApplicationState = z.enum(CLIENT_APPLICATION_STATES);
export type TClientApplicationState = z.infer<typeof ZClientApplicationState>;
export const CLIENT_APPLICATION_START_STATE: TClientApplicationState = 'profile';

// ---------------------------------------------------------------------------------------------
// Progress (spec 1 §4 "Step progress")
// ---------------------------------------------------------------------------------------------

export const PROGRESS_CODES = [
  'INITIAL',
  'PRODUCT_SELECT',
  'MORE_INFO',
  'ID_UPLOAD',
  'LINK_INCOME',
  'SIGNING',
  'ENOTARY',
  'MANUAL_NOTARY',
  'COMPLETE',
] as const;
export const ZProgressCode = z.enum(PROGRESS_CODES);
export type TProgressCode = z.infer<typeof ZProgressCode>;

/** Sidebar labels; COMPLETE has none (every step is then done). */
export const PROGRESS_STEP_LABELS: Record<Exclude<TProgressCode, 'COMPLETE'>, string> = {
  INITIAL: 'Basic Info',
  PRODUCT_SELECT: 'Select Offer',
  MORE_INFO: 'Provide More Info',
  LINK_INCOME: 'Link Income Sources',
  ID_UPLOAD: 'Verify Identity',
  SIGNING: 'Sign Documents',
  MANUAL_NOTARY: 'Schedule Notary Session',
  ENOTARY: 'Talk to eNotary',
};

export interface TProgressStep {
  code: Exclude<TProgressCode, 'COMPLETE'>;
  label: string;
}

/**
 * The sidebar steps in flow order (income is linked before identity is verified, as in the state
 * machine); the last step is the manual notary session or the eNotary, never both.
 */
export function progressSteps(manualNotary: boolean): TProgressStep[] {
  const codes = [
    'INITIAL',
    'PRODUCT_SELECT',
    'MORE_INFO',
    'LINK_INCOME',
    'ID_UPLOAD',
    'SIGNING',
    manualNotary ? 'MANUAL_NOTARY' : 'ENOTARY',
  ] as const;
  return codes.map((code) => ({ code, label: PROGRESS_STEP_LABELS[code] }));
}

/**
 * Registration steps, picked by the `step` query value (the values are ours: the spec names only the
 * steps). Contact Info is skipped when e-mail and phone already exist.
 */
export const REGISTRATION_STEPS = ['property', 'income', 'personal', 'contact', 'login'] as const;
export const ZRegistrationStep = z.enum(REGISTRATION_STEPS);
export type TRegistrationStep = z.infer<typeof ZRegistrationStep>;

export const REGISTRATION_STEP_DETAILS: Record<
  TRegistrationStep,
  { label: string; fields: readonly string[] }
> = {
  property: { label: 'Property Info', fields: ['Address', 'Sale Status'] },
  income: { label: 'Income Info', fields: [] },
  personal: { label: 'Personal Info', fields: ['Name', 'Birthdate'] },
  contact: { label: 'Contact Info', fields: [] },
  login: { label: 'Login Info', fields: [] },
};

// ---------------------------------------------------------------------------------------------
// Notifications, chat, feedback, hours, product
// ---------------------------------------------------------------------------------------------

export const NOTIFICATION_STATUSES = ['UNREAD', 'READ'] as const;
export const ZNotificationStatus = z.enum(NOTIFICATION_STATUSES);
export type TNotificationStatus = z.infer<typeof ZNotificationStatus>;

/** Chat modes (also the dev-only `mode` query values): live agent (twilio, nice), stream, talk, chatbot. */
export const CHAT_MODES = ['twilio', 'nice', 'stream', 'talkjs', 'chatbot'] as const;
export const ZChatMode = z.enum(CHAT_MODES);
export type TChatMode = z.infer<typeof ZChatMode>;
export const LIVE_AGENT_CHAT_MODES: readonly TChatMode[] = ['twilio', 'nice'];

export const CHAT_SENDER_TYPES = ['APPLICANT'] as const;
export const ZChatSenderType = z.enum(CHAT_SENDER_TYPES);
export type TChatSenderType = z.infer<typeof ZChatSenderType>;

/** Who wrote a chat message (values ours; the spec names only "role"). */
export const CHAT_MESSAGE_ROLES = ['customer', 'agent', 'bot', 'system'] as const;
export const ZChatMessageRole = z.enum(CHAT_MESSAGE_ROLES);
export type TChatMessageRole = z.infer<typeof ZChatMessageRole>;

/** Chat alert severities (spec 2 §8 "Chat alerts"). */
export const CHAT_ALERT_LEVELS = ['warning', 'error'] as const;
export type TChatAlertLevel = (typeof CHAT_ALERT_LEVELS)[number];

/** CEO feedback topics; the value sent is the text itself (the spec gives no codes). */
export const CEO_FEEDBACK_TOPICS = ['Improve our product', 'Give us a compliment'] as const;
export const ZCeoFeedbackTopic = z.enum(CEO_FEEDBACK_TOPICS);
export type TCeoFeedbackTopic = z.infer<typeof ZCeoFeedbackTopic>;

/** Chatbot "Bad Response" reasons; the value sent is the text itself. */
export const CHATBOT_FEEDBACK_REASONS = [
  'Answer too vague',
  'Not specific to my application',
  'Not what I was asking about',
  'Other',
] as const;
export const ZChatbotFeedbackReason = z.enum(CHATBOT_FEEDBACK_REASONS);
export type TChatbotFeedbackReason = z.infer<typeof ZChatbotFeedbackReason>;

/** The reason that reveals the free-text field. */
export const CHATBOT_FEEDBACK_OTHER_REASON: TChatbotFeedbackReason = 'Other';

export const OPERATING_HOURS_DEPARTMENTS = ['OPS_CHAT', 'OPS_PHONE'] as const;
export const ZOperatingHoursDepartment = z.enum(OPERATING_HOURS_DEPARTMENTS);
export type TOperatingHoursDepartment = z.infer<typeof ZOperatingHoursDepartment>;

export const PRODUCT_TYPES = ['HELOC'] as const;
export const ZProductType = z.enum(PRODUCT_TYPES);
export type TProductType = z.infer<typeof ZProductType>;
