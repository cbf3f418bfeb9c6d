/**
 * Mantine theme from the organisation brand: a 10-shade palette around the brand primary (shade 6 is the
 * primary itself; lighter shades mix towards white, darker ones towards black) and one around the
 * secondary colour. Links use the first shade from 6 up that reads on white (WCAG AA, 4.5:1), so a light
 * brand colour never produces unreadable links.
 */
import { colorsTuple, createTheme } from '@mantine/core';
import type { CSSVariablesResolver, MantineColorsTuple, MantineThemeOverride } from '@mantine/core';
import { contrastRatio, WCAG_AA_NORMAL_TEXT, type TOrgBrand } from '@heloc/domain';

export const PRIMARY_PALETTE = 'brand';
export const SECONDARY_PALETTE = 'brandSecondary';
export const PRIMARY_SHADE = 6;

type Rgb = readonly [number, number, number];

/** #rrggbb (the brand schema's only form) to channels. */
function hexToRgb(hex: string): Rgb {
  const value = parseInt(hex.slice(1, 7), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function rgbToHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** Linear mix: weight 0 keeps `from`, weight 1 gives `to`. */
function mix(from: Rgb, to: Rgb, weight: number): Rgb {
  return [
    from[0] + (to[0] - from[0]) * weight,
    from[1] + (to[1] - from[1]) * weight,
    from[2] + (to[2] - from[2]) * weight,
  ];
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** Share of white for shades 0..5 and of black for shades 7..9. */
const LIGHT_STEPS = [0.92, 0.82, 0.68, 0.52, 0.36, 0.18] as const;
const DARK_STEPS = [0.16, 0.32, 0.48] as const;

export function buildColorTuple(hex: string): MantineColorsTuple {
  const base = hexToRgb(hex);
  const light = LIGHT_STEPS.map((weight) => rgbToHex(mix(base, WHITE, weight)));
  const dark = DARK_STEPS.map((weight) => rgbToHex(mix(base, BLACK, weight)));
  return colorsTuple([...light, hex.toLowerCase(), ...dark]);
}

/** First shade from the primary shade up whose text on white meets 4.5:1 (shade 9 at worst). */
export function readableShadeOnWhite(tuple: MantineColorsTuple): number {
  const shade = tuple.findIndex(
    (colour, index) => index >= PRIMARY_SHADE && contrastRatio(colour, '#ffffff') >= WCAG_AA_NORMAL_TEXT,
  );
  return shade === -1 ? 9 : shade;
}

export function buildOrgTheme(brand: TOrgBrand): MantineThemeOverride {
  return createTheme({
    colors: {
      [PRIMARY_PALETTE]: buildColorTuple(brand.colors.primary),
      [SECONDARY_PALETTE]: buildColorTuple(brand.colors.secondary),
    },
    primaryColor: PRIMARY_PALETTE,
    primaryShade: PRIMARY_SHADE,
    // Text on filled brand surfaces switches to black or white, whichever reads.
    autoContrast: true,
    // Menus, drawers and modals open without animation for people who ask their system for less motion.
    respectReducedMotion: true,
    components: {
      // Mantine renders dialog headers as <header>, which reads as a second page banner landmark.
      DrawerHeader: { defaultProps: { component: 'div' } },
      ModalHeader: { defaultProps: { component: 'div' } },
      // A loader is a <span>: its aria-label ("Loading …") is only allowed, and only announced, on
      // an element with a role (axe aria-prohibited-attr), so every loader is a status.
      Loader: { defaultProps: { role: 'status' } },
    },
    fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    headings: {
      fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    },
  });
}

export function buildCssVariablesResolver(brand: TOrgBrand): CSSVariablesResolver {
  const linkShade = readableShadeOnWhite(buildColorTuple(brand.colors.primary));
  return () => ({
    variables: {},
    light: {
      '--mantine-color-anchor': `var(--mantine-color-${PRIMARY_PALETTE}-${linkShade})`,
      // Mantine's dimmed text (menu labels, descriptions) is gray 6, under 4.5:1 on white; gray 7 reads.
      '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    },
    dark: {},
  });
}
