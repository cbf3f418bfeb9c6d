/**
 * Property data and liens: find the properties the applicant owns at an address, with public-record
 * ownership and the open liens (spec 1 §4: no property / several properties → review-app/property,
 * ownership mismatch → review-app/incorrect-ownership, data vendor no match → review-app/datatree).
 * Whether a state (e.g. New York) is accepted is the organisation's licensing rule, not this
 * provider's: it answers for any US address.
 *
 * Production: a property data vendor (DataTree by First American, CoreLogic, ATTOM) property-search
 * by address returning APN, vesting, legal description and the open mortgages from recorded
 * documents; liens may be refreshed at lien verification from the same vendor's open-lien report.
 */
import type { TOwnershipType } from '@heloc/domain';
import type { ApplicantRef, PropertyAddress, ProviderCallOptions } from '../shared';

export interface PropertyLookupRequest {
  applicant: ApplicantRef;
  address: PropertyAddress;
}

export interface Lien {
  lienId: string;
  /** 1 = first lien. */
  position: number;
  lenderName: string;
  type: 'MORTGAGE' | 'HELOC';
  balanceCents: number;
  monthlyPaymentCents: number;
  recordedOn: string;
}

export interface PropertyRecord {
  propertyId: string;
  address: PropertyAddress;
  /** Assessor's parcel number. */
  apn: string;
  county: string;
  propertyType: 'SINGLE_FAMILY' | 'CONDO' | 'TOWNHOUSE';
  /** Owners of record as printed on the vesting deed. */
  ownerNames: string[];
  ownershipType: TOwnershipType;
  /** The applicant is among the owners of record. */
  applicantIsOwner: boolean;
  legalDescription: string;
  liens: Lien[];
  existingLiensCents: number;
}

export type PropertyLookupResult =
  | { outcome: 'FOUND'; property: PropertyRecord }
  /** More than one owned property matches: the borrower chooses one. */
  | { outcome: 'MULTIPLE'; properties: PropertyRecord[] }
  /** Records exist but none is owned by the applicant at this address. */
  | { outcome: 'NOT_FOUND' }
  /** The data vendor has no match at all (the datatree timeout page). */
  | { outcome: 'DATATREE_NO_MATCH' };

export type LienLookupResult =
  | { outcome: 'FOUND'; propertyId: string; liens: Lien[]; existingLiensCents: number }
  | { outcome: 'NOT_FOUND' };

export interface PropertyDataProvider {
  findProperties(
    request: PropertyLookupRequest,
    options?: ProviderCallOptions,
  ): Promise<PropertyLookupResult>;
  /** Open liens of a property found earlier (lien verification re-reads them). */
  getLiens(
    request: PropertyLookupRequest & { propertyId: string },
    options?: ProviderCallOptions,
  ): Promise<LienLookupResult>;
}
