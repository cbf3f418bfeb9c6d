import { contrastRatio } from '@heloc/domain';
import { describe, expect, it } from 'vitest';
import {
  buildColorTuple,
  buildCssVariablesResolver,
  buildOrgTheme,
  PRIMARY_PALETTE,
  readableShadeOnWhite,
  SECONDARY_PALETTE,
} from './theme';

const luminanceOrder = (tuple: readonly string[]) =>
  tuple
    .map((colour) => contrastRatio(colour, '#000000'))
    .every((value, index, all) => index === 0 || value <= (all[index - 1] ?? 0));

describe('buildColorTuple', () => {
  it.each(['#1c7ed6', '#D9480F', '#2b8a3e', '#ffd43b', '#000000', '#ffffff'])(
    '%s: ten shades, shade 6 exactly the colour, light to dark',
    (hex) => {
      const tuple = buildColorTuple(hex);
      expect(tuple).toHaveLength(10);
      expect(tuple[6]).toBe(hex.toLowerCase());
      for (const colour of tuple) expect(colour).toMatch(/^#[0-9a-f]{6}$/);
      expect(luminanceOrder(tuple)).toBe(true);
    },
  );
});

describe('buildOrgTheme', () => {
  const theme = buildOrgTheme({
    name: 'Acme',
    colors: { primary: '#1C7ED6', secondary: '#343a40' },
    logoSvg: '<svg/>',
  });

  it('uses the brand primary as the primary colour at shade 6', () => {
    expect(theme.primaryColor).toBe(PRIMARY_PALETTE);
    expect(theme.primaryShade).toBe(6);
    expect(theme.colors?.[PRIMARY_PALETTE]?.[6]).toBe('#1c7ed6');
  });

  it('adds the secondary colour as a second palette', () => {
    expect(theme.colors?.[SECONDARY_PALETTE]?.[6]).toBe('#343a40');
  });
});

describe('readable links', () => {
  it('keeps shade 6 for a dark enough brand colour', () => {
    expect(readableShadeOnWhite(buildColorTuple('#1864ab'))).toBe(6);
  });

  it('moves to a darker shade for a light brand colour, meeting 4.5:1 on white', () => {
    const tuple = buildColorTuple('#ffd43b');
    const shade = readableShadeOnWhite(tuple);
    expect(shade).toBeGreaterThan(6);
    expect(contrastRatio(tuple[shade] ?? '', '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('points the anchor colour variable at that shade', () => {
    const resolver = buildCssVariablesResolver({
      name: 'A',
      colors: { primary: '#ffd43b', secondary: '#000000' },
      logoSvg: '<svg/>',
    });
    const shade = readableShadeOnWhite(buildColorTuple('#ffd43b'));
    expect(resolver({} as never).light['--mantine-color-anchor']).toBe(`var(--mantine-color-brand-${shade})`);
  });
});
