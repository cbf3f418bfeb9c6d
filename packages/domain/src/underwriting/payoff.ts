/**
 * Junior liens at closing: the new line is recorded in second position at worst, so a lien already
 * in second position or lower (an existing home equity line, a second mortgage) is paid off from the
 * line at closing and released. The closing documents wait for each one's payoff statement
 * (PAYOFF_PENDING, payoff/hold), and the payoff is sent to its lienholder out of the draw.
 */
export interface TLienPosition {
  position: number;
}

/** The liens paid off at closing: every lien behind the first. */
export function liensPaidOffAtClosing<T extends TLienPosition>(liens: readonly T[]): T[] {
  return liens.filter((lien) => lien.position >= 2);
}

/**
 * What reaches the borrower's account at funding: the line less the origination fee and the payoffs
 * sent to lienholders. Null when the payoffs take more than the line pays out (the payoff statement
 * cannot be accepted then).
 */
export function netDisbursementCents(
  lineCents: number,
  feeCents: number,
  payoffCents: number,
): number | null {
  const net = lineCents - feeCents - payoffCents;
  return net >= 0 ? net : null;
}
