/**
 * US phone numbers (spec 1 §5). Accepted: +1 and 10 digits (also "+1 4155550134"), 11 digits starting with 1, 10 digits, the
 * dashed forms xxx-xxx-xxxx and 1-xxx-xxx-xxxx (also +1-xxx-xxx-xxxx), and the display form
 * (xxx) xxx-xxxx itself so a formatted value parses back. Shown as (xxx) xxx-xxxx.
 * The area code is not checked against NANP rules: the spec fixes only the shapes.
 */

const PHONE_FORMS = [
  // "+1 with 10 digits" as people type it, with or without a space after the country code.
  /^(?:\+1 ?|1)?(\d{3})(\d{3})(\d{4})$/,
  /^(?:\+?1-)?(\d{3})-(\d{3})-(\d{4})$/,
  /^(?:\+1 )?\((\d{3})\) (\d{3})-(\d{4})$/,
];

/** The 10 national digits, or null when the value is none of the accepted forms. */
export function parsePhone(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  for (const form of PHONE_FORMS) {
    const match = form.exec(trimmed);
    if (match) return `${match[1]}${match[2]}${match[3]}`;
  }
  return null;
}

export function isPhone(value: string | null | undefined): boolean {
  return parsePhone(value) !== null;
}

/**
 * "8888196388" → "(888) 819-6388". A value that does not parse is returned trimmed and unchanged,
 * so a display never hides what the server holds.
 */
export function formatPhone(value: string | null | undefined): string {
  const digits = parsePhone(value);
  if (!digits) return (value ?? '').trim();
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** "tel:+18888196388" for Call buttons, or null when the value does not parse. */
export function phoneTelHref(value: string | null | undefined): string | null {
  const digits = parsePhone(value);
  return digits ? `tel:+1${digits}` : null;
}
