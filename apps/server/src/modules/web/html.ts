/** Puts the organisation into the built index.html: a JSON data element and the page title. */
import { escapeHtml } from '../../lib/escape-html';
import { PAGE_FEATURE_FLAGS_ELEMENT_ID, publicOrgData, type TOrgData } from '@heloc/domain';
import type { FeatureDecision } from '../feature-flags/service';

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

/**
 * A first screen's chunks beyond the entry, from the web build's `.vite/preloads.json`; `run`: the
 * page's own early scripts (the application pages' early requests), absent from older builds.
 */
export type RoutePreload = { path: string; scripts: string[]; styles: string[]; run?: string[] };

/**
 * The head elements of the page at `pathname`: its early scripts first, as async module scripts (run
 * the moment they arrive), then its chunks announced, module scripts as `modulepreload`, stylesheets
 * as `preload` (fetched early without blocking the first paint; the app's own loader applies them
 * from the cache). Only our own asset paths ever reach the markup.
 */
export function preloadLinks(preloads: RoutePreload[], pathname: string): string {
  const run = new Set<string>();
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const route of preloads) {
    if (!new RegExp(route.path).test(pathname)) continue;
    route.run?.forEach((file) => run.add(file));
    route.scripts.forEach((file) => scripts.add(file));
    route.styles.forEach((file) => styles.add(file));
  }
  const safe = (href: string) => /^\/[\w./-]+$/.test(href);
  return [
    ...[...run].filter(safe).map((src) => `<script type="module" async crossorigin src="${src}"></script>`),
    ...[...scripts].filter(safe).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...[...styles].filter(safe).map((href) => `<link rel="preload" as="style" crossorigin href="${href}">`),
  ].join('');
}

/**
 * The feature decisions for the page's visitor (no identity; the application of the path): what
 * `POST …/api/v1/features` answers that user, handed over with the page so its first screen need not
 * wait for the call (the maintenance gate holds every screen until the flags are known).
 */
export type PageFeatureFlags = {
  organization: string;
  application: string | null;
  features: Record<string, FeatureDecision>;
};

export function renderPage(
  template: string,
  org: TOrgData | null,
  headLinks = '',
  flags: PageFeatureFlags | null = null,
): string {
  const flagsElement = flags
    ? `<script id="${PAGE_FEATURE_FLAGS_ELEMENT_ID}" type="application/json">${jsonForScriptElement(flags)}</script>`
    : '';
  const data = `<script id="org-data" type="application/json">${jsonForScriptElement(org && publicOrgData(org))}</script>${flagsElement}${headLinks}`;
  const title = org ? `${org.orgBrand.name} | Home Equity Line of Credit` : 'Home Equity Line of Credit';
  return template
    .replace(ORG_DATA_PLACEHOLDER, data)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
}
