/**
 * Address display (spec 1 §3): title-cased street and city, then state and zip, e.g.
 * "123 Main St, Apt 4B, Springfield, IL 62701". Property and bureau data often arrive in capitals.
 */

/** Kept in capitals: street directionals, PO boxes and common unit/route abbreviations. */
const UPPERCASE_WORDS = new Set(['N', 'S', 'E', 'W', 'NE', 'NW', 'SE', 'SW', 'PO', 'US', 'FM', 'RR', 'HC']);
const ORDINAL = /^(\d+)(st|nd|rd|th)$/i;

function titleWord(word: string): string {
  if (UPPERCASE_WORDS.has(word.toUpperCase())) return word.toUpperCase();
  const ordinal = ORDINAL.exec(word);
  if (ordinal) return `${ordinal[1]}${(ordinal[2] ?? '').toLowerCase()}`;
  // Unit numbers such as 4B or 12-A stay in capitals.
  if (/^\d/.test(word)) return word.toUpperCase();
  return (
    word
      .toLowerCase()
      .replace(/(^|[-/.])(\p{L})/gu, (_, boundary: string, letter: string) => boundary + letter.toUpperCase())
      // O'Neil, D'Angelo: one letter before the apostrophe; "Mary's" keeps a small s.
      .replace(/^(\p{L})'(\p{L})/u, (_, first: string, next: string) => `${first}'${next.toUpperCase()}`)
  );
}

/** "123 MAIN ST NW" → "123 Main St NW"; "winston-salem" → "Winston-Salem". Runs of blanks collapse. */
export function titleCase(text: string): string {
  return text.trim().split(/\s+/).filter(Boolean).map(titleWord).join(' ');
}

export interface TAddressParts {
  street1: string;
  street2?: string | null;
  city: string;
  state: string;
  zip: string;
}

/** Parts that are blank are left out, so a partial address still reads naturally. */
export function formatAddress(address: TAddressParts): string {
  const stateZip = [address.state.trim().toUpperCase(), address.zip.trim()].filter(Boolean).join(' ');
  return [titleCase(address.street1), titleCase(address.street2 ?? ''), titleCase(address.city), stateZip]
    .filter(Boolean)
    .join(', ');
}
