/**
 * "Your cost over time" on product/select (issue 19 item 4): the total of payments and the finance
 * charge of the chosen draw, rate, fee and term, a chart of the balance and the monthly payment across
 * the term, and the year-by-year table the chart is drawn from. Every figure comes from the domain's
 * offerCost (the same month-by-month schedule as the monthly payment shown above it).
 *
 * The chart is a picture of the table (hidden from screen readers, who read the table; the table's scroll
 * box takes keyboard focus). Its library is large, so the chart's module (offer-cost-chart.tsx) loads
 * only when its place nears the viewport, into a box of its final height (nothing shifts when it comes).
 */
import { Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { CostPoint } from './offer-cost-chart';
import { formatCurrency, offerCost, type TOfferTerms } from '@heloc/domain';
import classes from './offer-cost.module.css';

export const OFFER_COST_TITLE = 'Your cost over time';

const OfferCostChart = lazy(() => import('./offer-cost-chart'));

const money = (cents: number) => formatCurrency(cents, { decimals: 2 });

export interface OfferCostProps {
  amountCents: number;
  offer: TOfferTerms;
  /** The origination fee offerFigures gives for this amount and offer (as "Your Offer Details" shows). */
  feeCents: number;
}

export default function OfferCost({ amountCents, offer, feeCents }: OfferCostProps) {
  const headingId = useId();
  const tableId = useId();
  const cost = useMemo(() => offerCost(amountCents, offer, feeCents), [amountCents, offer, feeCents]);
  // Whole dollars for the chart: one point at the draw, then each year's end.
  const points = useMemo<CostPoint[]>(
    () => [
      { year: 0, balance: amountCents / 100, payment: (cost.months[0]?.paymentCents ?? 0) / 100 },
      ...cost.years.map((year) => ({
        year: year.year,
        balance: year.balanceCents / 100,
        payment: year.monthlyPaymentCents / 100,
      })),
    ],
    [amountCents, cost],
  );
  const totals: [string, string, string][] = [
    ['Total of payments', money(cost.totalOfPaymentsCents), 'offer-cost-total'],
    ['Finance charge', money(cost.financeChargeCents), 'offer-cost-finance-charge'],
    ['Amount financed', money(cost.amountFinancedCents), 'offer-cost-amount-financed'],
  ];

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm" data-testid="offer-cost">
      <Title order={2} size="h4" id={headingId}>
        {OFFER_COST_TITLE}
      </Title>
      <Text size="sm">
        If you draw {formatCurrency(amountCents)} now and repay it over {offer.termYears} years with the
        monthly payment, you pay back {money(cost.totalOfPaymentsCents)}. The finance charge is the interest
        over the term plus the origination fee.
      </Text>
      <dl className={classes.totals}>
        {totals.map(([label, value, testId]) => (
          <div key={label}>
            <Text component="dt" size="sm" c="dimmed">
              {label}
            </Text>
            <Text component="dd" m={0} fw={600} data-testid={testId}>
              {value}
            </Text>
          </div>
        ))}
      </dl>
      {/* A picture of the table below, which screen readers and keyboards use instead. */}
      {/* Clipped: after the window narrows (a phone turned, a resize) the chart keeps its old width until
          its resize observer fires, and it must not widen the page meanwhile. */}
      <figure aria-hidden="true" className={classes.chart} data-testid="offer-cost-chart">
        <ChartWhenNear points={points} />
      </figure>
      {/* Its own scroll box (a 30-year table is long): it takes the keyboard's focus to be scrolled. */}
      <div
        className={classes.tableBox}
        // A scroll box must take keyboard focus (WCAG 2.1.1, axe scrollable-region-focusable).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-label="Year by year figures"
      >
        {/* A plain table (Mantine's Table would bring its scroll area module into a shared chunk). */}
        <table className={classes.table} id={tableId} data-testid="offer-cost-table">
          <caption className={classes.caption}>
            Year by year: the payments of each year and what you still owe at its end
          </caption>
          <thead>
            <tr>
              <th scope="col">Year</th>
              <th scope="col">Monthly payment</th>
              <th scope="col">Interest</th>
              <th scope="col">Principal</th>
              <th scope="col">Balance</th>
            </tr>
          </thead>
          <tbody>
            {cost.years.map((year) => (
              <tr key={year.year}>
                <th scope="row">{year.year}</th>
                <td>{money(year.monthlyPaymentCents)}</td>
                <td>{money(year.interestCents)}</td>
                <td>{money(year.principalCents)}</td>
                <td>{money(year.balanceCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Stack>
  );
}

/** How far below (or above) the viewport the chart's place may be when its code starts loading. */
const NEAR_VIEWPORT = '300px';

/** The chart, drawn once its box comes near the viewport (at once where IntersectionObserver is missing). */
function ChartWhenNear({ points }: { points: CostPoint[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near || !box.current) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(box.current);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={box} className={classes.chartBox}>
      {near ? (
        <Suspense fallback={null}>
          <OfferCostChart points={points} />
        </Suspense>
      ) : null}
    </div>
  );
}
