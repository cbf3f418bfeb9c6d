/**
 * The seeded white-label organisations (spec 1 §1, §3; DESIGN.md §5): organisations.json holds
 * every ZOrgData field except orgBrand.logoSvg, which is generated from the brand name and colours.
 */
import { z } from 'zod';
import { ZOrgBrand, ZOrgData, ZOrgHmda, type TOrgData } from '@heloc/domain';
import { generateBrandLogoSvg } from './brand-logo';
import seedData from './organisations.json' with { type: 'json' };

/** One entry of organisations.json: an organisation without its generated logo. */
export const ZOrgSeed = ZOrgData.extend({ orgBrand: ZOrgBrand.omit({ logoSvg: true }) });
export type TOrgSeed = z.infer<typeof ZOrgSeed>;

function describeEntry(entry: unknown, index: number): string {
  if (
    typeof entry === 'object' &&
    entry !== null &&
    'orgCode' in entry &&
    typeof entry.orgCode === 'string'
  ) {
    return `${entry.orgCode} (entry ${index})`;
  }
  return `entry ${index} (no orgCode)`;
}

function toOrgData(entry: unknown, index: number): TOrgData {
  const label = describeEntry(entry, index);
  const seed = ZOrgSeed.safeParse(entry);
  if (!seed.success) {
    throw new Error(`Organisation seed ${label} is invalid:\n${z.prettifyError(seed.error)}`);
  }
  const withLogo = {
    ...seed.data,
    orgBrand: { ...seed.data.orgBrand, logoSvg: generateBrandLogoSvg(seed.data.orgBrand) },
  };
  const org = ZOrgData.safeParse(withLogo);
  if (!org.success) {
    throw new Error(`Organisation ${label} does not satisfy ZOrgData:\n${z.prettifyError(org.error)}`);
  }
  // HMDA reporter settings are checked here, not by ZOrgData (see ZOrgMetaData.hmda).
  const hmda = ZOrgHmda.optional().safeParse(org.data.orgMetaData.hmda);
  if (!hmda.success) {
    throw new Error(`Organisation ${label} has invalid HMDA settings:\n${z.prettifyError(hmda.error)}`);
  }
  return org.data;
}

function assertUnique(orgs: readonly TOrgData[], what: string, key: (org: TOrgData) => string): void {
  const seen = new Map<string, string>();
  for (const org of orgs) {
    const value = key(org);
    const previous = seen.get(value);
    if (previous !== undefined) {
      throw new Error(`Organisations ${previous} and ${org.orgCode} share the same ${what}: ${value}`);
    }
    seen.set(value, org.orgCode);
  }
}

/**
 * Validates raw seed entries (organisations.json's shape), adds the generated logos and checks
 * the rules that span entries. Throws, naming the orgCode, on the first problem.
 */
export function parseOrganisations(raw: unknown): TOrgData[] {
  if (!Array.isArray(raw)) throw new Error('Organisation seed data must be an array');
  const orgs = raw.map((entry: unknown, index) => toOrgData(entry, index));

  assertUnique(orgs, 'orgCode', (org) => org.orgCode);
  assertUnique(orgs, 'baseUrl host', (org) => new URL(org.baseUrl).hostname);
  const codes = new Set(orgs.map((org) => org.orgCode));
  for (const org of orgs) {
    if (!codes.has(org.canonicalOrgCode)) {
      throw new Error(
        `Organisation ${org.orgCode}: canonicalOrgCode ${org.canonicalOrgCode} is not a seeded orgCode`,
      );
    }
    const { companyAddress } = org.orgMetaData.companyInfo;
    if (!org.orgMetaData.products.heloc.licensedStates.includes(companyAddress.state)) {
      throw new Error(
        `Organisation ${org.orgCode}: home state ${companyAddress.state} is not a licensed state`,
      );
    }
  }
  return orgs;
}

/** The seeded organisations, validated against ZOrgData, with their logos generated. */
export function loadOrganisations(): TOrgData[] {
  return parseOrganisations(seedData);
}

/** The organisation with this orgCode (case-insensitive, as in `?org=code`), if any. */
export function findOrganisation(orgs: readonly TOrgData[], code: string): TOrgData | undefined {
  const wanted = code.trim().toUpperCase();
  return orgs.find((org) => org.orgCode === wanted);
}

/** The organisation whose baseUrl host matches a request Host header (port ignored), if any. */
export function findOrganisationByHost(orgs: readonly TOrgData[], host: string): TOrgData | undefined {
  const wanted = host.trim().toLowerCase().replace(/:\d+$/, '');
  return orgs.find((org) => new URL(org.baseUrl).hostname === wanted);
}
