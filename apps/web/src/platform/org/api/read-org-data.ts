/**
 * The organisation data the server embeds in index.html: it replaces `<!--app-org-data-->` with
 * `<script id="org-data" type="application/json">…</script>` holding TOrgData, or `null` for an unknown
 * organisation. Missing, unparsable or invalid data all read as null ("No private label data found.").
 */
import { ZOrgData } from '@heloc/domain';
import type { TOrgData } from '@heloc/domain';

export const ORG_DATA_ELEMENT_ID = 'org-data';

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
  const result = ZOrgData.safeParse(json);
  if (!result.success) {
    console.error('Organisation data does not match the expected shape.', result.error.issues);
    return null;
  }
  return result.data;
}

let cached: { value: TOrgData | null } | undefined;

/** Reads the page's organisation data once; later calls return the same value. */
export function readOrgData(doc: Document = document): TOrgData | null {
  cached ??= { value: parseOrgData(doc) };
  return cached.value;
}
