/**
 * Bank account verification for the disbursement and autopay accounts (giactAccountStatus of the
 * status object: VERIFIED or PENDING_REVIEW; a review raises BANK_ACCOUNT_FRAUD_REVIEW). A routing
 * number failing the ABA checksum or a malformed account number is rejected before any lookup.
 *
 * Production: an account verification service (GIACT gVerify/gAuthenticate, or Plaid Auth/Identity
 * when the account came from a link) checking the account is open and owned by the applicant. The
 * account number goes to the vendor only; results and logs carry its last 4.
 */
import type { TGiactAccountStatus } from '@heloc/domain';
import type { ApplicantRef, ProviderCallOptions } from '../shared';

export type BankAccountPurpose = 'DISBURSEMENT' | 'AUTOPAY';

export interface BankAccountRequest {
  applicant: ApplicantRef;
  purpose: BankAccountPurpose;
  accountType: 'CHECKING' | 'SAVINGS';
  routingNumber: string;
  /** Full account number (4–17 digits); never echoed back. */
  accountNumber: string;
}

export type BankAccountRejection = 'INVALID_ROUTING_NUMBER' | 'INVALID_ACCOUNT_NUMBER';

export type BankAccountResult =
  | {
      outcome: 'VERIFIED' | 'PENDING_REVIEW';
      verificationId: string;
      status: TGiactAccountStatus;
      routingNumber: string;
      bankName: string;
      accountMask: string;
    }
  | { outcome: 'REJECTED'; reason: BankAccountRejection; message: string };

export interface BankAccountProvider {
  verify(request: BankAccountRequest, options?: ProviderCallOptions): Promise<BankAccountResult>;
}
