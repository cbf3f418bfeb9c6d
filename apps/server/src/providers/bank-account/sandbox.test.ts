import { describe, expect, it } from 'vitest';
import type { BankAccountRequest } from './index';
import { createSandboxBankAccount } from './sandbox';

const provider = createSandboxBankAccount();

function request(routingNumber: string, accountNumber: string): BankAccountRequest {
  return {
    applicant: { firstName: 'Pat', lastName: 'Smith' },
    purpose: 'DISBURSEMENT',
    accountType: 'CHECKING',
    routingNumber,
    accountNumber,
  };
}

describe('sandbox bank account verification', () => {
  it.each<[string, string, Record<string, unknown>]>([
    ['021000021', '123456789', { outcome: 'VERIFIED', status: 'VERIFIED', accountMask: '6789' }],
    [' 011000015 ', '1234', { outcome: 'VERIFIED', accountMask: '1234', routingNumber: '011000015' }],
    ['021000021', '12345678901234567', { outcome: 'VERIFIED', accountMask: '4567' }],
    ['021000021', '987650000', { outcome: 'PENDING_REVIEW', status: 'PENDING_REVIEW', accountMask: '0000' }],
    ['021000022', '123456789', { outcome: 'REJECTED', reason: 'INVALID_ROUTING_NUMBER' }],
    ['12345678', '123456789', { outcome: 'REJECTED', reason: 'INVALID_ROUTING_NUMBER' }],
    ['021000021', '123', { outcome: 'REJECTED', reason: 'INVALID_ACCOUNT_NUMBER' }],
    ['021000021', '123456789012345678', { outcome: 'REJECTED', reason: 'INVALID_ACCOUNT_NUMBER' }],
    ['021000021', '1234-5678', { outcome: 'REJECTED', reason: 'INVALID_ACCOUNT_NUMBER' }],
  ])('routing %j account %j → %j', async (routing, account, expected) => {
    expect(await provider.verify(request(routing, account))).toMatchObject(expected);
  });

  it('never returns the full account number, and is deterministic', async () => {
    const result = await provider.verify(request('021000021', '5550001234567'));
    expect(JSON.stringify(result)).not.toContain('5550001234567');
    expect(await provider.verify(request('021000021', '5550001234567'))).toEqual(result);
  });
});
