/**
 * WCAG 2.x relative luminance and contrast ratio for #rrggbb colours: the seed check that every brand
 * colour can carry white text and be used for links on white (AA: 4.5:1), and the web theme's choice
 * of a readable shade. The sRGB threshold is 0.04045 (IEC 61966-2-1; WCAG 2.x's 0.03928 differs only
 * below any 8-bit channel value, so both give the same ratio here).
 */

const HEX_COLOUR = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;

export const WCAG_AA_NORMAL_TEXT = 4.5;

function channel(value: string): number {
  const srgb = Number.parseInt(value, 16) / 255;
  return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
}

/** Relative luminance (0 = black, 1 = white) of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const match = HEX_COLOUR.exec(hex);
  if (!match) throw new Error(`Not a #rrggbb colour: ${hex}`);
  const [, r = '00', g = '00', b = '00'] = match;
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** Contrast ratio between two colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  const [lighter, darker] = la >= lb ? [la, lb] : [lb, la];
  return (lighter + 0.05) / (darker + 0.05);
}
