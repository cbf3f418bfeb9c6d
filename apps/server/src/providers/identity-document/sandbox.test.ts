import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../lib/clock';
import type { IdentityDocumentRequest } from './index';
import { createSandboxIdentityDocument } from './sandbox';
import { SANDBOX_UNREADABLE_ID_PNG_BASE64 } from './sandbox-images';

const UNREADABLE_SHA256 = createHash('sha256')
  .update(Buffer.from(SANDBOX_UNREADABLE_ID_PNG_BASE64, 'base64'))
  .digest('hex');

const provider = createSandboxIdentityDocument({ clock: new ManualClock('2026-03-02T18:00:00.000Z') });

function request(
  lastName: string,
  front: Partial<IdentityDocumentRequest['front']> = {},
): IdentityDocumentRequest {
  return {
    applicant: { firstName: 'Pat', lastName },
    idType: 'DRIVERS_LICENSE',
    front: { documentUuid: 'd-1', contentType: 'image/jpeg', sizeBytes: 200_000, sha256: 'abc', ...front },
  };
}

describe('sandbox identity document check', () => {
  it.each<[string, Partial<IdentityDocumentRequest['front']>, Record<string, unknown>]>([
    [
      'Smith',
      {},
      { outcome: 'VERIFIED', status: 'VERIFIED', extracted: { lastName: 'Smith', expiresOn: '2030-03-01' } },
    ],
    ['Declined', { contentType: 'application/pdf' }, { outcome: 'VERIFIED' }],
    ['Smith', { sizeBytes: 0 }, { outcome: 'FAILED_VERIFICATION', reason: 'UNREADABLE' }],
    [
      'Smith',
      { contentType: 'image/png', sha256: UNREADABLE_SHA256 },
      { outcome: 'FAILED_VERIFICATION', reason: 'UNREADABLE' },
    ],
    ['Smith', { contentType: 'image/gif' }, { outcome: 'FAILED_VERIFICATION', reason: 'UNSUPPORTED_FORMAT' }],
  ])('%s %j → %j', async (lastName, front, expected) => {
    expect(await provider.verify(request(lastName, front))).toMatchObject(expected);
  });

  it('is deterministic per image', async () => {
    expect(await provider.verify(request('Smith'))).toEqual(await provider.verify(request('Smith')));
    const result = await provider.verify(request('Smith'));
    if (result.outcome !== 'VERIFIED') throw new Error(result.outcome);
    expect(result.extracted.documentNumberLast4).toMatch(/^\d{4}$/);
  });
});
