/** GET /service-wallet/secure/api/v4/account (spec 2 §7 "Wallet"): the accounts with their notifications. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ZWalletAccount } from '@heloc/domain';
import { api } from '@/lib/api-client';

export const WALLET_ACCOUNTS_PATH = '/service-wallet/secure/api/v4/account';

export function getWalletAccounts(options: { signal?: AbortSignal } = {}) {
  return api.get(WALLET_ACCOUNTS_PATH, { schema: z.array(ZWalletAccount), ...options });
}

export function walletAccountsQueryOptions() {
  return queryOptions({
    queryKey: ['wallet', 'accounts'],
    queryFn: ({ signal }) => getWalletAccounts({ signal }),
  });
}

/** Only for signed-in people: a visitor has no wallet and sees no notifications (spec 2 §2). */
export function useWalletAccounts({ enabled }: { enabled: boolean }) {
  return useQuery({ ...walletAccountsQueryOptions(), enabled });
}
