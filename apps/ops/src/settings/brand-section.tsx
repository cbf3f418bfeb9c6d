/**
 * The Brand part of the settings form: name and colours (each with its contrast with white) and the
 * logo upload.
 */
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ChangeEvent } from 'react';
import { contrastRatio, WCAG_AA_NORMAL_TEXT } from '@heloc/domain';
import type { Field, FieldInput } from './settings-field';

export const BRAND: Field[] = [
  {
    path: 'brand.name',
    label: 'Brand name',
    get: (s) => s.brand.name,
    set: (s, v) => void (s.brand.name = v),
  },
  {
    path: 'brand.colors.primary',
    label: 'Primary colour',
    description: '#rrggbb: buttons and links (white text on it, links on white)',
    get: (s) => s.brand.colors.primary,
    set: (s, v) => void (s.brand.colors.primary = v.trim()),
  },
  {
    path: 'brand.colors.secondary',
    label: 'Secondary colour',
    description: '#rrggbb: headings and the footer band',
    get: (s) => s.brand.colors.secondary,
    set: (s, v) => void (s.brand.colors.secondary = v.trim()),
  },
];

const svgSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export function Contrast({ colour }: { colour: string }) {
  if (!/^#[0-9a-f]{6}$/i.test(colour)) return null;
  const ratio = contrastRatio(colour, '#ffffff');
  const passes = ratio >= WCAG_AA_NORMAL_TEXT;
  return (
    <Group gap="xs">
      <span
        aria-hidden
        style={{
          width: 20,
          height: 20,
          background: colour,
          border: '1px solid #495057',
          display: 'inline-block',
        }}
      />
      <Text size="sm" fw={passes ? 400 : 700}>
        Contrast with white {ratio.toFixed(2)}:1{' '}
        {passes ? '(meets WCAG AA)' : `(below ${WCAG_AA_NORMAL_TEXT}:1: not allowed)`}
      </Text>
    </Group>
  );
}

export function BrandSection({
  input,
  logoSvg,
  logoProblem,
  onUploadLogo,
}: {
  input: FieldInput;
  logoSvg: string;
  logoProblem: string | undefined;
  onUploadLogo: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
      <legend>
        <Text fw={700}>Brand</Text>
      </legend>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>{BRAND.map(input)}</SimpleGrid>
      <Group mt="sm" align="center">
        <img src={svgSource(logoSvg)} alt="Logo as it will show" height={40} />
        <Stack gap={2}>
          <label htmlFor="settings-logo">
            <Text size="sm" fw={500}>
              Upload a new logo (SVG or PNG, at most 100 KB)
            </Text>
          </label>
          <input
            id="settings-logo"
            type="file"
            accept=".svg,.png,image/svg+xml,image/png"
            onChange={onUploadLogo}
          />
          {logoProblem && (
            <Text size="sm" c="red.9" role="alert">
              {logoProblem}
            </Text>
          )}
        </Stack>
      </Group>
    </fieldset>
  );
}
