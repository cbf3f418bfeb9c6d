/**
 * Deterministic valuation. AVM: $650,000 GOOD (Poorcondition: POOR; Noavm: no value). BPO: completes
 * a fixed turnaround after the order on the injected clock, at the borrower's estimate when given.
 */
import { VALUATION_FEE_CENTS, type TPropertyCondition } from '@heloc/domain';
import type { Clock } from '../../lib/clock';
import { SANDBOX_VALUES, scenarioForLastName } from '../scenario';
import { addressKey, sandboxId } from '../shared';
import type { BpoRequiredReason, ValuationProvider, ValuationSubject } from './index';

export interface SandboxValuationOptions {
  clock: Clock;
  /** How long a BPO takes (default 2 days). */
  bpoTurnaroundMs?: number;
}

const DEFAULT_BPO_TURNAROUND_MS = 2 * 86_400_000;

function conditionFor(subject: ValuationSubject): TPropertyCondition {
  return scenarioForLastName(subject.applicant.lastName) === 'POORCONDITION' ? 'POOR' : 'GOOD';
}

function texasReason(subject: ValuationSubject): BpoRequiredReason | null {
  return subject.address.state.trim().toUpperCase() === 'TX' ? 'TEXAS_VALUATION_REQUIRED' : null;
}

export function createSandboxValuation(options: SandboxValuationOptions): ValuationProvider {
  const turnaroundMs = options.bpoTurnaroundMs ?? DEFAULT_BPO_TURNAROUND_MS;
  return {
    async automatedValue(subject) {
      const valuationId = sandboxId('avm', subject.propertyId, addressKey(subject.address));
      if (scenarioForLastName(subject.applicant.lastName) === 'NOAVM') {
        return {
          outcome: 'NO_VALUE',
          valuationId,
          bpoRequired: true,
          bpoRequiredReason: 'NO_AVM',
          valuationFeeCents: VALUATION_FEE_CENTS,
        };
      }
      const valueCents = SANDBOX_VALUES.avmValueCents;
      const reason = texasReason(subject);
      return {
        outcome: 'VALUE',
        valuationId,
        valueCents,
        // ±5% band: what a high-confidence AVM reports.
        lowValueCents: Math.round(valueCents * 0.95),
        highValueCents: Math.round(valueCents * 1.05),
        confidenceScore: 92,
        condition: conditionFor(subject),
        bpoRequired: reason !== null,
        bpoRequiredReason: reason,
        valuedAt: options.clock.now(),
      };
    },

    async orderBpo(request) {
      const orderedAt = options.clock.now();
      const reason: BpoRequiredReason =
        scenarioForLastName(request.applicant.lastName) === 'NOAVM'
          ? 'NO_AVM'
          : (texasReason(request) ?? 'NO_AVM');
      return {
        orderId: sandboxId('bpo', request.propertyId, request.idempotencyKey),
        reason,
        feeCents: VALUATION_FEE_CENTS,
        orderedAt,
        dueAt: new Date(orderedAt.getTime() + turnaroundMs),
        borrowerEstimateCents: request.borrowerEstimateCents ?? null,
      };
    },

    async getBpoStatus({ order, ...subject }) {
      if (options.clock.now().getTime() < order.dueAt.getTime()) {
        return { status: 'PROCESSING', orderId: order.orderId, dueAt: order.dueAt };
      }
      return {
        status: 'COMPLETE',
        orderId: order.orderId,
        valueCents: order.borrowerEstimateCents ?? SANDBOX_VALUES.avmValueCents,
        condition: conditionFor(subject),
        completedAt: order.dueAt,
      };
    },
  };
}
