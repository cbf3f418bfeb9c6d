/**
 * The status guard's rule applied in a step route's loader: a link, a bookmark, Back or a reload that
 * opens a step the server status does not resolve to goes to the right one before anything renders.
 * Without it the wrong screen was drawn for a frame (and its chunk loaded and run) until the guard's
 * effect moved it on; the frame's index, which only ever moves on, drew a loader first.
 *
 * Loaded by the loaders on demand (step-route.ts), so the destination rules (the domain's routing
 * table and client machine) stay out of the router's chunk and the first screens.
 */
import type { QueryClient } from '@tanstack/react-query';
import { isWaitingStatus } from '@heloc/domain';
import { applicationQueryOptions } from '@/platform/application-frame/api/get-application';
import { profileQueryOptions } from '@/lib/auth';
import { statusQueryOptions } from './api/get-status';
import { destinationPath, guardMoveOf, stepOfPathname } from './destination';
import type { StepHandle } from './step-handle';

/**
 * The app-router path the step at `pathname` (the page's) should be replaced by, or null to render it. Reads what the frame reads
 * (the frame's loader asks for the same queries at the same time: each is fetched once). Leaves to the
 * frame and its guard what needs more than a redirect: a failed read (the frame shows or redirects it),
 * no profile (the dashboard, a document load) and a waiting status (the guard polls it).
 */
export async function statusRedirect(
  queryClient: QueryClient,
  applicationUuid: string,
  handle: StepHandle,
  pathname: string,
): Promise<string | null> {
  const answers = await Promise.all([
    queryClient.ensureQueryData(applicationQueryOptions(applicationUuid)),
    queryClient.ensureQueryData(profileQueryOptions()),
    queryClient.ensureQueryData(statusQueryOptions(applicationUuid)),
  ]).catch(() => null);
  if (!answers) return null;
  const [application, profile, status] = answers;
  if (profile === null || isWaitingStatus(status.status)) return null;
  const move = guardMoveOf(handle, stepOfPathname(applicationUuid, pathname), {
    applicationUuid,
    application,
    profile,
    statusName: status.status,
    status: status.applicationStatus,
  });
  return move === null ? null : destinationPath(applicationUuid, move);
}
