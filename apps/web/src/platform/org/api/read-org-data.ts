/**
 * The organisation data the server embeds in index.html: it replaces `<!--app-org-data-->` with
 * `<script id="org-data" type="application/json">…</script>` holding TOrgData, or `null` for an unknown
 * organisation. Missing, unparsable or misshapen data all read as null ("No private label data found.").
 *
 * The page checks the shape, not every rule of ZOrgData: the server validates each organisation
 * against ZOrgData when it is seeded, and each published edit against the settings schema built from
 * the same parts (ZOrgSettings), and embeds it in the same answer as the page's own code. Building
 * and running that schema on every first screen cost a phone ~60–100 ms of main thread before
 * anything showed (issue 17).
 */
import { isRecord } from '@heloc/api-client';
import type { TOrgData } from '@heloc/domain';

export const ORG_DATA_ELEMENT_ID = 'org-data';

const ORG_CODE = /^[A-Z0-9_]{2,32}$/;

const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The parts every page reads first are there with their types: brand, company, product, pricing. */
function hasOrgDataShape(json: unknown): json is TOrgData {
  if (!isRecord(json)) return false;
  const { orgCode, canonicalOrgCode, baseUrl, orgBrand, orgMetaData, orgPricingData } = json;
  if (!isText(orgCode) || !ORG_CODE.test(orgCode)) return false;
  if (!isText(canonicalOrgCode) || !ORG_CODE.test(canonicalOrgCode) || !isText(baseUrl)) return false;
  if (!isRecord(orgBrand) || !isText(orgBrand.name) || !isText(orgBrand.logoSvg)) return false;
  if (!isRecord(orgBrand.colors) || !isText(orgBrand.colors.primary) || !isText(orgBrand.colors.secondary)) {
    return false;
  }
  if (!isRecord(orgMetaData) || !isText(orgMetaData.kind) || !isRecord(orgMetaData.companyInfo)) return false;
  if (!isRecord(orgMetaData.products) || !isRecord(orgMetaData.products.heloc)) return false;
  return Array.isArray(orgPricingData) && orgPricingData.every(isRecord);
}

export function parseOrgData(doc: Document): TOrgData | null {
  const element = doc.getElementById(ORG_DATA_ELEMENT_ID);
  if (!(element instanceof HTMLScriptElement) || element.type !== 'application/json') return null;
  const text = element.textContent?.trim();
  if (!text) return null;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    console.error('Organisation data is not valid JSON.');
    return null;
  }
  if (json === null) return null;
  if (!hasOrgDataShape(json)) {
    console.error('Organisation data does not match the expected shape.');
    return null;
  }
  return json;
}

let cached: { value: TOrgData | null } | undefined;

/** Reads the page's organisation data once; later calls return the same value. */
export function readOrgData(doc: Document = document): TOrgData | null {
  cached ??= { value: parseOrgData(doc) };
  return cached.value;
}
