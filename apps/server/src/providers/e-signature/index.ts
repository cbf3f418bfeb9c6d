/**
 * E-signature of the closing package (note signing: HELOC agreement, closing disclosure, notice of
 * right to cancel). Each signer signs after ESIGN consent; the envelope completes when all have.
 *
 * Production: an e-signature platform (DocuSign eSignature with embedded signing, Dropbox Sign,
 * or a mortgage eClosing platform such as Snapdocs) creating an envelope from our generated PDFs,
 * returning embedded signing URLs and a webhook on completion with the signed PDFs and audit trail.
 */
import type { ProviderCallOptions } from '../shared';
import type { TDocumentType } from '@heloc/domain';

export interface EnvelopeSigner {
  signerId: string;
  name: string;
  email: string;
}

export interface EnvelopeDocument {
  documentType: TDocumentType;
  sha256: string;
}

export interface CreateEnvelopeRequest {
  applicationUuid: string;
  signers: EnvelopeSigner[];
  documents: EnvelopeDocument[];
}

export interface Envelope {
  envelopeId: string;
  createdAt: Date;
  signerIds: string[];
  documents: EnvelopeDocument[];
}

export type CreateEnvelopeResult =
  { outcome: 'CREATED'; envelope: Envelope } | { outcome: 'REJECTED'; reason: 'NO_SIGNERS' | 'NO_DOCUMENTS' };

export interface SignatureRecord {
  signatureId: string;
  envelopeId: string;
  signerId: string;
  signedAt: Date;
}

export type SignResult =
  ({ outcome: 'SIGNED' } & SignatureRecord) | { outcome: 'CONSENT_REQUIRED' } | { outcome: 'UNKNOWN_SIGNER' };

export type EnvelopeStatus =
  | { status: 'SENT' | 'PARTIALLY_SIGNED'; pendingSignerIds: string[] }
  | { status: 'COMPLETED'; completedAt: Date };

export interface ESignatureProvider {
  createEnvelope(
    request: CreateEnvelopeRequest,
    options?: ProviderCallOptions,
  ): Promise<CreateEnvelopeResult>;
  sign(
    request: { envelope: Envelope; signerId: string; esignConsent: boolean },
    options?: ProviderCallOptions,
  ): Promise<SignResult>;
  /** From the signatures the caller recorded (the sandbox holds no state). */
  getStatus(
    request: { envelope: Envelope; signatures: SignatureRecord[] },
    options?: ProviderCallOptions,
  ): Promise<EnvelopeStatus>;
}
