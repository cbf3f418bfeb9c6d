/**
 * Ends a sentence whose last word comes from data: a company name such as "Acme Lending Inc." already
 * carries its full stop, and a second one would read "Inc.." (issue 19).
 */
export function endSentence(text: string): string {
  return /[.!?]$/.test(text.trimEnd()) ? text.trimEnd() : `${text.trimEnd()}.`;
}
