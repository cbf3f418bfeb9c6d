/** The settings' pricing and underwriting limits, and the brand with its logo check. */
import { z } from 'zod';
import { contrastRatio, WCAG_AA_NORMAL_TEXT } from '../colour-contrast';
import { ZOrgBrand } from '../organisation';

/** Largest logo accepted (bytes of the uploaded file; a PNG is carried base64 inside an SVG). */
export const LOGO_MAX_BYTES = 100 * 1024;
/** Texas home equity lending: at most 80% combined loan-to-value (Tex. Const. art. XVI §50(a)(6)). */
export const TEXAS_CLTV_LIMIT_BPS = 8000;
/** The fee grid's largest choice (underwriting/pricing.ts FEE_CHOICES_BPS; DESIGN.md §8: 0–4.99%). */
export const ORIGINATION_FEE_LIMIT_BPS = 499;

const bps = (label: string, min: number, max: number) =>
  z
    .number()
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/** Pricing and underwriting limits: every field of DEFAULT_PRICING, with the ranges an admin may choose. */
export const ZSettingsPricing = z
  .object({
    minLineCents: bps('Line minimum', 1_000_00, 1_000_000_00),
    maxLineCents: bps('Line maximum', 1_000_00, 1_000_000_00),
    aprMinBps: bps('APR minimum', 100, 1800),
    aprMaxBps: bps('APR maximum', 100, 1800),
    originationFeeMaxBps: bps('Origination fee maximum', 0, ORIGINATION_FEE_LIMIT_BPS),
    creditScoreFloor: bps('Credit score floor', 300, 850),
    dtiCapBps: bps('DTI cap', 1000, 6500),
    cltvCapBps: bps('CLTV cap', 5000, 10000),
    texasCltvCapBps: bps('Texas CLTV cap', 5000, TEXAS_CLTV_LIMIT_BPS),
    termsYears: z
      .array(bps('A term', 1, 30))
      .min(1, 'Offer at least one term')
      .max(6, 'At most 6 terms')
      .refine((terms) => new Set(terms).size === terms.length, 'A term is listed twice'),
    marginAdjustmentBps: bps('Margin adjustment', -500, 500),
  })
  .superRefine((pricing, context) => {
    if (pricing.minLineCents >= pricing.maxLineCents)
      context.addIssue({
        code: 'custom',
        path: ['maxLineCents'],
        message: 'The line maximum must be above the line minimum',
      });
    if (pricing.aprMinBps >= pricing.aprMaxBps)
      context.addIssue({
        code: 'custom',
        path: ['aprMaxBps'],
        message: 'The APR maximum must be above the APR minimum',
      });
    if (pricing.texasCltvCapBps > pricing.cltvCapBps)
      context.addIssue({
        code: 'custom',
        path: ['texasCltvCapBps'],
        message: 'The Texas CLTV cap cannot be above the CLTV cap',
      });
  });
export type TSettingsPricing = z.infer<typeof ZSettingsPricing>;

/** Why a logo SVG may not be shown (null when it may): scripts, handlers, external references, entities. */
export function svgLogoProblem(svg: string): string | null {
  if (new TextEncoder().encode(svg).length > LOGO_MAX_BYTES * 2)
    return `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB`;
  if (!/^<svg[\s>]/.test(svg) || !/<\/svg>\s*$/.test(svg)) return 'The logo must be one SVG document';
  const lower = svg.toLowerCase();
  if (/<!doctype|<!entity|<\?/.test(lower)) return 'The logo may not declare a DOCTYPE or entities';
  if (/<\s*(script|foreignobject|iframe|object|embed|use|animate|set)\b/.test(lower))
    return 'The logo may not hold scripts, embedded documents or animation';
  if (/\son[a-z]+\s*=/.test(lower)) return 'The logo may not hold event handlers';
  // Only fragment references and PNG/JPEG data inside the file: nothing is fetched from elsewhere.
  for (const match of lower.matchAll(/(?:href|src)\s*=\s*["']([^"']*)["']/g)) {
    const target = match[1] ?? '';
    if (!target.startsWith('#') && !/^data:image\/(png|jpeg);base64,/.test(target))
      return 'The logo may not reference other files';
  }
  if (/url\(\s*["']?(?!#)/.test(lower)) return 'The logo may not reference other files';
  if (/javascript:/.test(lower)) return 'The logo may not hold scripts';
  return null;
}

export const ZSettingsBrand = ZOrgBrand.extend({
  name: z.string().trim().min(1, 'Required').max(80),
}).superRefine((brand, context) => {
  for (const key of ['primary', 'secondary'] as const) {
    const colour = brand.colors[key];
    if (!/^#[0-9a-f]{6}$/i.test(colour)) continue;
    const ratio = contrastRatio(colour, '#ffffff');
    if (ratio < WCAG_AA_NORMAL_TEXT)
      context.addIssue({
        code: 'custom',
        path: ['colors', key],
        message: `Contrast with white is ${ratio.toFixed(2)}:1; at least ${WCAG_AA_NORMAL_TEXT}:1 is needed (WCAG AA) for white text and links`,
      });
  }
  const problem = svgLogoProblem(brand.logoSvg);
  if (problem) context.addIssue({ code: 'custom', path: ['logoSvg'], message: problem });
});
