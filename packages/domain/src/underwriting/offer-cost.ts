/**
 * The cost over time of an offer (issue 19, the offer screen's chart and table): the repayment schedule
 * of the draw with the Regulation Z totals. Its own module, so the offer box's figures (offer-figures.ts)
 * stay light for the screens that load them first.
 */
import { paymentSchedule, type TPaymentSchedule } from '../payment-schedule';
import type { TOfferTerms } from './offer-figures';

export interface TOfferCost extends TPaymentSchedule {
  feeCents: number;
  /** Amount financed (Regulation Z §1026.18(b)): the draw less the prepaid finance charge (the fee). */
  amountFinancedCents: number;
  /** Finance charge (§1026.18(d)): the interest over the term plus the origination fee. */
  financeChargeCents: number;
}

/**
 * The cost over time of an offer for a drawn amount (the offer screen's chart and its table): the
 * month-by-month repayment of the draw, the total of payments, and the finance charge — total of
 * payments less amount financed, i.e. every cent of interest plus the fee.
 *
 * `feeCents` is the origination fee offerFigures gives for this amount and offer (the one rule for the
 * fee): the caller has it already, and this module stays free of the pricing module, so the lazily
 * loaded chart does not pull it out of the chunk the first screens share.
 */
export function offerCost(
  amountCents: number,
  offer: Pick<TOfferTerms, 'rateBps' | 'termYears'>,
  feeCents: number,
): TOfferCost {
  const schedule = paymentSchedule(amountCents, offer.rateBps, offer.termYears);
  const amountFinancedCents = amountCents - feeCents;
  return {
    ...schedule,
    feeCents,
    amountFinancedCents,
    financeChargeCents: schedule.totalOfPaymentsCents - amountFinancedCents,
  };
}
