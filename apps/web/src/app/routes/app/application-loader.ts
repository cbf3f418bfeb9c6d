import type { LoaderFunctionArgs } from 'react-router';
import { isUuid } from '@heloc/domain';
import { requireAuth } from '@/lib/auth';

/**
 * The application frame's loader: only a UUID-shaped segment is an application id (spec 1 §2), so only
 * then does the sign-in guard apply; any other segment renders the not-found page, for visitors too.
 */
export function applicationLoader(args: LoaderFunctionArgs) {
  return isUuid(args.params.applicationUuid) ? requireAuth(args) : null;
}
