/**
 * GET /service-wallet/secure/api/v4/account/access (spec 2 §7 "Wallet"): the caller's wallet account,
 * whose address the profile menu shows. Spec 1 §9: "Profile access data stays fresh forever".
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZWalletAccess } from '@heloc/domain';
import { api } from '@/lib/api-client';

export const WALLET_ACCESS_PATH = '/service-wallet/secure/api/v4/account/access';

export function walletAccessQueryOptions() {
  return queryOptions({
    queryKey: ['wallet', 'access'],
    queryFn: ({ signal }) => api.get(WALLET_ACCESS_PATH, { schema: ZWalletAccess, signal }),
    staleTime: Infinity,
  });
}

export function useWalletAccess({ enabled }: { enabled: boolean }) {
  return useQuery({ ...walletAccessQueryOptions(), enabled });
}
