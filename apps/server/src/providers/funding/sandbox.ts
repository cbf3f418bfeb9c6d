/**
 * Deterministic funding: the funding date is the first ACH banking day (Mon–Fri, not a day the
 * Federal Reserve is closed for a holiday) after the rescission deadline and not before today
 * (Pacific); SENT from that day on.
 */
import {
  addCalendarDays,
  isFederalReserveHoliday,
  isValidAccountNumber,
  isValidRoutingNumber,
  pacificIsoDate,
} from '@heloc/domain';
import type { Clock } from '../../lib/clock';
import { digitsOf, hashInt, isBankingDay, last4, sandboxId } from '../shared';
import type { FundingProvider } from './index';

export function createSandboxFunding(options: { clock: Clock }): FundingProvider {
  return {
    async schedule(request) {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
        return { outcome: 'REJECTED', reason: 'INVALID_AMOUNT' };
      }
      if (!isValidRoutingNumber(request.routingNumber) || !isValidAccountNumber(request.accountNumber)) {
        return { outcome: 'REJECTED', reason: 'INVALID_ACCOUNT' };
      }
      const now = options.clock.now();
      const today = pacificIsoDate(now);
      // Rescission ends at midnight ending the deadline day: the earliest funding day is the next.
      const afterRescission = addCalendarDays(request.rescissionDeadline, 1);
      let fundingDate = afterRescission > today ? afterRescission : today;
      while (!isBankingDay(fundingDate, isFederalReserveHoliday))
        fundingDate = addCalendarDays(fundingDate, 1);
      return {
        outcome: 'SCHEDULED',
        disbursement: {
          fundingId: sandboxId('fund', request.applicationUuid, request.idempotencyKey),
          amountCents: request.amountCents,
          accountMask: last4(digitsOf(request.accountNumber)),
          fundingDate,
          scheduledAt: now,
        },
      };
    },
    async getStatus({ disbursement }) {
      if (pacificIsoDate(options.clock.now()) < disbursement.fundingDate) {
        return {
          status: 'SCHEDULED',
          fundingId: disbursement.fundingId,
          fundingDate: disbursement.fundingDate,
        };
      }
      return {
        status: 'SENT',
        fundingId: disbursement.fundingId,
        sentOn: disbursement.fundingDate,
        // ACH trace number: 8-digit ODFI routing prefix + 7-digit sequence.
        traceNumber: `02100002${String(hashInt(0, 9_999_999, disbursement.fundingId)).padStart(7, '0')}`,
      };
    },
  };
}
