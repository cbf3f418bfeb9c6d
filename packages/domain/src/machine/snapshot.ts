/**
 * What the client application machine reads (spec 1 §4 "Client-side application state machine").
 *
 * The web and the server hand the machine a full snapshot: the application, the status object, the
 * profile and the server status name. The machine keeps only a projection of it as its context: the
 * facts its guards test and nothing else, so no name, birth date, address, e-mail or account number
 * ever sits in machine state (where dev tools, inspectors and logs could read it).
 */
import type {
  TCoDeedStatus,
  TConsentType,
  TDocumentType,
  TEmploymentType,
  TOwnershipType,
  TPaymentMode,
} from '../enums';
import type { THelocApplication } from '../schemas/application';
import type { TApplicationStatus } from '../schemas/application-status';
import type { TProfile } from '../schemas/profile';

/** The input of the machine and the payload of its SNAPSHOT event. */
export interface TApplicationSnapshot {
  application: THelocApplication;
  status: TApplicationStatus;
  profile: TProfile | null;
  /** The server's current status (step) name, e.g. OFFER_SELECTION; a string so a newer server's names pass. */
  statusName: string;
}

/** The application facts the guards need. */
export interface TApplicationFacts {
  term: number;
  rate: number;
  amount: number;
  selectedPropertyUuid: string | null;
  /** USPS code of the selected property's state (Texas rules), null before a property is known. */
  propertyState: string | null;
  consentTypes: readonly TConsentType[];
  documentTypes: readonly TDocumentType[];
  employmentTypes: readonly TEmploymentType[];
  hasDisburseAccount: boolean;
  hasAutopayAccount: boolean;
  payType: TPaymentMode | null;
  hasHmda: boolean;
  assetDepletionComplete: boolean;
  insuranceComplete: boolean;
  coDeedStatus: TCoDeedStatus;
  isCrypto: boolean;
}

/** The profile facts the guards need: presence, never the values. */
export interface TProfileFacts {
  hasName: boolean;
  hasDob: boolean;
  hasSsn: boolean;
  /** Ownership per address uuid (the selected property is one of the profile's addresses). */
  ownershipByAddress: Readonly<Record<string, TOwnershipType | null>>;
}

/** The machine's context. */
export interface TClientContext {
  application: TApplicationFacts;
  /** The status object is all flags and enum values: no personal data, kept whole. */
  status: TApplicationStatus;
  profile: TProfileFacts | null;
  statusName: string;
}

/** Reduce a snapshot to the machine's context. */
export function toClientContext(snapshot: TApplicationSnapshot): TClientContext {
  const { application, status, profile, statusName } = snapshot;
  return {
    statusName,
    status,
    profile: profile === null ? null : toProfileFacts(profile),
    application: {
      term: application.term,
      rate: application.rate,
      amount: application.amount,
      selectedPropertyUuid: application.selectedPropertyUuid,
      propertyState: application.property?.state ?? null,
      consentTypes: application.consents.map((consent) => consent.type),
      documentTypes: application.documents.map((document) => document.type),
      employmentTypes: application.incomeSources.map((source) => source.employmentType),
      hasDisburseAccount: application.disburseAccount !== null,
      hasAutopayAccount: application.autopayAccount !== null,
      payType: application.payType,
      hasHmda: application.hasHmda,
      assetDepletionComplete: application.assetDepletion.complete,
      insuranceComplete: application.insurance.complete,
      coDeedStatus: application.coDeedStatus,
      isCrypto: application.isCrypto,
    },
  };
}

function toProfileFacts(profile: TProfile): TProfileFacts {
  return {
    hasName: profile.name !== null,
    hasDob: profile.dob !== null,
    hasSsn: profile.hasSsn,
    ownershipByAddress: Object.fromEntries(
      profile.addresses.map((address) => [address.uuid, address.ownership]),
    ),
  };
}
