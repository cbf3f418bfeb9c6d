/** The settings document of an organisation: built, applied, compared and described. */
import { z } from 'zod';
import {
  DEFAULT_PRICING,
  mergePricing,
  ZCompanyInfo,
  ZUsStateCode,
  type TOrgData,
  type TPricingEntry,
} from '../organisation';
import { SETTINGS_DEPARTMENTS, ZSettingsHolidays, ZSettingsHours, type TSettingsDepartment } from './hours';
import { ZSettingsFeatureFlags, ZSettingsLoanOfficers, type TOrgOperations } from './operations';
import { ZSettingsBrand, ZSettingsPricing } from './pricing-brand';

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
