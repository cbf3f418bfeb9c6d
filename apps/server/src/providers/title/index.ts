/**
 * Title: order a title search/commitment for the property and follow it to a final status
 * (TITLE_STATUSES: CLEARED and FAILED are final; "final title statuses" hold the borrower on bpo/hold).
 *
 * Production: a title agent/underwriter API (e.g. Doma, Spruce, Qualia, First American's
 * TitlePoint or a lender's settlement agent) ordering an O&E report or lender's title policy; status
 * arrives by webhook with the vesting, legal description, exceptions and payoffs required.
 */
import type { TTitleStatus } from '@heloc/domain';
import type { ApplicantRef, PropertyAddress, ProviderCallOptions } from '../shared';

export interface TitleOrderRequest {
  applicant: ApplicantRef;
  propertyId: string;
  address: PropertyAddress;
  lineAmountCents: number;
  idempotencyKey: string;
}

export interface TitleOrder {
  orderId: string;
  orderedAt: Date;
  premiumCents: number;
}

export type TitleStatusResult =
  | { status: Extract<TTitleStatus, 'ORDERED' | 'IN_REVIEW'>; orderId: string }
  | {
      status: Extract<TTitleStatus, 'CLEARED'>;
      orderId: string;
      commitmentId: string;
      vesting: string;
      legalDescription: string;
      clearedAt: Date;
    }
  | { status: Extract<TTitleStatus, 'FAILED'>; orderId: string; reason: 'VESTING_MISMATCH' };

export interface TitleProvider {
  order(request: TitleOrderRequest, options?: ProviderCallOptions): Promise<TitleOrder>;
  /** The caller keeps the order and asks with it; the sandbox holds no state. */
  getStatus(
    request: { applicant: ApplicantRef; order: TitleOrder },
    options?: ProviderCallOptions,
  ): Promise<TitleStatusResult>;
}
