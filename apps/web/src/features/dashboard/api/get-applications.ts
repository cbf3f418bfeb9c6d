/** GET /service-application/api/v1/application/heloc/all (spec 2 §7): the signed-in borrower's applications, newest first. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZHelocApplicationView } from '@heloc/domain';
import type { THelocApplicationView } from '@heloc/domain';
import { api } from '@/lib/api-client';

export const APPLICATIONS_PATH = '/service-application/api/v1/application/heloc/all';

const ZApplicationList = z.array(ZHelocApplicationView);

export function getApplications(signal?: AbortSignal): Promise<THelocApplicationView[]> {
  return api.get(APPLICATIONS_PATH, { schema: ZApplicationList, signal });
}

export function applicationsQueryOptions() {
  return queryOptions({
    queryKey: ['applications', 'all'],
    queryFn: ({ signal }) => getApplications(signal),
  });
}

export function useApplications() {
  return useQuery(applicationsQueryOptions());
}
