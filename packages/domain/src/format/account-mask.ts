/** Bank account masking (spec 1 §9): only the last 4 characters are ever shown. */
import { ACCOUNT_MASK_VISIBLE_CHARS } from '../constants';

/** The last 4 characters of an account number (fewer if it is shorter), surrounding blanks ignored. */
export function accountMask(value: string | null | undefined): string {
  const trimmed = (value ?? '').trim();
  return trimmed.slice(Math.max(0, trimmed.length - ACCOUNT_MASK_VISIBLE_CHARS));
}

/** "••••6789": the mask with a visual prefix, or '' when there is nothing to show. */
export function formatMaskedAccount(value: string | null | undefined): string {
  const mask = accountMask(value);
  return mask ? `••••${mask}` : '';
}
