import { useId } from 'react';
import {
  formatCurrency,
  formatPercentFromBps,
  hasSelectedOffer,
  offerFigures,
  OFFER_DETAILS_TITLE,
} from '@heloc/domain';
import type { THelocApplication, THelocApplicationView } from '@heloc/domain';
import classes from './application-frame.module.css';

type OfferFields = Pick<THelocApplication, 'term' | 'rate' | 'amount' | 'originationFeeBps'> & {
  step?: THelocApplicationView['step'];
};

/**
 * "Your Offer Details" (spec 1 §2): APR, initial draw, monthly payment and fixed term, only once term,
 * rate and amount are all above 0 (hasSelectedOffer). The figures are the offer screen's own
 * (offerFigures): the APR includes the origination fee, and the payment amortises the initial draw at
 * the offer's fixed rate over its term (DESIGN §8), to the cent. While the offer is being chosen again
 * (CLTV_REQUALIFY: the hard pull or the valuation lowered the line below the chosen draw) the chosen
 * figures are no longer on offer, so the box waits for the new choice rather than show an initial draw
 * above the "up to" amount the screen beside it states.
 */
export function OfferDetails({ offer }: { offer: OfferFields }) {
  const headingId = useId();
  if (!hasSelectedOffer(offer) || offer.step === 'CLTV_REQUALIFY') return null;
  const figures = offerFigures(offer.amount, {
    rateBps: offer.rate,
    originationFeeBps: offer.originationFeeBps,
    termYears: offer.term,
  });
  const rows: [string, string][] = [
    ['APR', formatPercentFromBps(figures.aprBps, { decimals: 2 })],
    ['Initial draw', formatCurrency(offer.amount)],
    ['Monthly payment', formatCurrency(figures.monthlyPaymentCents, { decimals: 2 })],
    ['Fixed term', `${offer.term} ${offer.term === 1 ? 'year' : 'years'}`],
  ];
  return (
    <section className={classes.offer} aria-labelledby={headingId}>
      <h3 id={headingId} className={classes.offerTitle}>
        {OFFER_DETAILS_TITLE}
      </h3>
      <dl className={classes.facts}>
        {rows.map(([label, value]) => (
          <div key={label} className={classes.fact}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
