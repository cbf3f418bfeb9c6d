import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import type { CreateEnvelopeRequest, SignatureRecord } from './index';
import { createSandboxESignature } from './sandbox';

const signers = [
  { signerId: 'borrower', name: 'Pat Smith', email: 'pat@example.com' },
  { signerId: 'codeeder', name: 'Sam Smith', email: 'sam@example.com' },
];
const documents: CreateEnvelopeRequest['documents'] = [{ documentType: 'HELOC_AGREEMENT', sha256: 'aa' }];

describe('sandbox e-signature', () => {
  it.each<[Partial<CreateEnvelopeRequest>, string]>([
    [{}, 'CREATED'],
    [{ signers: [] }, 'REJECTED'],
    [{ documents: [] }, 'REJECTED'],
  ])('create %j → %s', async (override, outcome) => {
    const esign = createSandboxESignature({ clock: new ManualClock() });
    expect(
      (await esign.createEnvelope({ applicationUuid: 'app-1', signers, documents, ...override })).outcome,
    ).toBe(outcome);
  });

  it('signs with consent only, known signers only, and completes when all signed', async () => {
    const clock = new ManualClock('2026-03-02T18:00:00.000Z');
    const esign = createSandboxESignature({ clock });
    const created = await esign.createEnvelope({ applicationUuid: 'app-1', signers, documents });
    if (created.outcome !== 'CREATED') throw new Error(created.outcome);
    const { envelope } = created;
    expect(await esign.sign({ envelope, signerId: 'borrower', esignConsent: false })).toEqual({
      outcome: 'CONSENT_REQUIRED',
    });
    expect(await esign.sign({ envelope, signerId: 'stranger', esignConsent: true })).toEqual({
      outcome: 'UNKNOWN_SIGNER',
    });
    const signatures: SignatureRecord[] = [];
    expect(await esign.getStatus({ envelope, signatures })).toEqual({
      status: 'SENT',
      pendingSignerIds: ['borrower', 'codeeder'],
    });
    for (const signerId of ['borrower', 'codeeder']) {
      const result = await esign.sign({ envelope, signerId, esignConsent: true });
      if (result.outcome !== 'SIGNED') throw new Error(result.outcome);
      const { outcome: _outcome, ...record } = result;
      signatures.push(record);
      if (signerId === 'borrower') {
        expect(await esign.getStatus({ envelope, signatures })).toEqual({
          status: 'PARTIALLY_SIGNED',
          pendingSignerIds: ['codeeder'],
        });
      }
      clock.advance(60_000);
    }
    expect(await esign.getStatus({ envelope, signatures })).toEqual({
      status: 'COMPLETED',
      completedAt: new Date('2026-03-02T18:01:00.000Z'),
    });
  });
});
