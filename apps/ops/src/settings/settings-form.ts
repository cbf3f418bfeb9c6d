/**
 * The settings form's text and the settings document: every section's fields, the form read from a
 * published document, and the document the form's text (with the logo and loan officers) makes.
 */
import type { TOrgSettings } from '@heloc/domain';
import { BRAND } from './brand-section';
import { CONTACT } from './contact-section';
import { FLAGS } from './flags-section';
import { HOLIDAYS, HOURS } from './hours-section';
import { loanOfficersOf, type OfficerRow } from './loan-officers';
import { PRICING } from './pricing-section';

export const FIELDS = [...BRAND, ...CONTACT, ...PRICING, ...HOURS, HOLIDAYS, ...FLAGS];

export type Form = Record<string, string>;
export const formOf = (settings: TOrgSettings): Form =>
  Object.fromEntries(FIELDS.map((field) => [field.path, field.get(settings)]));
export function settingsOf(
  base: TOrgSettings,
  form: Form,
  logoSvg: string,
  officers: readonly OfficerRow[],
): TOrgSettings {
  const settings = structuredClone(base);
  for (const field of FIELDS) field.set(settings, form[field.path] ?? '');
  settings.brand.logoSvg = logoSvg;
  settings.loanOfficers = loanOfficersOf(officers);
  return settings;
}
