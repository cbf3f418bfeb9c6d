/**
 * Line size limits (DESIGN.md §8): maximum line = min(maximum line, CLTV cap × value − existing
 * liens), the CLTV cap being the Texas one for a Texas property. Money in integer cents, ratios in
 * basis points; products are taken in BigInt so a large value times a cap never loses a cent.
 */
import type { TPricingEntry } from '../organisation';

export type TPricing = Required<TPricingEntry>;

const BPS = 10_000n;

function assertCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Invalid ${name} in cents: ${value}`);
}

/**
 * The combined loan-to-value cap for a property state. Texas caps home equity lending at 80% of value
 * (Tex. Const. art. XVI §50(a)(6)(B)); an organisation's own cap still applies when it is lower.
 */
export function cltvCapBpsFor(
  state: string | null,
  pricing: Pick<TPricing, 'cltvCapBps' | 'texasCltvCapBps'>,
): number {
  return state === 'TX' ? Math.min(pricing.cltvCapBps, pricing.texasCltvCapBps) : pricing.cltvCapBps;
}

export interface TMaximumLineInput {
  valueCents: number;
  existingLiensCents: number;
  /** USPS code of the property's state. */
  state: string | null;
  pricing: Pick<TPricing, 'cltvCapBps' | 'texasCltvCapBps' | 'maxLineCents'>;
}

/** min(maxLine, floor(cltvCap × value) − liens), never below 0. */
export function maximumLineCents({
  valueCents,
  existingLiensCents,
  state,
  pricing,
}: TMaximumLineInput): number {
  assertCents('value', valueCents);
  assertCents('existing liens', existingLiensCents);
  const capped = (BigInt(valueCents) * BigInt(cltvCapBpsFor(state, pricing))) / BPS;
  const equity = capped - BigInt(existingLiensCents);
  const line = equity < BigInt(pricing.maxLineCents) ? equity : BigInt(pricing.maxLineCents);
  return line > 0n ? Number(line) : 0;
}

/**
 * Combined loan-to-value of the liens plus the line, in bps, rounded up: a CLTV a hair over a cap
 * must not round down under it.
 */
export function combinedLtvBps({
  valueCents,
  existingLiensCents,
  lineCents,
}: {
  valueCents: number;
  existingLiensCents: number;
  lineCents: number;
}): number {
  assertCents('value', valueCents);
  assertCents('existing liens', existingLiensCents);
  assertCents('line', lineCents);
  if (valueCents === 0) throw new RangeError('A property value of 0 has no loan-to-value');
  const numerator = (BigInt(existingLiensCents) + BigInt(lineCents)) * BPS;
  const value = BigInt(valueCents);
  return Number((numerator + value - 1n) / value);
}
