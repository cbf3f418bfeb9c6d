/**
 * product/select (spec 1 §2, §4 "revised or normal offer selection"): the priced offers by fixed
 * term, each with its rate/fee choices; the initial draw within the organisation's minimum and the
 * maximum line (never outside $15,000–$400,000); the monthly payment and APR recomputed live with
 * the domain's math; and "Your Offer Details" for the choice. Selecting moves on to "Provide More Info".
 */
import '@/components/ui/form-styles';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/SimpleGrid.css';
import { Button, Loader, Paper, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useMemo, useState } from 'react';
import {
  formatCurrency,
  formatDollarsInput,
  formatPercentFromBps,
  mergePricing,
  OFFER_DETAILS_TITLE,
  offerFinePrint,
  offerChoiceForm,
  offerFigures,
  parseDollarsToCents,
} from '@heloc/domain';
import type { TOffersResponse, TOfferView } from '@heloc/domain';
import { StepPage, useApplicationFlow } from '@/platform/application-flow';
import { useOrg } from '@/platform/org';
import { RadioGroupField, ServerError, textFieldProps, useZodForm } from '@/lib/forms';
import { offersQueryOptions, selectOffer } from '../api/engine';
import { QueryGate } from '@/components/ui/query-gate';

export const OFFER_SELECT_TITLE = 'Select Offer';

// The cost-over-time chart brings @mantine/charts and recharts: its own chunk, loaded on this screen only.
const OfferCost = lazy(() => import('./offer-cost'));

const years = (term: number) => `${term} ${term === 1 ? 'year' : 'years'}`;
const rate = (bps: number) => formatPercentFromBps(bps, { decimals: 2 });

export function OfferSelect() {
  const { applicationUuid } = useApplicationFlow();
  const offers = useQuery(offersQueryOptions(applicationUuid));
  return (
    <StepPage
      title={OFFER_SELECT_TITLE}
      lead="Choose the fixed term, the rate and fee that suit you, and how much to draw."
    >
      <QueryGate query={offers} label="Loading your offers">
        {(data) => <OfferForm data={data} />}
      </QueryGate>
    </StepPage>
  );
}

function OfferForm({ data }: { data: TOffersResponse }) {
  const { applicationUuid, advance, busy } = useApplicationFlow();
  // The server sizes both from the organisation's own pricing: no platform default clamps them here.
  const { minLineCents: minCents, maxLineCents: maxCents } = data;
  const { orgPricingData } = useOrg();
  const finePrint = useMemo(() => offerFinePrint(mergePricing(orgPricingData)), [orgPricingData]);
  const terms = useMemo(
    () => [...new Set(data.offers.map((offer) => offer.termYears))].sort((a, b) => a - b),
    [data.offers],
  );
  const initial = data.offers.find((offer) => offer.selected) ?? data.offers[0];
  const [term, setTerm] = useState<number | undefined>(initial?.termYears);
  const schema = useMemo(() => offerChoiceForm({ minCents, maxCents }), [minCents, maxCents]);
  const { form, formRef, onSubmit, serverError, submitting } = useZodForm(schema, {
    defaultValues: {
      offerUuid: initial?.uuid ?? '',
      amount: formatDollarsInput(data.selectedAmountCents > 0 ? data.selectedAmountCents : maxCents),
    },
    serverFieldFor: (path) => (path === 'amountCents' ? 'amount' : path === 'offerUuid' ? path : null),
  });
  const choices = data.offers.filter((offer) => offer.termYears === term);
  const chosen = data.offers.find((offer) => offer.uuid === form.watch('offerUuid')) ?? null;
  const amountCents = parseDollarsToCents(form.watch('amount'));
  const amountOk = amountCents !== null && amountCents >= minCents && amountCents <= maxCents;

  const changeTerm = (value: string) => {
    const next = Number(value);
    setTerm(next);
    // The same fee choice in the new term, else its first choice.
    const sameFee = data.offers.find(
      (offer) => offer.termYears === next && offer.originationFeeBps === chosen?.originationFeeBps,
    );
    const first = data.offers.find((offer) => offer.termYears === next);
    form.setValue('offerUuid', (sameFee ?? first)?.uuid ?? '', {
      shouldValidate: form.formState.isSubmitted,
    });
  };

  const submit = onSubmit(async (values) => {
    await selectOffer(applicationUuid, values.offerUuid, values.amount);
    await advance();
  });

  if (data.offers.length === 0) return <Text>There are no offers for this application.</Text>;

  return (
    <form ref={formRef} noValidate onSubmit={submit} aria-label={OFFER_SELECT_TITLE}>
      <Stack gap="lg">
        <Radio.Group label="Fixed term" value={term === undefined ? '' : String(term)} onChange={changeTerm}>
          <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs">
            {terms.map((each) => {
              const lowest = Math.min(
                ...data.offers.filter((offer) => offer.termYears === each).map((offer) => offer.rateBps),
              );
              return (
                <Radio
                  key={each}
                  value={String(each)}
                  label={years(each)}
                  description={`from ${rate(lowest)}`}
                />
              );
            })}
          </SimpleGrid>
        </Radio.Group>

        <RadioGroupField
          form={form}
          name="offerUuid"
          label="Rate and origination fee"
          description="A higher origination fee buys a lower rate. The fee is taken from the initial draw."
          options={choices.map((offer) => ({
            value: offer.uuid,
            label: `${rate(offer.rateBps)} fixed rate, ${rate(offer.originationFeeBps)} origination fee`,
          }))}
        />

        <TextInput
          label="Initial draw"
          description={`You can borrow from ${formatCurrency(minCents)} up to your maximum line of ${formatCurrency(maxCents)}.`}
          inputMode="decimal"
          leftSection="$"
          maw={320}
          {...textFieldProps(form, 'amount', { required: true })}
        />

        <OfferSummary offer={chosen} amountCents={amountOk ? amountCents : null} />

        {chosen && amountOk ? (
          <Suspense fallback={<Loader size="sm" aria-label="Loading your cost over time" />}>
            <OfferCost
              amountCents={amountCents}
              offer={chosen}
              feeCents={offerFigures(amountCents, chosen).feeCents}
            />
          </Suspense>
        ) : null}

        <Text size="sm" c="dimmed">
          {finePrint}
        </Text>

        <ServerError>{serverError}</ServerError>
        <Button type="submit" loading={submitting || busy} w="fit-content">
          Select this offer
        </Button>
      </Stack>
    </form>
  );
}

/** "Your Offer Details" for the chosen offer and amount, recomputed as they change. */
function OfferSummary({ offer, amountCents }: { offer: TOfferView | null; amountCents: number | null }) {
  const headingId = useId();
  const figures = offer && amountCents !== null ? offerFigures(amountCents, offer) : null;
  const rows: [string, string][] =
    offer && figures && amountCents !== null
      ? [
          ['APR', rate(figures.aprBps)],
          ['Initial draw', formatCurrency(amountCents)],
          ['Monthly payment', formatCurrency(figures.monthlyPaymentCents, { decimals: 2 })],
          ['Fixed term', years(offer.termYears)],
          ['Fixed rate', rate(offer.rateBps)],
          ['Origination fee', formatCurrency(figures.feeCents, { decimals: 2 })],
        ]
      : [];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Title order={2} size="h4" id={headingId}>
        {OFFER_DETAILS_TITLE}
      </Title>
      {/* Polite and whole: a screen reader hears the new figures once typing pauses. */}
      <div aria-live="polite" aria-atomic="true">
        {figures ? (
          <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="xs" mt="sm" mb={0}>
            {rows.map(([label, value]) => (
              <div key={label}>
                <Text component="dt" size="sm" c="dimmed">
                  {label}
                </Text>
                <Text component="dd" m={0} fw={600}>
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        ) : (
          <Text mt="sm">Choose an offer and an amount within your limits to see the figures.</Text>
        )}
      </div>
    </Paper>
  );
}
