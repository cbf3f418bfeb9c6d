/**
 * Organisation (white-label partner) data: what the server embeds in every page and what the
 * footer, theme, licensing and pricing rules read (spec 1 §1, §3 "Footer and company entity").
 */
import { z } from 'zod';
import type { TOrgHmda } from './hmda/reporter';
import { US_STATE_CODES } from './us-states';

export const ZUsStateCode = z.enum(US_STATE_CODES as [string, ...string[]]);

const ZHexColour = z.string().regex(/^#[0-9a-f]{6}$/i, 'Must be a #rrggbb colour');

export const ZOrgBrand = z.object({
  name: z.string().min(1),
  colors: z.object({
    /** Main brand colour: buttons, links, top bar accents. */
    primary: ZHexColour,
    /** Secondary colour: headings, footer band. */
    secondary: ZHexColour,
  }),
  /** A self-contained SVG document (no scripts, no external references). */
  logoSvg: z.string().startsWith('<svg'),
});

export const ZCompanyAddress = z.object({
  street1: z.string().min(1),
  street2: z.string().optional(),
  city: z.string().min(1),
  state: ZUsStateCode,
  zip: z.string().regex(/^\d{5}(-\d{4})?$/),
});

export const ZFooterImage = z.enum(['EOL', 'EHL', 'OTHER']);

export const ZExtraFooterUrl = z.object({
  type: z.literal('FOOTER'),
  url: z.string().min(1),
  name: z.string().min(1),
});

export const ZCompanyInfo = z.object({
  companyName: z.string().min(1),
  companyNameShort: z.string().min(1),
  companyProduct: z.string().min(1),
  companyNMLS: z.string().regex(/^\d{4,7}$/),
  companyNmlsURL: z.url(),
  termsOfUseUrl: z.string().min(1),
  privacyPolicyUrl: z.string().min(1),
  privacyLinkIsExternal: z.boolean(),
  licensesUrl: z.string().min(1),
  companyLegalUrl: z.string().min(1),
  footerImage: ZFooterImage,
  disclosureCopy: z.string(),
  companyAddress: ZCompanyAddress,
  /** Customer service phone as shown, e.g. (888) 819-6388. */
  phoneFormatted: z.string().regex(/^\(\d{3}\) \d{3}-\d{4}$/),
  email: z.email(),
  /** Legal entity type shown in notices, e.g. "a Delaware corporation" or "a federally chartered credit union". */
  organization: z.string().min(1),
  extraFooterUrls: z.array(ZExtraFooterUrl),
});

export const ZOrgKind = z.enum(['MAIN_LENDER', 'MORTGAGE_COMPANY', 'CREDIT_UNION']);

export const ZHelocProductMeta = z.object({
  licensedStates: z.array(ZUsStateCode).min(1),
  /** A referring loan originator must be named (referrer query parameter) to apply. */
  referrerRequired: z.boolean(),
  /** Wholesale channel: borrowers come through brokers, never self-register. */
  wholesale: z.boolean(),
  /** Licensed New York mortgage banker whose site New York regulators may review. */
  allowRegulatorReview: z.boolean(),
  /** Toggles the web may read without a flag call, e.g. nationalCreditUnionAdministrationLogo. */
  publicFeatureToggles: z.record(z.string(), z.boolean()),
});

export const ZOrgMetaData = z.object({
  kind: ZOrgKind,
  companyInfo: ZCompanyInfo,
  products: z.object({ heloc: ZHelocProductMeta }),
  /**
   * The organisation as a HMDA reporter (LEI, tax id, agency, filing contact): checked with ZOrgHmda
   * (hmda/reporter.ts) by the seed and by the LAR export, not here, so the borrower app — which
   * parses this schema and never sees the settings (publicOrgData) — does not carry that schema.
   */
  hmda: z.custom<TOrgHmda>().optional(),
});

/**
 * One entry of orgPricingData. Entries are merged in order (later wins) over the platform
 * defaults, so an organisation can override only what differs. Money in cents, rates in bps.
 */
export const ZPricingEntry = z
  .object({
    minLineCents: z.number().int().positive(),
    maxLineCents: z.number().int().positive(),
    aprMinBps: z.number().int().positive(),
    aprMaxBps: z.number().int().positive(),
    originationFeeMaxBps: z.number().int().min(0),
    creditScoreFloor: z.number().int().min(300).max(850),
    dtiCapBps: z.number().int().positive(),
    cltvCapBps: z.number().int().positive(),
    texasCltvCapBps: z.number().int().positive(),
    termsYears: z.array(z.number().int().positive()).min(1),
    /** Margin over the base rate that this partner adds to every offer. */
    marginAdjustmentBps: z.number().int(),
  })
  .partial();

export const ZOrgData = z.object({
  orgCode: z.string().regex(/^[A-Z0-9_]{2,32}$/),
  canonicalOrgCode: z.string().regex(/^[A-Z0-9_]{2,32}$/),
  orgBrand: ZOrgBrand,
  /** Public origin of the organisation's site; its host selects the organisation. */
  baseUrl: z.url(),
  orgMetaData: ZOrgMetaData,
  orgPricingData: z.array(ZPricingEntry),
});

export type TOrgBrand = z.infer<typeof ZOrgBrand>;
export type TCompanyInfo = z.infer<typeof ZCompanyInfo>;
export type THelocProductMeta = z.infer<typeof ZHelocProductMeta>;
export type TPricingEntry = z.infer<typeof ZPricingEntry>;
export type TOrgData = z.infer<typeof ZOrgData>;

export const MAIN_ORG_CODE = 'MAIN';

/**
 * The organisation as the borrower's pages get it: without its HMDA reporter settings (tax id,
 * filing contact), which only the staff's LAR export reads.
 */
export function publicOrgData(org: TOrgData): TOrgData {
  const { hmda: _hmda, ...orgMetaData } = org.orgMetaData;
  return { ...org, orgMetaData };
}

/** Platform pricing and underwriting defaults (DESIGN.md §8); organisations override by entry. */
export const DEFAULT_PRICING: Required<TPricingEntry> = {
  minLineCents: 15_000_00,
  maxLineCents: 400_000_00,
  aprMinBps: 760,
  aprMaxBps: 1720,
  originationFeeMaxBps: 499,
  creditScoreFloor: 640,
  dtiCapBps: 5000,
  cltvCapBps: 8500,
  texasCltvCapBps: 8000,
  termsYears: [5, 10, 15, 30],
  marginAdjustmentBps: 0,
};

/** orgPricingData is "a list of objects that are merged" (spec 1 §1): later entries win. */
export function mergePricing(entries: readonly TPricingEntry[]): Required<TPricingEntry> {
  const merged: Required<TPricingEntry> = { ...DEFAULT_PRICING };
  for (const entry of entries) {
    for (const [key, value] of Object.entries(entry) as [keyof TPricingEntry, unknown][]) {
      if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
    }
  }
  return merged;
}

export function isMainLender(org: Pick<TOrgData, 'canonicalOrgCode'>): boolean {
  return org.canonicalOrgCode === MAIN_ORG_CODE;
}
