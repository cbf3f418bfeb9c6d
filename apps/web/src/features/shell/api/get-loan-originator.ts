/**
 * GET /service-lead-portal/api/lo/{loanOriginatorUuid} (spec 2 §7): the loan officer or broker of the
 * application's referrer, cached 10 minutes (spec 2 §9).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { LOAN_ORIGINATOR_CACHE_MS, ZLoanOriginatorInfo } from '@heloc/domain';
import { api } from '@/lib/api-client';

export const loanOriginatorPath = (uuid: string) => `/service-lead-portal/api/lo/${encodeURIComponent(uuid)}`;

export function loanOriginatorQueryOptions(loanOriginatorUuid: string) {
  return queryOptions({
    queryKey: ['loan-originator', loanOriginatorUuid],
    queryFn: ({ signal }) =>
      api.get(loanOriginatorPath(loanOriginatorUuid), { schema: ZLoanOriginatorInfo, signal }),
    staleTime: LOAN_ORIGINATOR_CACHE_MS,
    gcTime: LOAN_ORIGINATOR_CACHE_MS,
  });
}

export function useLoanOriginator(loanOriginatorUuid: string | null | undefined) {
  return useQuery({
    ...loanOriginatorQueryOptions(loanOriginatorUuid ?? ''),
    enabled: Boolean(loanOriginatorUuid),
  });
}
