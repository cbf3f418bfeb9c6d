import type { LoaderFunctionArgs } from 'react-router';
import { isUuid } from '@heloc/domain';
import { paths } from '@/config/paths';
import { statusQueryOptions } from '@/platform/application-flow/api/get-status';
import {
  applicationQueryOptions,
  isMissingApplication,
} from '@/platform/application-frame/api/get-application';
import { getApiOrgCode } from '@/lib/api-client';
import { getToken, profileQueryOptions, requireAuth } from '@/lib/auth';
import { featureFlagsQueryOptions, flagUserOf } from '@/lib/feature-flags';
import { ensureRouteData, queryClientContext } from '@/lib/route-data';
import { redirectToSitePath } from '@/lib/site-redirect';
import { identityQueryOptions } from '@/lib/session/get-identity';

/**
 * The application frame's loader: only a UUID-shaped segment is an application id (spec 1 §2), so only
 * then does the sign-in guard apply; any other segment renders the not-found page, for visitors too.
 * A signed-in borrower's application, profile and status (what the frame and its status guard need
 * before any step shows) are fetched here, beside the frame's chunk, instead of after it has rendered.
 * So are the page's feature flags (the maintenance gate holds every screen until they are known), and
 * the identity (the shell's top bar) is started: on a phone each was one more round trip after the
 * first three. The identity is not waited for: it asks only after the flags (which decide its
 * service), and no screen waits for it. On the page's first load these reads (the identity aside) may
 * already be on their way: the page's early requests (app/early-requests.ts) sent them before the
 * scripts ran.
 *
 * A missing or foreign application (404) goes to the dashboard from here (spec 2 §8), before anything
 * renders: the frame would otherwise mount the signed-in shell, which reads the identity, the wallet
 * and the hours and reads the application again, only to leave the page (an old e-mail link to
 * another account's or a removed application). The frame keeps its own redirect for an application
 * that goes missing later.
 */
export async function applicationLoader(args: LoaderFunctionArgs) {
  const applicationUuid = args.params.applicationUuid;
  if (!isUuid(applicationUuid)) return null;
  requireAuth(args);
  if (getToken() !== null) {
    const organization = getApiOrgCode();
    await ensureRouteData(args.context, (queryClient) => {
      void queryClient.prefetchQuery(identityQueryOptions());
      return [
        queryClient.ensureQueryData(applicationQueryOptions(applicationUuid)),
        queryClient.ensureQueryData(profileQueryOptions()),
        queryClient.ensureQueryData(statusQueryOptions(applicationUuid)),
        ...(organization
          ? [
              queryClient.ensureQueryData(
                featureFlagsQueryOptions(flagUserOf(organization, new URL(args.request.url).pathname)),
              ),
            ]
          : []),
      ];
    });
    const application = args.context
      .get(queryClientContext)
      ?.getQueryState(applicationQueryOptions(applicationUuid).queryKey);
    if (isMissingApplication(application?.error)) {
      throw redirectToSitePath(args.request, paths.host.dashboard.getHref());
    }
  }
  return null;
}
