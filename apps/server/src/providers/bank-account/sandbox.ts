/** Deterministic bank account check: ABA checksum, 4–17 digit account, …0000 → PENDING_REVIEW. */
import { isValidAccountNumber, isValidRoutingNumber } from '@heloc/domain';
import { SANDBOX_VALUES } from '../scenario';
import { digitsOf, last4, sandboxId } from '../shared';
import type { BankAccountProvider } from './index';

export function createSandboxBankAccount(): BankAccountProvider {
  return {
    async verify(request) {
      const routingNumber = request.routingNumber.trim();
      if (!isValidRoutingNumber(routingNumber)) {
        return {
          outcome: 'REJECTED',
          reason: 'INVALID_ROUTING_NUMBER',
          message: 'The routing number is not a valid 9-digit ABA routing number.',
        };
      }
      if (!isValidAccountNumber(request.accountNumber)) {
        return {
          outcome: 'REJECTED',
          reason: 'INVALID_ACCOUNT_NUMBER',
          message: 'The account number must be 4 to 17 digits.',
        };
      }
      const account = digitsOf(request.accountNumber);
      const status = account.endsWith(SANDBOX_VALUES.pendingReviewAccountSuffix)
        ? 'PENDING_REVIEW'
        : 'VERIFIED';
      return {
        outcome: status,
        // Hash of the full number identifies the account without storing it anywhere readable.
        verificationId: sandboxId('bav', routingNumber, account, request.purpose),
        status,
        routingNumber,
        bankName: 'Sandbox Bank',
        accountMask: last4(account),
      };
    },
  };
}
