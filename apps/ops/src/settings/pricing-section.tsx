/**
 * The Pricing and underwriting limits part of the settings form (dollars and percents as the
 * document's cents and bps).
 */
import { SimpleGrid, Text } from '@mantine/core';
import { list, type Field, type FieldInput } from './settings-field';

const dollars = (path: 'minLineCents' | 'maxLineCents', label: string): Field => ({
  path: `pricing.${path}`,
  label,
  get: (s) => String(s.pricing[path] / 100),
  set: (s, v) => void (s.pricing[path] = Math.round(Number(v) * 100)),
});
const percent = (
  path: 'aprMinBps' | 'aprMaxBps' | 'originationFeeMaxBps' | 'dtiCapBps' | 'cltvCapBps' | 'texasCltvCapBps',
  label: string,
): Field => ({
  path: `pricing.${path}`,
  label,
  get: (s) => (s.pricing[path] / 100).toFixed(2),
  set: (s, v) => void (s.pricing[path] = Math.round(Number(v) * 100)),
});

export const PRICING: Field[] = [
  dollars('minLineCents', 'Line minimum ($)'),
  dollars('maxLineCents', 'Line maximum ($)'),
  percent('aprMinBps', 'APR minimum (%)'),
  percent('aprMaxBps', 'APR maximum (%)'),
  percent('originationFeeMaxBps', 'Origination fee maximum (%)'),
  {
    path: 'pricing.creditScoreFloor',
    label: 'Credit score floor',
    get: (s) => String(s.pricing.creditScoreFloor),
    set: (s, v) => void (s.pricing.creditScoreFloor = Number(v)),
  },
  percent('dtiCapBps', 'DTI cap (%)'),
  percent('cltvCapBps', 'CLTV cap (%)'),
  percent('texasCltvCapBps', 'Texas CLTV cap (%)'),
  {
    path: 'pricing.termsYears',
    label: 'Terms (years)',
    description: 'Comma-separated, e.g. 5, 10, 15, 30',
    get: (s) => s.pricing.termsYears.join(', '),
    set: (s, v) => void (s.pricing.termsYears = list(v).map(Number)),
  },
  {
    path: 'pricing.marginAdjustmentBps',
    label: 'Margin adjustment (bps)',
    get: (s) => String(s.pricing.marginAdjustmentBps),
    set: (s, v) => void (s.pricing.marginAdjustmentBps = Number(v)),
  },
];

export function PricingSection({ input }: { input: FieldInput }) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend>
        <Text fw={700}>Pricing and underwriting limits</Text>
      </legend>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>{PRICING.map(input)}</SimpleGrid>
    </fieldset>
  );
}
