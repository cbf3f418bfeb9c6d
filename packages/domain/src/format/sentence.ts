/**
 * Ends a sentence whose last word comes from data: a company name such as "Acme Lending Inc." already
 * carries its full stop, and a second one would read "Inc.." (issue 19).
 */
export function endSentence(text: string): string {
  return /[.!?]$/.test(text.trimEnd()) ? text.trimEnd() : `${text.trimEnd()}.`;
}

/**
 * An en-US "or" list as Intl.ListFormat writes it ("5", "5 or 10", "5, 10, 15, or 30"), written out
 * because the browser's first Intl.ListFormat loads ICU data (~90 ms of a phone's main thread on the
 * registration screen).
 */
export function orList(items: readonly string[]): string {
  if (items.length <= 2) return items.join(' or ');
  return `${items.slice(0, -1).join(', ')}, or ${items.at(-1)}`;
}
