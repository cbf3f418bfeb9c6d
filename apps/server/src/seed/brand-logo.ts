/**
 * Deterministic brand logos for the seeded white-label organisations (orgBrand.logoSvg).
 *
 * The output is a self-contained SVG document: no scripts, no event attributes, no external
 * references (no href, no fonts, no images). Same name and colours in → same bytes out.
 */
import type { TOrgBrand } from '@heloc/domain';

export type BrandLogoInput = Pick<TOrgBrand, 'name' | 'colors'>;

export const LOGO_WIDTH = 240;
export const LOGO_HEIGHT = 48;

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const FONT_FAMILY = 'system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif';
/** Words that do not contribute to the initials ("Bank of the West" → "BW"). */
const MINOR_WORDS = new Set(['a', 'an', 'and', 'at', 'for', 'in', 'of', 'on', 'the']);

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Escapes the five XML special characters, for text content and attribute values alike. */
export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => XML_ESCAPES[ch] ?? ch);
}

/** 32-bit FNV-1a over the UTF-16 code units: small, stable, good enough to pick a shape. */
function fnv1a(value: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < value.length; i += 1) {
    hash ^= value.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** Up to two initials from the significant words of the name, upper-cased. */
export function brandInitials(name: string): string {
  const words = name
    .split(/\s+/)
    .map((word) => word.replace(/^[^\p{L}\p{N}]+/u, ''))
    .filter((word) => word.length > 0);
  const significant = words.filter((word) => !MINOR_WORDS.has(word.toLowerCase()));
  const source = significant.length > 0 ? significant : words;
  const initials = source
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
  return initials.length > 0 ? initials : '?';
}

/** The mark shapes, each drawn in a 48×48 box and filled with the primary colour. */
const SHAPES: readonly ((fill: string) => string)[] = [
  (fill) => `<circle cx="24" cy="24" r="22" fill="${fill}"/>`,
  (fill) => `<rect x="2" y="2" width="44" height="44" rx="10" fill="${fill}"/>`,
  (fill) => `<polygon points="24,2 43,13 43,35 24,46 5,35 5,13" fill="${fill}"/>`,
  (fill) => `<polygon points="24,1 47,24 24,47 1,24" fill="${fill}"/>`,
  (fill) => `<path d="M24 2 L44 9 V24 C44 36 35 43 24 46 C13 43 4 36 4 24 V9 Z" fill="${fill}"/>`,
];

export const LOGO_SHAPE_COUNT = SHAPES.length;

/** Index of the mark shape used for a name (exported for tests). */
export function logoShapeIndex(name: string): number {
  return fnv1a(name) % SHAPES.length;
}

function assertColour(label: string, value: string): string {
  if (!HEX_COLOUR.test(value)) throw new Error(`Brand logo: ${label} colour must be #rrggbb, got ${value}`);
  return value.toLowerCase();
}

const WORDMARK_X = 58;
const WORDMARK_WIDTH = LOGO_WIDTH - WORDMARK_X - 4;
/** Rough advance of an average glyph, in ems, for sizing the wordmark without font metrics. */
// Conservative: wide fallback fonts (DejaVu Sans on Linux) run about 0.65 em per glyph in semibold.
const GLYPH_EM = 0.66;
const round1 = (value: number) => Math.round(value * 10) / 10;
const textLength = (text: string) => Array.from(text).length;

/** Largest font size (within bounds) at which the text should fit the wordmark width. */
function fittingSize(text: string, max: number): number {
  return Math.max(10, Math.min(max, Math.floor(WORDMARK_WIDTH / (textLength(text) * GLYPH_EM))));
}

/** Squeeze a line into the width only when even the smallest size would overflow. */
function squeeze(text: string, fontSize: number): string {
  return textLength(text) * GLYPH_EM * fontSize <= WORDMARK_WIDTH
    ? ''
    : ` textLength="${WORDMARK_WIDTH}" lengthAdjust="spacingAndGlyphs"`;
}

/** Splits a name at the word boundary that best balances two lines, or returns undefined. */
function splitInTwo(name: string): [string, string] | undefined {
  const words = name.split(/\s+/);
  let best: [string, string] | undefined;
  for (let i = 1; i < words.length; i += 1) {
    const candidate: [string, string] = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const longest = Math.max(...candidate.map(textLength));
    if (!best || longest < Math.max(...best.map(textLength))) best = candidate;
  }
  return best;
}

/** The name in the secondary colour: one line, or two balanced lines when one would be too small. */
function renderWordmark(name: string, fill: string): string {
  const attributes = (fontSize: number) =>
    `font-family="${FONT_FAMILY}" font-size="${fontSize}" font-weight="600" fill="${fill}"`;
  const singleSize = fittingSize(name, 22);
  const lines = singleSize < 14 ? splitInTwo(name) : undefined;
  if (!lines) {
    const baseline = round1(24 + singleSize * 0.35);
    return `<text x="${WORDMARK_X}" y="${baseline}" ${attributes(singleSize)}${squeeze(name, singleSize)}>${escapeXml(name)}</text>`;
  }
  const fontSize = Math.min(...lines.map((line) => fittingSize(line, 17)));
  const baselines = [round1(24 - fontSize * 0.25), round1(24 + fontSize * 0.95)];
  const spans = lines.map(
    (line, i) =>
      `<tspan x="${WORDMARK_X}" y="${baselines[i] ?? 24}"${squeeze(line, fontSize)}>${escapeXml(line)}</tspan>`,
  );
  return `<text ${attributes(fontSize)}>${spans.join('')}</text>`;
}

/**
 * Builds the logo: a mark (shape picked from the name, primary fill, white initials) followed by
 * the wordmark (the name in the secondary colour), with role="img" and a <title> of the name.
 */
export function generateBrandLogoSvg({ name, colors }: BrandLogoInput): string {
  const trimmed = name.trim();
  if (trimmed.length === 0) throw new Error('Brand logo: name must not be empty');
  const primary = assertColour('primary', colors.primary);
  const secondary = assertColour('secondary', colors.secondary);

  const drawShape = SHAPES[logoShapeIndex(trimmed)];
  if (!drawShape) throw new Error('Brand logo: no shape');
  const initials = brandInitials(trimmed);
  const initialsSize = Array.from(initials).length > 1 ? 18 : 22;
  const initialsBaseline = round1(24 + initialsSize * 0.35);

  const title = escapeXml(trimmed);
  const wordmark = renderWordmark(trimmed, secondary);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}"`,
    ` viewBox="0 0 ${LOGO_WIDTH} ${LOGO_HEIGHT}" role="img" aria-label="${title}">`,
    `<title>${title}</title>`,
    `<g>${drawShape(primary)}`,
    `<text x="24" y="${initialsBaseline}" text-anchor="middle" font-family="${FONT_FAMILY}"`,
    ` font-size="${initialsSize}" font-weight="700" fill="#ffffff">${escapeXml(initials)}</text></g>`,
    wordmark,
    `</svg>`,
  ].join('');
}
