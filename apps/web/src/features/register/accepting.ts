/**
 * The not-accepting-applications rule (spec 1 §2): registration is closed when the business is
 * wholesale, or a referrer is required but the `referrer` query parameter is missing; the app index
 * closes when a referring loan originator is required (wholesale organisations require one too).
 */
import type { THelocProductMeta } from '@heloc/domain';

export type NotAcceptingReason = 'wholesale' | 'referrerRequired';

type HelocRules = Pick<THelocProductMeta, 'wholesale' | 'referrerRequired'>;

export function registerNotAcceptingReason(
  heloc: HelocRules,
  referrer: string | null,
): NotAcceptingReason | null {
  if (heloc.wholesale) return 'wholesale';
  if (heloc.referrerRequired && !referrer?.trim()) return 'referrerRequired';
  return null;
}

export function indexNotAcceptingReason(heloc: HelocRules): NotAcceptingReason | null {
  if (heloc.wholesale) return 'wholesale';
  if (heloc.referrerRequired) return 'referrerRequired';
  return null;
}
