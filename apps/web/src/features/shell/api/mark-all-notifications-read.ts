/** POST /service-wallet/secure/api/v4/notifications/read-all: every unread notification read. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { TWalletAccount } from '@heloc/domain';
import { api } from '@/lib/api-client';
import { walletAccountsQueryOptions } from './get-wallet-accounts';

export const READ_ALL_NOTIFICATIONS_PATH = '/service-wallet/secure/api/v4/notifications/read-all';

export function markAllNotificationsRead() {
  return api.post(READ_ALL_NOTIFICATIONS_PATH, undefined, {
    schema: z.object({ updated: z.number().int().nonnegative() }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  const { queryKey } = walletAccountsQueryOptions();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => {
      queryClient.setQueryData(queryKey, (accounts: TWalletAccount[] | undefined) =>
        accounts?.map((account) => ({
          ...account,
          notifications: account.notifications.map((item) => ({ ...item, status: 'READ' as const })),
        })),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
