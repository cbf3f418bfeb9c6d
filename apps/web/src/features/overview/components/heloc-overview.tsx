import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Title.css';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { formatCurrency, formatPercentFromBps, mergePricing, orList, usStatesByName } from '@heloc/domain';
import type { TOrgData } from '@heloc/domain';
import classes from './heloc-overview.module.css';

interface HelocOverviewProps {
  org: TOrgData;
}

/** Rates are quoted with two decimals, as in the disclosures ("7.60% to 17.20%"). */
const rate = (bps: number): string => formatPercentFromBps(bps, { decimals: 2 });

/** What the application asks for on the way, so nobody stops halfway to look for it. */
export const WHAT_YOU_WILL_NEED = [
  'A photo ID: driver’s licence, state ID card, passport or permanent resident card',
  'Your income: online access to your bank or payroll, or recent pay stubs or tax returns',
  'Your latest mortgage statement, for the loans on your home',
  'The names and e-mail addresses of anyone else on your home’s title',
] as const;

/**
 * What the application needs, key figures and the licensed states of the organisation's HELOC, shown beside the first registration
 * step (the app index itself now leads to registration or the dashboard).
 */
export function HelocOverview({ org }: HelocOverviewProps) {
  const info = org.orgMetaData.companyInfo;
  const pricing = useMemo(() => mergePricing(org.orgPricingData), [org.orgPricingData]);
  const states = useMemo(
    () => usStatesByName(org.orgMetaData.products.heloc.licensedStates),
    [org.orgMetaData.products.heloc.licensedStates],
  );

  const figures = [
    {
      term: 'Line amount',
      value: `${formatCurrency(pricing.minLineCents)} to ${formatCurrency(pricing.maxLineCents)}`,
    },
    { term: 'APR', value: `${rate(pricing.aprMinBps)} to ${rate(pricing.aprMaxBps)}` },
    {
      term: 'Origination fee',
      value:
        pricing.originationFeeMaxBps === 0
          ? 'No origination fee'
          : `Up to ${rate(pricing.originationFeeMaxBps)} of the initial draw`,
    },
    {
      term: 'Fixed-rate terms',
      value: `${orList(pricing.termsYears.map(String))} years`,
    },
  ];

  return (
    <Paper component="aside" withBorder p="lg" radius="md" aria-labelledby="overview-title">
      <Stack gap="lg">
        <Stack gap="xs" className={classes.hero}>
          <Title order={2} id="overview-title">
            {info.companyProduct} at a glance
          </Title>
          <Text className={classes.lead}>
            {info.companyProduct} from {info.companyName}: a line of credit secured by your home, with a fixed
            rate on the initial draw.
          </Text>
        </Stack>

        <section aria-labelledby="overview-figures">
          <Title order={3} id="overview-figures" mb="sm">
            Key figures
          </Title>
          <dl className={classes.figures}>
            {figures.map((figure) => (
              <div key={figure.term} className={classes.figure}>
                <dt className={classes.term}>{figure.term}</dt>
                <dd className={classes.value}>{figure.value}</dd>
              </div>
            ))}
          </dl>
          <Text size="sm" mt="sm">
            See the disclosures at the bottom of the page for conditions and costs.
          </Text>
        </section>

        <section aria-labelledby="overview-needs">
          <Title order={3} id="overview-needs" mb="sm">
            What you will need
          </Title>
          <ul className={classes.needs}>
            {WHAT_YOU_WILL_NEED.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="overview-states">
          <Title order={3} id="overview-states" mb="sm">
            Where we lend
          </Title>
          <Text mb="sm">
            {info.companyName} offers this line of credit for homes in {states.length}{' '}
            {states.length === 1 ? 'state' : 'states'}:
          </Text>
          <ul className={classes.states} aria-labelledby="overview-states">
            {states.map((state) => (
              <li key={state.code}>{state.name}</li>
            ))}
          </ul>
        </section>
      </Stack>
    </Paper>
  );
}
