/** Puts the organisation into the built index.html: a JSON data element and the page title. */
import type { TOrgData } from '@heloc/domain';

export const ORG_DATA_PLACEHOLDER = '<!--app-org-data-->';

/** JSON that is safe inside a script element: no `</script>`, no HTML comment openers, no line separators. */
export function jsonForScriptElement(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

export function renderPage(template: string, org: TOrgData | null): string {
  const data = `<script id="org-data" type="application/json">${jsonForScriptElement(org)}</script>`;
  const title = org ? `${org.orgBrand.name} | Home Equity Line of Credit` : 'Home Equity Line of Credit';
  return template
    .replace(ORG_DATA_PLACEHOLDER, data)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
}
