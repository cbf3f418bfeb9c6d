/** POST /service-wallet/secure/api/v4/notifications/{uuid}/read: one notification read. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZNotification } from '@heloc/domain';
import type { TWalletAccount } from '@heloc/domain';
import { api } from '@/lib/api-client';
import { walletAccountsQueryOptions } from './get-wallet-accounts';

export const notificationReadPath = (uuid: string) =>
  `/service-wallet/secure/api/v4/notifications/${encodeURIComponent(uuid)}/read`;

export function markNotificationRead(uuid: string) {
  return api.post(notificationReadPath(uuid), undefined, { schema: ZNotification });
}

/** Marks the notification read in the cached list at once (the bell updates before the answer). */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  const { queryKey } = walletAccountsQueryOptions();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (uuid) => {
      queryClient.setQueryData(queryKey, (accounts: TWalletAccount[] | undefined) =>
        accounts?.map((account) => ({
          ...account,
          notifications: account.notifications.map((item) =>
            item.uuid === uuid ? { ...item, status: 'READ' as const } : item,
          ),
        })),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey }),
  });
}
