/**
 * Funding: disburse the initial draw to the verified disbursement account by ACH once the right of
 * rescission has ended (3 business days, domain rescissionDeadline) — funding follows the day after.
 *
 * Production: the lender's treasury/ACH origination (e.g. a bank's ACH API, Modern Treasury, Dwolla)
 * creating a credit entry with an idempotency key; status (sent, settled, returned) arrives by
 * webhook. The account number goes only to the originator; results carry its last 4.
 */
import type { ProviderCallOptions } from '../shared';
export interface DisbursementRequest {
  applicationUuid: string;
  amountCents: number;
  routingNumber: string;
  /** Full account number; never echoed back. */
  accountNumber: string;
  /** yyyy-MM-dd: the last day the borrower may rescind. */
  rescissionDeadline: string;
  idempotencyKey: string;
}

export interface Disbursement {
  fundingId: string;
  amountCents: number;
  accountMask: string;
  /** yyyy-MM-dd the ACH credit is sent. */
  fundingDate: string;
  scheduledAt: Date;
}

export type DisbursementRejection = 'INVALID_AMOUNT' | 'INVALID_ACCOUNT';

export type ScheduleDisbursementResult =
  | { outcome: 'SCHEDULED'; disbursement: Disbursement }
  | { outcome: 'REJECTED'; reason: DisbursementRejection };

export type DisbursementStatusResult =
  | { status: 'SCHEDULED'; fundingId: string; fundingDate: string }
  | { status: 'SENT'; fundingId: string; sentOn: string; traceNumber: string };

export interface FundingProvider {
  schedule(request: DisbursementRequest, options?: ProviderCallOptions): Promise<ScheduleDisbursementResult>;
  getStatus(
    request: { disbursement: Disbursement },
    options?: ProviderCallOptions,
  ): Promise<DisbursementStatusResult>;
}
