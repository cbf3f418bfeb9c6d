import type { LoaderFunctionArgs } from 'react-router';
import { isUuid } from '@heloc/domain';
import { statusQueryOptions } from '@/platform/application-flow/api/get-status';
import { applicationQueryOptions } from '@/platform/application-frame/api/get-application';
import { getToken, profileQueryOptions, requireAuth } from '@/lib/auth';
import { ensureRouteData } from '@/lib/route-data';

/**
 * The application frame's loader: only a UUID-shaped segment is an application id (spec 1 §2), so only
 * then does the sign-in guard apply; any other segment renders the not-found page, for visitors too.
 * A signed-in borrower's application, profile and status (what the frame and its status guard need
 * before any step shows) are fetched here, beside the frame's chunk, instead of after it has rendered.
 */
export async function applicationLoader(args: LoaderFunctionArgs) {
  const applicationUuid = args.params.applicationUuid;
  if (!isUuid(applicationUuid)) return null;
  requireAuth(args);
  if (getToken() !== null) {
    await ensureRouteData(args.context, (queryClient) => [
      queryClient.ensureQueryData(applicationQueryOptions(applicationUuid)),
      queryClient.ensureQueryData(profileQueryOptions()),
      queryClient.ensureQueryData(statusQueryOptions(applicationUuid)),
    ]);
  }
  return null;
}
