/**
 * Deterministic title: ORDERED for the first hour, IN_REVIEW until the turnaround, then CLEARED
 * (Notowner: FAILED, vesting mismatch: public records name someone else).
 */
import type { Clock } from '../../lib/clock';
import { scenarioForLastName } from '../scenario';
import { sandboxId } from '../shared';
import type { TitleProvider } from './index';

export interface SandboxTitleOptions {
  clock: Clock;
  /** Time from order to final status (default 1 day); review starts after the first twelfth. */
  turnaroundMs?: number;
}

const DEFAULT_TURNAROUND_MS = 86_400_000;
/** Sandbox lender's policy premium: flat $250 (HELOC title products are usually flat-priced). */
const PREMIUM_CENTS = 25_000;

export function createSandboxTitle(options: SandboxTitleOptions): TitleProvider {
  const turnaroundMs = options.turnaroundMs ?? DEFAULT_TURNAROUND_MS;
  return {
    async order(request) {
      return {
        orderId: sandboxId('ttl', request.propertyId, request.idempotencyKey),
        orderedAt: options.clock.now(),
        premiumCents: PREMIUM_CENTS,
      };
    },
    async getStatus({ applicant, order }) {
      const elapsed = options.clock.now().getTime() - order.orderedAt.getTime();
      if (elapsed < turnaroundMs / 12) return { status: 'ORDERED', orderId: order.orderId };
      if (elapsed < turnaroundMs) return { status: 'IN_REVIEW', orderId: order.orderId };
      if (scenarioForLastName(applicant.lastName) === 'NOTOWNER') {
        return { status: 'FAILED', orderId: order.orderId, reason: 'VESTING_MISMATCH' };
      }
      return {
        status: 'CLEARED',
        orderId: order.orderId,
        commitmentId: sandboxId('ttlc', order.orderId),
        vesting: `${applicant.firstName} ${applicant.lastName}`.trim().toUpperCase(),
        legalDescription: 'LOT 7, BLOCK 3, SANDBOX ADDITION',
        clearedAt: new Date(order.orderedAt.getTime() + turnaroundMs),
      };
    },
  };
}
