/**
 * Valuation: the automated valuation model (value + condition) and, when the AVM has no value or the
 * state requires it (Texas), a broker price opinion order (spec 1 §4: no AVM → bpo/estimate-value,
 * valuation order $180; Texas → bpo/condition). The Texas 80% CLTV cap is underwriting's (domain),
 * not this provider's: the AVM still answers in Texas and only flags `bpoRequired`.
 *
 * Production: an AVM vendor (e.g. CoreLogic Total Home ValueX, Veros VeroVALUE, Clear Capital
 * ClearAVM) by address/APN returning value, confidence band and a condition rating; BPO orders go to
 * a valuation management company API (order, status webhook, PDF report) and the fee is collected
 * from the borrower before ordering.
 */
import type { TPropertyCondition } from '@heloc/domain';
import type { ApplicantRef, PropertyAddress, ProviderCallOptions } from '../shared';

export interface ValuationSubject {
  applicant: ApplicantRef;
  propertyId: string;
  address: PropertyAddress;
}

export type BpoRequiredReason = 'NO_AVM' | 'TEXAS_VALUATION_REQUIRED';

export type AvmResult =
  | {
      outcome: 'VALUE';
      valuationId: string;
      valueCents: number;
      lowValueCents: number;
      highValueCents: number;
      /** 0–100: the vendor's confidence in the value. */
      confidenceScore: number;
      condition: TPropertyCondition;
      /** A valuation order is still needed (Texas); the value is indicative until it completes. */
      bpoRequired: boolean;
      bpoRequiredReason: BpoRequiredReason | null;
      valuedAt: Date;
    }
  | {
      outcome: 'NO_VALUE';
      valuationId: string;
      bpoRequired: true;
      bpoRequiredReason: 'NO_AVM';
      /** What the borrower pays for the order. */
      valuationFeeCents: number;
    };

export interface BpoOrderRequest extends ValuationSubject {
  /** The borrower's own estimate (bpo/estimate-value), used by the appraiser as a starting point. */
  borrowerEstimateCents?: number | null;
  /** Idempotency: the same key gets the same order. */
  idempotencyKey: string;
}

export interface BpoOrder {
  orderId: string;
  reason: BpoRequiredReason;
  feeCents: number;
  orderedAt: Date;
  /** When the report is expected back. */
  dueAt: Date;
  borrowerEstimateCents: number | null;
}

export type BpoStatusResult =
  | { status: 'PROCESSING'; orderId: string; dueAt: Date }
  | {
      status: 'COMPLETE';
      orderId: string;
      valueCents: number;
      condition: TPropertyCondition;
      completedAt: Date;
    };

export interface ValuationProvider {
  automatedValue(subject: ValuationSubject, options?: ProviderCallOptions): Promise<AvmResult>;
  orderBpo(request: BpoOrderRequest, options?: ProviderCallOptions): Promise<BpoOrder>;
  /** The caller keeps the order (persisted) and asks with it; the provider holds no state. */
  getBpoStatus(
    request: ValuationSubject & { order: BpoOrder },
    options?: ProviderCallOptions,
  ): Promise<BpoStatusResult>;
}
