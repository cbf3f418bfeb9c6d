/**
 * "Your cost over time" on product/select (issue 19 item 4): the total of payments and the finance
 * charge of the chosen draw, rate, fee and term, a chart of the balance and the monthly payment across
 * the term, and the year-by-year table the chart is drawn from. Every figure comes from the domain's
 * offerCost (the same month-by-month schedule as the monthly payment shown above it).
 *
 * The chart is a picture of the table (hidden from screen readers, who read the table; the table's scroll
 * box takes keyboard focus). @mantine/charts and recharts are large, so this module is only imported
 * lazily (offer-select.tsx): the first screens never load them.
 */
import '@mantine/charts/styles.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/ScrollArea.css';
import { LineChart } from '@mantine/charts';
import { SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useId, useMemo } from 'react';
import { formatCurrency, offerCost, type TOfferTerms } from '@heloc/domain';

export const OFFER_COST_TITLE = 'Your cost over time';

const money = (cents: number) => formatCurrency(cents, { decimals: 2 });
/** "$100K" on the balance axis: the exact figures are in the table. */
const compact = (dollars: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(dollars);

export interface OfferCostProps {
  amountCents: number;
  offer: TOfferTerms;
}

export default function OfferCost({ amountCents, offer }: OfferCostProps) {
  const headingId = useId();
  const tableId = useId();
  const cost = useMemo(() => offerCost(amountCents, offer), [amountCents, offer]);
  // Whole dollars for the chart: one point at the draw, then each year's end.
  const points = useMemo(
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
      <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="xs" m={0}>
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
      </SimpleGrid>
      {/* A picture of the table below, which screen readers and keyboards use instead. */}
      <figure aria-hidden="true" style={{ margin: 0 }} data-testid="offer-cost-chart">
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
      </figure>
      <Table.ScrollContainer
        minWidth={0}
        maxHeight={320}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Year by year figures"
      >
        <Table striped id={tableId} fz="sm" data-testid="offer-cost-table">
          <Table.Caption>
            Year by year: the payments of each year and what you still owe at its end
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Year</Table.Th>
              <Table.Th scope="col">Monthly payment</Table.Th>
              <Table.Th scope="col">Interest</Table.Th>
              <Table.Th scope="col">Principal</Table.Th>
              <Table.Th scope="col">Balance</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cost.years.map((year) => (
              <Table.Tr key={year.year}>
                <Table.Th scope="row">{year.year}</Table.Th>
                <Table.Td>{money(year.monthlyPaymentCents)}</Table.Td>
                <Table.Td>{money(year.interestCents)}</Table.Td>
                <Table.Td>{money(year.principalCents)}</Table.Td>
                <Table.Td>{money(year.balanceCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
