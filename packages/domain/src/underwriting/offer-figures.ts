/**
 * The figures of an offer for a drawn amount (DESIGN.md §8): the origination fee on the initial draw,
 * the monthly payment amortising the draw at the fixed rate over the term, and the APR with the fee
 * (Regulation Z). The server prices offers at the maximum line with it; the offer screen recomputes
 * them live for the amount the borrower types.
 */
import { monthlyPaymentCents } from '../heloc-math';
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
