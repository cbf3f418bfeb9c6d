/**
 * Identity document check: the front of a government ID (spec 1 §3 ID types) matched against the
 * applicant. VERIFIED moves docVerify on; a failure raises ID_VERIFICATION_FAILURE, a suspected
 * forgery IDENTITY_DOCUMENT_FRAUD_REVIEW (conditions of spec 1 §3).
 *
 * Production: a document verification vendor (e.g. Socure DocV, Persona, Jumio, Onfido) given the
 * image from our storage interface; it returns extracted fields, authenticity checks and a decision.
 * The document number is never returned whole: results carry its last 4.
 */
import type { TIdType, TVerificationStatus } from '@heloc/domain';
import type { ApplicantRef, ProviderCallOptions } from '../shared';

export interface IdentityDocumentRequest {
  applicant: ApplicantRef;
  idType: TIdType;
  /** The uploaded front image, by reference: the provider never gets more than it needs to read. */
  front: { documentUuid: string; contentType: string; sizeBytes: number; sha256: string };
}

export type IdentityDocumentFailure = 'UNREADABLE' | 'UNSUPPORTED_FORMAT' | 'NAME_MISMATCH';

export type IdentityDocumentResult =
  | {
      outcome: 'VERIFIED';
      checkId: string;
      status: Extract<TVerificationStatus, 'VERIFIED'>;
      extracted: { firstName: string; lastName: string; documentNumberLast4: string; expiresOn: string };
    }
  | {
      outcome: 'FAILED_VERIFICATION';
      checkId: string;
      status: Extract<TVerificationStatus, 'FAILED_VERIFICATION'>;
      reason: IdentityDocumentFailure;
    }
  | {
      outcome: 'PENDING_REVIEW';
      checkId: string;
      status: Extract<TVerificationStatus, 'PENDING_REVIEW'>;
      reason: 'FRAUD_SUSPECTED';
    };

export interface IdentityDocumentProvider {
  verify(request: IdentityDocumentRequest, options?: ProviderCallOptions): Promise<IdentityDocumentResult>;
}
