/**
 * GET /service-application/api/v1/application/heloc/{uuid} (spec 2 §7): one of the borrower's
 * applications. A foreign or missing id answers 404 (DESIGN §9), which the frame turns into the
 * dashboard redirect of spec 2 §8.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZHelocApplicationView } from '@heloc/domain';
import { api, ApiError } from '@/lib/api-client';
import { SCREEN_DATA_FRESH_MS } from '@/lib/route-data';

export const applicationPath = (uuid: string) =>
  `/service-application/api/v1/application/heloc/${encodeURIComponent(uuid)}`;

export function applicationQueryOptions(applicationUuid: string) {
  return queryOptions({
    queryKey: ['application', applicationUuid.toLowerCase()],
    queryFn: ({ signal }) =>
      api.get(applicationPath(applicationUuid), { schema: ZHelocApplicationView, signal }),
    // Read by the frame's loader, then by the frame, its status guard and the step as they mount.
    staleTime: SCREEN_DATA_FRESH_MS,
  });
}

/** True for the answers that mean "not this borrower's application". */
export function isMissingApplication(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}

/**
 * The application. Failures other than "missing" go to the route's error boundary (the error fallback
 * with Try again); a missing one is returned as an error for the caller to redirect.
 */
export function useApplication(applicationUuid: string) {
  return useQuery({
    ...applicationQueryOptions(applicationUuid),
    throwOnError: (error) =>
      !isMissingApplication(error) && !(error instanceof ApiError && error.status === 401),
  });
}
