/**
 * Self-serve organisation settings (issue 16 item 2): the document an organisation's admin edits in
 * the console, versioned on the server. A version holds the whole document (brand, contact,
 * licensed states, pricing and underwriting limits); publishing one writes it over the organisation
 * (`applyOrgSettings`), so the borrower pages, the underwriting job and every other reader of the
 * organisation see it. The rules a document must meet live here, shared by the server (which
 * refuses a bad draft with 400) and the console (which shows the same messages before sending).
 */
import { z } from 'zod';
import { contrastRatio, WCAG_AA_NORMAL_TEXT } from './colour-contrast';
import {
  DEFAULT_PRICING,
  mergePricing,
  ZCompanyInfo,
  ZOrgBrand,
  ZUsStateCode,
  type TOrgData,
  type TPricingEntry,
} from './organisation';
import { WEEKDAY_NAMES, weekdayName } from './operating-hours';
import { FEATURE_FLAGS } from './constants';
import { parseIsoDate } from './format/date';
import type { TOperatingHoursEntry } from './schemas/operating-hours';

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

/** The departments whose hours the settings hold, with the words the console and the diff use. */
export const SETTINGS_DEPARTMENTS = { OPS_PHONE: 'Phone', OPS_CHAT: 'Chat' } as const;
export type TSettingsDepartment = keyof typeof SETTINGS_DEPARTMENTS;
/** A closed day in the settings document. */
export const CLOSED_DAY = 'Closed';
const DAY_RANGE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * One day's hours as the document holds them: "HH:mm-HH:mm" (Pacific wall clock, the end after the
 * start: ranges never span midnight, as isOpenAt reads them) or "Closed". A string per day keeps the
 * diff one line per day ("hours.OPS_PHONE.Monday: 06:00-18:00 → 07:00-16:00").
 */
export const ZDayHours = z
  .string()
  .trim()
  .refine((value) => {
    if (value === CLOSED_DAY) return true;
    const match = DAY_RANGE.exec(value);
    return Boolean(match) && value.slice(0, 5) < value.slice(6);
  }, 'Hours are HH:mm-HH:mm with the end after the start, or Closed');

const ZSettingsWeek = z.object({
  Monday: ZDayHours,
  Tuesday: ZDayHours,
  Wednesday: ZDayHours,
  Thursday: ZDayHours,
  Friday: ZDayHours,
  Saturday: ZDayHours,
  Sunday: ZDayHours,
});
export type TSettingsWeek = z.infer<typeof ZSettingsWeek>;
export const ZSettingsHours = z.object({ OPS_PHONE: ZSettingsWeek, OPS_CHAT: ZSettingsWeek });
export type TSettingsHours = z.infer<typeof ZSettingsHours>;

/** A day the lender is closed (both departments): a calendar date and its name. */
export const ZSettingsHoliday = z.object({
  date: z.string().refine((value) => parseIsoDate(value) !== null, 'A holiday is a calendar date yyyy-mm-dd'),
  name: z.string().trim().min(1, 'Name the holiday').max(80),
});
export type TSettingsHoliday = z.infer<typeof ZSettingsHoliday>;
export const ZSettingsHolidays = z
  .array(ZSettingsHoliday)
  .max(60, 'At most 60 holidays')
  .refine(
    (holidays) => new Set(holidays.map((holiday) => holiday.date)).size === holidays.length,
    'A holiday date is listed twice',
  );

/** A department's seven entries (Monday first) as the document's week. */
export function settingsWeekOf(entries: readonly TOperatingHoursEntry[]): TSettingsWeek {
  const week = {} as Record<string, string>;
  for (const name of WEEKDAY_NAMES) week[name] = CLOSED_DAY;
  for (const entry of entries)
    week[weekdayName(entry.weekdayValue)] =
      entry.isOpen && entry.startTime && entry.endTime
        ? `${entry.startTime.slice(0, 5)}-${entry.endTime.slice(0, 5)}`
        : CLOSED_DAY;
  return week as TSettingsWeek;
}

/** The document's week as the seven operating-hours entries (Monday first) the hours table holds. */
export function hoursEntriesOf(week: TSettingsWeek): TOperatingHoursEntry[] {
  return WEEKDAY_NAMES.map((name, index) => {
    const value = week[name];
    const open = value !== CLOSED_DAY;
    return {
      weekday: name,
      weekdayValue: index + 1,
      isOpen: open,
      startTime: open ? value.slice(0, 5) : null,
      endTime: open ? value.slice(6) : null,
    };
  });
}

/** The flags the platform knows (FEATURE_FLAGS): the settings switch each on or off per organisation. */
export const SETTINGS_FLAG_KEYS = Object.values(FEATURE_FLAGS) as [
  (typeof FEATURE_FLAGS)[keyof typeof FEATURE_FLAGS],
  ...(typeof FEATURE_FLAGS)[keyof typeof FEATURE_FLAGS][],
];
export type TSettingsFlagKey = (typeof SETTINGS_FLAG_KEYS)[number];
/** Every known flag, on or off for this organisation (a flag missing or unknown is refused). */
export const ZSettingsFeatureFlags = z.record(z.enum(SETTINGS_FLAG_KEYS), z.boolean());
export type TSettingsFeatureFlags = z.infer<typeof ZSettingsFeatureFlags>;

/** Optional text: null when absent, never empty (the answer's schema encodes, so no transforms). */
const optionalText = (max: number) =>
  z.string().trim().min(1, 'Fill it in or leave it out (null)').max(max).nullable();

/**
 * One loan officer (or broker) of the organisation (spec 2 §2 "Loan officer / broker card": the card
 * shows the loan officer's name, the broker's name, or both; neither: a lending desk, no card).
 * Never deleted: `active: false` stops offering them for new referrals and registrations;
 * applications that name them keep them.
 * The avatar and the title stay in the table (not edited here).
 */
export const ZSettingsLoanOfficer = z.object({
  uuid: z.uuid('A loan officer id is a UUID'),
  originatorName: optionalText(80),
  brokerName: optionalText(80),
  nmls: z
    .string()
    .trim()
    .regex(/^\d{1,12}$/, 'An NMLS id is 1 to 12 digits'),
  email: z.email('Enter a valid e-mail address').nullable(),
  phoneNumber: z
    .string()
    .trim()
    .regex(/^\d{3}-\d{3}-\d{4}$/, 'A phone number is 555-555-5555')
    .nullable(),
  active: z.boolean(),
});
export type TSettingsLoanOfficer = z.infer<typeof ZSettingsLoanOfficer>;
export const ZSettingsLoanOfficers = z
  .array(ZSettingsLoanOfficer)
  .max(500, 'At most 500 loan officers')
  .refine(
    (officers) => new Set(officers.map((officer) => officer.uuid.toLowerCase())).size === officers.length,
    'A loan officer is listed twice',
  )
  .refine(
    (officers) => new Set(officers.map((officer) => officer.nmls)).size === officers.length,
    'An NMLS id is listed twice',
  );

/** The parts of the settings document that live outside the organisation row (their own tables). */
export type TOrgOperations = {
  hours: TSettingsHours;
  holidays: TSettingsHoliday[];
  featureFlags: TSettingsFeatureFlags;
  loanOfficers: TSettingsLoanOfficer[];
};

/** The settings document of one organisation: what a version holds. */
export const ZOrgSettings = z
  .object({
    brand: ZSettingsBrand,
    contact: ZCompanyInfo,
    licensedStates: z
      .array(ZUsStateCode)
      .min(1, 'Choose at least one licensed state')
      .refine((states) => new Set(states).size === states.length, 'A state is listed twice'),
    pricing: ZSettingsPricing,
    hours: ZSettingsHours,
    holidays: ZSettingsHolidays,
    featureFlags: ZSettingsFeatureFlags,
    loanOfficers: ZSettingsLoanOfficers,
  })
  .superRefine((settings, context) => {
    const home = settings.contact.companyAddress.state;
    if (!settings.licensedStates.includes(home))
      context.addIssue({
        code: 'custom',
        path: ['licensedStates'],
        message: `The company's home state ${home} must be a licensed state`,
      });
  });
export type TOrgSettings = z.infer<typeof ZOrgSettings>;

/**
 * The settings an organisation has now: its row's data (the seed's, or what was published) and the
 * parts kept in their own tables (hours, holidays), which the caller reads.
 */
export function orgSettingsOf(org: TOrgData, operations: TOrgOperations): TOrgSettings {
  return {
    brand: org.orgBrand,
    contact: org.orgMetaData.companyInfo,
    licensedStates: [...org.orgMetaData.products.heloc.licensedStates],
    pricing: mergePricing(org.orgPricingData),
    hours: operations.hours,
    holidays: operations.holidays,
    featureFlags: operations.featureFlags,
    loanOfficers: operations.loanOfficers,
  };
}

/**
 * The organisation with a settings document applied: brand, company info, licensed states and one
 * pricing entry holding every limit (merged over DEFAULT_PRICING it is itself). Everything else
 * (codes, baseUrl, kind, product switches, HMDA reporter) stays as it was.
 */
export function applyOrgSettings(org: TOrgData, settings: TOrgSettings): TOrgData {
  const pricing: TPricingEntry = { ...DEFAULT_PRICING, ...settings.pricing };
  return {
    ...org,
    orgBrand: settings.brand,
    orgMetaData: {
      ...org.orgMetaData,
      companyInfo: settings.contact,
      products: {
        ...org.orgMetaData.products,
        heloc: {
          ...org.orgMetaData.products.heloc,
          licensedStates: [...settings.licensedStates].sort(),
        },
      },
    },
    orgPricingData: [pricing],
  };
}

export type TSettingsChange = { path: string; from: unknown; to: unknown };

function leaves(value: unknown, prefix: string, into: Map<string, unknown>): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value)) leaves(inner, prefix ? `${prefix}.${key}` : key, into);
    return;
  }
  // Arrays (states, terms, footer links) are one value each: a change shows the whole list.
  into.set(prefix, value);
}

/**
 * What changes from one settings document to another, field by field (dotted paths, e.g.
 * `brand.colors.primary`, `pricing.aprMinBps`), in a stable order; nothing when they are equal.
 * Licensed states compare as sets (order does not matter).
 */
export function diffOrgSettings(from: TOrgSettings, to: TOrgSettings): TSettingsChange[] {
  const before = new Map<string, unknown>();
  const after = new Map<string, unknown>();
  const normalise = (settings: TOrgSettings) => ({
    ...settings,
    licensedStates: [...settings.licensedStates].sort(),
    holidays: [...settings.holidays].sort((a, b) => a.date.localeCompare(b.date)),
    // Keyed by uuid, so a change is one line per field of one officer, whatever the list's order.
    loanOfficers: Object.fromEntries(
      settings.loanOfficers.map(({ uuid, ...officer }) => [uuid.toLowerCase(), officer]),
    ),
  });
  leaves(normalise(from), '', before);
  leaves(normalise(to), '', after);
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  return (
    paths
      // A missing field counts as null: an added officer's empty broker name is no change.
      .filter((path) => JSON.stringify(before.get(path) ?? null) !== JSON.stringify(after.get(path) ?? null))
      .map((path) => ({ path, from: before.get(path) ?? null, to: after.get(path) ?? null }))
  );
}

/** The words of each loan officer field (console labels and diff lines). */
export const LOAN_OFFICER_FIELDS: Record<string, string> = {
  originatorName: 'Loan officer name',
  brokerName: 'Broker name',
  nmls: 'NMLS id',
  email: 'E-mail',
  phoneNumber: 'Phone',
  active: 'Active',
};

/**
 * The words a change is shown with in the console: the field's name for the parts added after the
 * first settings (hours "Phone hours, Monday", "Holidays", "Feature flag fe-webchat", "Loan officer <uuid>, NMLS id"; an
 * added or removed officer shows each of its fields from or to null; given the document, the officer's name
 * replaces the uuid); other paths are shown as they are.
 */
export function settingsChangeLabel(path: string, settings?: TOrgSettings): string {
  const hours = /^hours\.(OPS_PHONE|OPS_CHAT)\.(\w+)$/.exec(path);
  if (hours) return `${SETTINGS_DEPARTMENTS[hours[1] as TSettingsDepartment]} hours, ${hours[2]}`;
  if (path === 'holidays') return 'Holidays';
  if (path.startsWith('featureFlags.')) return `Feature flag ${path.slice('featureFlags.'.length)}`;
  const officer = /^loanOfficers\.([0-9a-f-]{36})\.(\w+)$/.exec(path);
  if (officer) {
    // With the document at hand, the officer is named as the card shows them (the uuid otherwise).
    const named = settings?.loanOfficers.find((each) => each.uuid.toLowerCase() === officer[1]);
    const who = named?.originatorName ?? named?.brokerName ?? officer[1];
    return `Loan officer ${who}, ${LOAN_OFFICER_FIELDS[officer[2]!] ?? officer[2]}`;
  }
  return path;
}

/** Requests and answers of the settings routes (`/service-ops/api/v1/organisations/{orgCode}/settings`). */
export const ZSettingsNote = z.string().trim().min(1, 'Say what changed and why').max(500);

export const ZSettingsDraftRequest = z.object({ settings: ZOrgSettings, note: ZSettingsNote });
export type TSettingsDraftRequest = z.infer<typeof ZSettingsDraftRequest>;

export const ZSettingsActionRequest = z.object({ note: ZSettingsNote });

export const ZLogoUploadRequest = z.object({
  fileName: z.string().trim().min(1).max(200),
  /** The file's bytes, base64. */
  contentBase64: z
    .string()
    .max(Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 4, `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB`),
});

export const SETTINGS_VERSION_STATES = ['DRAFT', 'PUBLISHED', 'PREVIOUSLY_PUBLISHED'] as const;

export const ZSettingsVersionSummary = z.object({
  uuid: z.string(),
  version: z.number().int(),
  state: z.enum(SETTINGS_VERSION_STATES),
  note: z.string(),
  createdBy: z.string().nullable().describe('E-mail of the member; null: the seed file'),
  createdAt: z.string(),
  publishedBy: z.string().nullable(),
  publishedAt: z.string().nullable(),
  /** A rollback: the version it copies. */
  rolledBackFrom: z.number().int().nullable(),
});
export type TSettingsVersionSummary = z.infer<typeof ZSettingsVersionSummary>;

export const ZSettingsChange = z.object({ path: z.string(), from: z.unknown(), to: z.unknown() });

export const ZSettingsVersion = ZSettingsVersionSummary.extend({
  settings: ZOrgSettings,
  /** Against the published version. */
  changes: z.array(ZSettingsChange),
});
export type TSettingsVersion = z.infer<typeof ZSettingsVersion>;

export const ZOrgSettingsOverview = z.object({
  orgCode: z.string(),
  publishedVersion: z.number().int(),
  published: ZOrgSettings,
  versions: z.array(ZSettingsVersionSummary),
});
export type TOrgSettingsOverview = z.infer<typeof ZOrgSettingsOverview>;
