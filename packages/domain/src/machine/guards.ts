/**
 * The guards of the client application machine (spec 1 §4): named, pure, synchronous predicates over
 * the machine context. The machine references them by name (and combines them with and/or/not where
 * a transition needs more than one); components and the server may call them directly instead of
 * re-deriving a rule.
 */
import type { TApplicationStep, TDecisionType, TSubDecision } from '../enums';
import { ID_FRONT_DOCUMENT_TYPES } from '../enums';
import type { TClientContext } from './snapshot';

export type TClientGuard = (context: TClientContext) => boolean;

function statusIs(context: TClientContext, ...names: readonly TApplicationStep[]): boolean {
  return (names as readonly string[]).includes(context.statusName);
}

const allOf =
  (...guards: readonly TClientGuard[]): TClientGuard =>
  (context) =>
    guards.every((guard) => guard(context));
const anyOf =
  (...guards: readonly TClientGuard[]): TClientGuard =>
  (context) =>
    guards.some((guard) => guard(context));
const negate =
  (guard: TClientGuard): TClientGuard =>
  (context) =>
    !guard(context);

// ---------------------------------------------------------------------------------------------
// Profile, property, liens and underwriting
// ---------------------------------------------------------------------------------------------

/** profile → liens: name, dob, selected property and a soft-credit consent exist. */
export const hasBasicInfo: TClientGuard = ({ profile, application }) =>
  profile !== null &&
  profile.hasName &&
  profile.hasDob &&
  application.selectedPropertyUuid !== null &&
  application.consentTypes.includes('SOFT_CREDIT');

export const areLiensComplete: TClientGuard = ({ status }) => status.liensComplete;
export const hasUnderwritingDecision: TClientGuard = ({ status }) => status.uwDecision !== null;
/** Recent inquiries must be attested and are not yet. */
export const needsInquiryAttestation: TClientGuard = ({ status }) =>
  status.inquiryAttestNeeded && !status.inquiryAttestComplete;
/** Term and rate both 0: no offer is selected (a revised offer resets them). */
export const hasNoTermAndRate: TClientGuard = ({ application }) =>
  application.term === 0 && application.rate === 0;
export const isVerifiedOfferSubDecision: TClientGuard = ({ status }) =>
  status.uwSubDecision === 'VERIFIED_OFFER';

/**
 * Any state → product on underwrite: liens complete or a decision present, and inquiry attestation not
 * needed or done; or term and rate 0 with sub-decision VERIFIED_OFFER.
 */
export const canUnderwrite: TClientGuard = anyOf(
  allOf(anyOf(areLiensComplete, hasUnderwritingDecision), negate(needsInquiryAttestation)),
  allOf(hasNoTermAndRate, isVerifiedOfferSubDecision),
);

/** A person is reviewing the file (decision REVIEW): review-app/uw until they decide. */
export const isInUnderwritingReview: TClientGuard = ({ status }) => status.uwDecision === 'REVIEW';

/** The soft pull found no file by name and address: the borrower is asked for an SSN. */
export const isCreditNoMatch: TClientGuard = (context) => statusIs(context, 'CREDIT_NO_MATCH');

// ---------------------------------------------------------------------------------------------
// Offer and more information
// ---------------------------------------------------------------------------------------------

/** product → assetDepletion: sub-decision is unverified DTI limited and asset depletion is not complete. */
export const needsAssetDepletion: TClientGuard = ({ status, application }) =>
  status.uwSubDecision === 'UNVERIFIED_DTI_LIMITED' && !application.assetDepletionComplete;

/** product → moreProfile: term and amount above 0. */
export const hasOffer: TClientGuard = ({ application }) => application.term > 0 && application.amount > 0;

/** moreProfile → hmda: the selected property has ownership, SSN exists and a hard-credit consent exists. */
export const hasMoreInfo: TClientGuard = ({ profile, application }) => {
  if (profile === null || application.selectedPropertyUuid === null) return false;
  const ownership = profile.ownershipByAddress[application.selectedPropertyUuid];
  return (
    ownership !== undefined &&
    ownership !== null &&
    profile.hasSsn &&
    application.consentTypes.includes('HARD_CREDIT')
  );
};

/** hmda → waitSummary: HMDA is present. */
export const hasHmda: TClientGuard = ({ application }) => application.hasHmda;
/** waitSummary → appSummary: summary ready. */
export const isSummaryReady: TClientGuard = ({ status }) => status.disclosurelistSummaryReady;
/** appSummary → incomeReview: summary complete. */
export const isSummaryComplete: TClientGuard = ({ status }) => status.disclosurelistSummaryComplete;

// ---------------------------------------------------------------------------------------------
// Income and bank accounts
// ---------------------------------------------------------------------------------------------

const INCOME_VERIFIED_SUB_DECISIONS: readonly TSubDecision[] = [
  'VERIFIED_INCOME_MATCHED_OFFER',
  'FINAL_OFFER',
];

/** Income verified (sub-decision matched or final offer) → ach. */
export const isIncomeVerified: TClientGuard = ({ status }) =>
  status.uwSubDecision !== null && INCOME_VERIFIED_SUB_DECISIONS.includes(status.uwSubDecision);

export const hasSelfEmployedIncome: TClientGuard = ({ application }) =>
  application.employmentTypes.includes('SELF_EMPLOYED');

/** Paystubs were asked for and not all uploaded yet. */
export const isManualPaystubPending: TClientGuard = ({ status }) =>
  status.manualPaystubUpload && !status.manualPaystubTasksComplete;

/** Partial income (manual paystub pending, not self-employed) → manual paystub upload. */
export const isPartialIncome: TClientGuard = allOf(isManualPaystubPending, negate(hasSelfEmployedIncome));

/**
 * Ad hoc documents needed → documents. The status object has no flag of its own for it; the one case
 * it carries is partial income of a self-employed borrower, whose income cannot be shown by paystubs
 * (the counterpart of isPartialIncome, and the sandbox's "SELF_EMPLOYED → document upload path").
 */
export const needsAdHocDocuments: TClientGuard = allOf(isManualPaystubPending, hasSelfEmployedIncome);

/** The income provider is still verifying what the borrower linked. */
export const isWaitingForIncome: TClientGuard = (context) => statusIs(context, 'WAITING_FOR_INCOME');

/**
 * Disbursement account set and autopay missing → autopay (a bank disbursement account whose
 * autopay account is still to be linked; a borrower who chose manual payments needs none).
 */
export const needsAutopay: TClientGuard = ({ application }) =>
  application.hasDisburseAccount && !application.hasAutopayAccount && application.payType !== 'MANUAL';

/**
 * A crypto HELOC is disbursed to the borrower's wallet, so there is no linked bank account to reuse
 * for autopay: the autopay account is entered by hand (manualAutopay).
 */
export const needsManualAutopay: TClientGuard = ({ application }) =>
  application.isCrypto &&
  !application.hasDisburseAccount &&
  !application.hasAutopayAccount &&
  application.payType !== 'MANUAL';

/** Disbursement complete (manual pay, or autopay with account) → docVerify. */
export const isDisbursementComplete: TClientGuard = ({ application }) =>
  (application.hasDisburseAccount || application.isCrypto) &&
  (application.payType === 'MANUAL' || (application.payType === 'AUTOPAY' && application.hasAutopayAccount));

// ---------------------------------------------------------------------------------------------
// Identity, valuation, signing, notary, insurance, funding
// ---------------------------------------------------------------------------------------------

/** The front of an accepted ID (driver's licence, ID card, passport, permanent resident card) is uploaded. */
export const hasIdFrontDocument: TClientGuard = ({ application }) =>
  application.documentTypes.some((type) => ID_FRONT_DOCUMENT_TYPES.includes(type));

export const isTexasProperty: TClientGuard = ({ application }) => application.propertyState === 'TX';

/**
 * BPO not required or unknown (spec 1 §4, the Texas rule). No status yet counts as unknown, and a
 * completed valuation counts as no longer required: otherwise a Texas borrower whose BPO is done could
 * never reach signing.
 */
export const isBpoNotRequiredOrUnknown: TClientGuard = ({ status }) =>
  status.bpoStatus === null ||
  status.bpoStatus === 'UNKNOWN' ||
  status.bpoStatus === 'NOT_REQUIRED' ||
  status.bpoStatus === 'COMPLETE';

/** waitSign → sign: closing ready. */
export const isClosingReady: TClientGuard = ({ status }) => status.disclosurelistClosingReady;
/** sign → codeed: closing complete. */
export const isClosingComplete: TClientGuard = ({ status }) => status.disclosurelistClosingComplete;
/** codeed → waitNotary: co-deed complete (or no additional signer at all). */
export const isCoDeedComplete: TClientGuard = ({ application }) =>
  application.coDeedStatus === 'COMPLETE' || application.coDeedStatus === 'NOT_REQUIRED';
/** waitNotary → notary: notary ready. */
export const isNotaryReady: TClientGuard = ({ status }) => status.disclosurelistNotaryReady;
export const isPrimaryAcceptComplete: TClientGuard = ({ status }) => status.primaryParticipantAcceptComplete;
export const isManualDeedSigningComplete: TClientGuard = ({ status }) => status.manualDeedSigningComplete;
/** notary → insurance: accept complete or manual deed signing. */
export const isNotaryComplete: TClientGuard = anyOf(isPrimaryAcceptComplete, isManualDeedSigningComplete);
/** insurance → waitFund. */
export const isInsuranceComplete: TClientGuard = ({ application }) => application.insuranceComplete;
/** Checklist rescission, recording or fundable with insurance → waitFund. */
export const isFundingChecklistWithInsurance: TClientGuard = ({ status, application }) =>
  (status.checklistStatus === 'RESCISSION' ||
    status.checklistStatus === 'RECORDING' ||
    status.checklistStatus === 'FUNDABLE') &&
  application.insuranceComplete;
/** Fund → complete: the server reports the line funded. */
export const isFunded: TClientGuard = (context) => statusIs(context, 'COMPLETE');

// ---------------------------------------------------------------------------------------------
// "From any state" exits
// ---------------------------------------------------------------------------------------------

const DECLINE_DECISIONS: readonly TDecisionType[] = ['DECLINE', 'INELIGIBLE'];

/**
 * Decline (inactive or decline): a DECLINE decision (INELIGIBLE is a decline by another name), or a
 * server status of DECLINED, or an application no longer active (CANCELLED).
 */
export const isDeclined: TClientGuard = (context) =>
  (context.status.uwDecision !== null && DECLINE_DECISIONS.includes(context.status.uwDecision)) ||
  statusIs(context, 'DECLINED', 'CANCELLED');
export const isDtiDeclined: TClientGuard = ({ status }) => status.dtiDecline;
export const isCreditScoreDeclined: TClientGuard = ({ status }) => status.creditScoreDecline;
export const isDelinquent: TClientGuard = (context) => statusIs(context, 'DELINQUENCY_REVIEW');
/**
 * Credit locked or frozen → errorCredit. A freeze the borrower can lift with a PIN is not an error:
 * it goes to incorrectPin instead.
 */
export const isCreditLockedOrFrozen: TClientGuard = (context) =>
  statusIs(context, 'CREDIT_LOCKED', 'CREDIT_FROZEN') ||
  (context.status.uwSubDecision === 'CREDIT_FROZEN' && !context.status.creditFrozenWithPin);
/** The file is frozen with a PIN and the PIN given (if any) did not unlock it. */
export const isIncorrectPin: TClientGuard = ({ status }) => status.creditFrozenWithPin;
/** No credit: even with the SSN the bureau has no usable file. */
export const hasNoCredit: TClientGuard = (context) => statusIs(context, 'CREDIT_NO_MATCH_SSN');
/** Property no match: no property, or several, found for the address. */
export const hasNoPropertyMatch: TClientGuard = (context) =>
  statusIs(context, 'NO_PROPERTY', 'MULTIPLE_PROPERTIES');
export const isDatatreeNoMatch: TClientGuard = ({ status }) => status.datatreeNoMatch;
export const isBpoProcessing: TClientGuard = (context) =>
  context.status.bpoStatus === 'PROCESSING' || statusIs(context, 'BPO_PROCESSING');
export const needsEmployerVerification: TClientGuard = ({ status }) => status.employmentVerificationNeeded;

/** Every guard by name: what `setup({ guards })` registers and the tests enumerate. */
export const CLIENT_GUARDS = {
  hasBasicInfo,
  areLiensComplete,
  hasUnderwritingDecision,
  needsInquiryAttestation,
  hasNoTermAndRate,
  isVerifiedOfferSubDecision,
  canUnderwrite,
  isInUnderwritingReview,
  isCreditNoMatch,
  needsAssetDepletion,
  hasOffer,
  hasMoreInfo,
  hasHmda,
  isSummaryReady,
  isSummaryComplete,
  isIncomeVerified,
  hasSelfEmployedIncome,
  isManualPaystubPending,
  isPartialIncome,
  needsAdHocDocuments,
  isWaitingForIncome,
  needsAutopay,
  needsManualAutopay,
  isDisbursementComplete,
  hasIdFrontDocument,
  isTexasProperty,
  isBpoNotRequiredOrUnknown,
  isClosingReady,
  isClosingComplete,
  isCoDeedComplete,
  isNotaryReady,
  isPrimaryAcceptComplete,
  isManualDeedSigningComplete,
  isNotaryComplete,
  isInsuranceComplete,
  isFundingChecklistWithInsurance,
  isFunded,
  isDeclined,
  isDtiDeclined,
  isCreditScoreDeclined,
  isDelinquent,
  isCreditLockedOrFrozen,
  isIncorrectPin,
  hasNoCredit,
  hasNoPropertyMatch,
  isDatatreeNoMatch,
  isBpoProcessing,
  needsEmployerVerification,
} as const satisfies Record<string, TClientGuard>;

export type TClientGuardName = keyof typeof CLIENT_GUARDS;
