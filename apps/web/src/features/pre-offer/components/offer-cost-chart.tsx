/**
 * The chart of "Your cost over time": the balance and the monthly payment across the term, a picture of
 * the year-by-year table beside it. @mantine/charts and recharts weigh ~130 KB gzip, more than the rest
 * of the offer screen, so this module loads only once its place on the page comes near the viewport
 * (offer-cost.tsx): on a phone the screen is usable, and measured, before the chart's code arrives.
 */
import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';

export type CostPoint = { year: number; balance: number; payment: number };

/** "$100K" on the balance axis: the exact figures are in the table. */
const compact = (dollars: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(dollars);

export default function OfferCostChart({ points }: { points: CostPoint[] }) {
  return (
    <LineChart
      h={240}
      data={points}
      dataKey="year"
      series={[
        { name: 'balance', label: 'Balance', color: 'blue.8' },
        { name: 'payment', label: 'Monthly payment', color: 'orange.8', yAxisId: 'right' },
      ]}
      curveType="linear"
      withDots={false}
      withLegend
      withRightYAxis
      xAxisLabel="Year"
      valueFormatter={(value) => compact(value)}
      yAxisProps={{ width: 64 }}
      rightYAxisProps={{ width: 64 }}
      lineChartProps={{ accessibilityLayer: false }}
    />
  );
}
