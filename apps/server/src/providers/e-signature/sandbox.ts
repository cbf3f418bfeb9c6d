/** Deterministic e-signature: ids from the application, signers and document hashes. */
import type { Clock } from '../../lib/clock';
import { sandboxId } from '../shared';
import type { ESignatureProvider } from './index';

export function createSandboxESignature(options: { clock: Clock }): ESignatureProvider {
  return {
    async createEnvelope(request) {
      if (request.signers.length === 0) return { outcome: 'REJECTED', reason: 'NO_SIGNERS' };
      if (request.documents.length === 0) return { outcome: 'REJECTED', reason: 'NO_DOCUMENTS' };
      const signerIds = request.signers.map((signer) => signer.signerId);
      return {
        outcome: 'CREATED',
        envelope: {
          envelopeId: sandboxId(
            'env',
            request.applicationUuid,
            ...signerIds,
            ...request.documents.map((doc) => doc.sha256),
          ),
          createdAt: options.clock.now(),
          signerIds,
          documents: request.documents,
        },
      };
    },
    async sign({ envelope, signerId, esignConsent }) {
      if (!envelope.signerIds.includes(signerId)) return { outcome: 'UNKNOWN_SIGNER' };
      // ESIGN Act §101(c): no electronic signature without the consumer's consent on record.
      if (!esignConsent) return { outcome: 'CONSENT_REQUIRED' };
      return {
        outcome: 'SIGNED',
        signatureId: sandboxId('sig', envelope.envelopeId, signerId),
        envelopeId: envelope.envelopeId,
        signerId,
        signedAt: options.clock.now(),
      };
    },
    async getStatus({ envelope, signatures }) {
      const signed = signatures.filter((each) => each.envelopeId === envelope.envelopeId);
      const pendingSignerIds = envelope.signerIds.filter(
        (id) => !signed.some((each) => each.signerId === id),
      );
      if (pendingSignerIds.length > 0) {
        return { status: signed.length === 0 ? 'SENT' : 'PARTIALLY_SIGNED', pendingSignerIds };
      }
      const completedAt = new Date(Math.max(...signed.map((each) => each.signedAt.getTime())));
      return { status: 'COMPLETED', completedAt };
    },
  };
}
