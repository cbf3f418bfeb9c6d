/** GET /service-application/api/v1/application/heloc/{uuid} (spec 2 §7): one application (account set-up reads its Application ID). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZHelocApplicationView } from '@heloc/domain';
import type { THelocApplicationView } from '@heloc/domain';
import { api } from '@/lib/api-client';

export function getApplication(uuid: string, signal?: AbortSignal): Promise<THelocApplicationView> {
  return api.get(`/service-application/api/v1/application/heloc/${encodeURIComponent(uuid)}`, {
    schema: ZHelocApplicationView,
    signal,
  });
}

export function applicationQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: ['applications', uuid],
    queryFn: ({ signal }) => getApplication(uuid, signal),
  });
}

export function useApplication(uuid: string | null, options: { enabled?: boolean } = {}) {
  return useQuery({
    ...applicationQueryOptions(uuid ?? ''),
    enabled: uuid !== null && (options.enabled ?? true),
  });
}
