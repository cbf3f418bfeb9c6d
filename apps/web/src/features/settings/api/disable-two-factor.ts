/** POST /identity/secure/api/v1/two-factor/disable {code}: turns two-factor off; answers the updated identity. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZIdentityUser } from '@heloc/domain';
import type { TIdentityUser } from '@heloc/domain';
import { identityQueryOptions } from '@/lib/auth';
import { apiWrite } from '@/lib/api-writes';

export function disableTwoFactor(code: string): Promise<TIdentityUser> {
  return apiWrite('POST /identity/secure/api/v1/two-factor/disable', { code }, { schema: ZIdentityUser });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: (identity) => queryClient.setQueryData(identityQueryOptions().queryKey, identity),
  });
}
