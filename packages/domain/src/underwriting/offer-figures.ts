/**
 * The figures of an offer for a drawn amount (DESIGN.md §8): the origination fee on the initial draw,
 * the monthly payment amortising the draw at the fixed rate over the term, and the APR with the fee
 * (Regulation Z). The server prices offers at the maximum line with it; the offer screen recomputes
 * them live for the amount the borrower types.
 */
import { monthlyPaymentCents, paymentSchedule, type TPaymentSchedule } from '../heloc-math';
import { aprBps } from './apr';
import { originationFeeCents } from './pricing';

export interface TOfferTerms {
  rateBps: number;
  originationFeeBps: number;
  termYears: number;
}

export interface TOfferFigures {
  feeCents: number;
  aprBps: number;
  monthlyPaymentCents: number;
}

export function offerFigures(amountCents: number, offer: TOfferTerms): TOfferFigures {
  const feeCents = originationFeeCents(amountCents, offer.originationFeeBps);
  return {
    feeCents,
    aprBps: aprBps({ amountCents, feeCents, rateBps: offer.rateBps, termYears: offer.termYears }),
    monthlyPaymentCents: monthlyPaymentCents(amountCents, offer.rateBps, offer.termYears),
  };
}

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
 */
export function offerCost(amountCents: number, offer: TOfferTerms): TOfferCost {
  const schedule = paymentSchedule(amountCents, offer.rateBps, offer.termYears);
  const feeCents = originationFeeCents(amountCents, offer.originationFeeBps);
  const amountFinancedCents = amountCents - feeCents;
  return {
    ...schedule,
    feeCents,
    amountFinancedCents,
    financeChargeCents: schedule.totalOfPaymentsCents - amountFinancedCents,
  };
}
