/**
 * /plaid-oauth-success (spec 1 §2): a bank's OAuth page sends the borrower back here without the
 * application in the path; its id is the one the link remembered in local storage (heloc_uuid). The
 * bank-linking success page (bank/confirm) takes over, and the status guard moves on from there when
 * the link belonged to another step. Without a stored id: the app index.
 */
import { redirect } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { HELOC_UUID_STORAGE_KEY, isUuid } from '@heloc/domain';
import { paths } from '@/config/paths';
import { requireAuth } from '@/lib/auth';

function storedApplicationUuid(): string | null {
  try {
    const stored = localStorage.getItem(HELOC_UUID_STORAGE_KEY);
    return isUuid(stored) ? stored : null;
  } catch {
    return null;
  }
}

export function plaidOauthSuccessLoader(args: LoaderFunctionArgs) {
  requireAuth(args);
  const uuid = storedApplicationUuid();
  return redirect(uuid ? `${paths.app.application.getHref(uuid)}/bank/confirm` : paths.app.home.getHref());
}
