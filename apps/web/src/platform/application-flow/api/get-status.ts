/**
 * GET /service-krang-heloc/borrower/secure/api/v1/{uuid}/status (spec 2 §7): the authoritative server
 * status and the application status object. Stale after 250 ms (spec 1 §9).
 */
import { queryOptions } from '@tanstack/react-query';
import { STATUS_STALE_TIME_MS, ZApplicationStatusResponse } from '@heloc/domain';
import { api } from '@/lib/api-client';

export const statusPath = (uuid: string) =>
  `/service-krang-heloc/borrower/secure/api/v1/${encodeURIComponent(uuid)}/status`;

export const statusQueryKey = (uuid: string) => ['application-status', uuid.toLowerCase()] as const;

export function statusQueryOptions(applicationUuid: string) {
  return queryOptions({
    queryKey: statusQueryKey(applicationUuid),
    queryFn: ({ signal }) =>
      api.get(statusPath(applicationUuid), { schema: ZApplicationStatusResponse, signal }),
    staleTime: STATUS_STALE_TIME_MS,
  });
}
