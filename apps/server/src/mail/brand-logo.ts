/**
 * Each organisation's logo at a public, cacheable address (`GET /brand/{orgCode}/logo`), so e-mails
 * link an image instead of carrying a `data:` one (Gmail and others drop those and show the alt text).
 * The e-mail's address is absolute on the organisation's own site (its `baseUrl`, where the borrower
 * links of the same e-mail point), with `?v=` the logo's digest: a new logo is a new address, so the
 * old one may be cached for a day.
 *
 * The brand carries an SVG (org settings): an uploaded PNG is carried wrapped in an SVG of its size,
 * and is answered here as the PNG itself (mail clients that show no SVG, Gmail among them, show a
 * PNG). An SVG was checked when it was published (svgLogoProblem: no scripts, handlers, entities or
 * outside references); it is answered with `Content-Security-Policy: default-src 'none'` and
 * `nosniff` anyway, so opened on its own it can run or load nothing. Mail clients and their image
 * proxies fetch it from other origins: `Cross-Origin-Resource-Policy: cross-origin`.
 *
 * This file: the served bytes and the address (the templates' and the route's one copy); the route is
 * modules/borrower-mail/brand-logo.ts.
 */
import { createHash } from 'node:crypto';
import type { TOrgData } from '@heloc/domain';

export const BRAND_LOGO_PATH = (orgCode: string) => `/brand/${encodeURIComponent(orgCode)}/logo`;

/** How long a logo may be cached (its address changes with it: `?v=`). */
export const LOGO_MAX_AGE_SECONDS = 86_400;

/** The wrapper org settings puts around an uploaded PNG (org-settings service.ts logoFromUpload), read back. */
const WRAPPED_PNG =
  /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 \d+ \d+" width="\d+" height="\d+"><image href="data:image\/png;base64,([A-Za-z0-9+/=]+)" width="\d+" height="\d+"\/><\/svg>$/;

export type LogoAsset = { contentType: string; body: Buffer; digest: string };

/** The bytes and type the logo is served as: the PNG an upload was, else the SVG. */
export function logoAsset(org: TOrgData): LogoAsset {
  const svg = org.orgBrand.logoSvg;
  const png = WRAPPED_PNG.exec(svg)?.[1];
  const body = png ? Buffer.from(png, 'base64') : Buffer.from(svg, 'utf8');
  return {
    contentType: png ? 'image/png' : 'image/svg+xml',
    body,
    digest: createHash('sha256').update(body).digest('hex').slice(0, 16),
  };
}

/**
 * The logo's address for an e-mail: absolute on `base` (the organisation's site), or relative when
 * `base` is '' (the console's preview frame, which loads it from the console's own server).
 */
export function brandLogoUrl(base: string, org: TOrgData): string {
  return `${base.replace(/\/+$/, '')}${BRAND_LOGO_PATH(org.orgCode)}?v=${logoAsset(org).digest}`;
}
