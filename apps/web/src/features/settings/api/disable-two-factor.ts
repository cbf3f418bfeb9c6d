/** POST /identity/secure/api/v1/two-factor/disable {code}: turns two-factor off; answers the updated identity. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZIdentityUser } from '@heloc/domain';
import type { TIdentityUser } from '@heloc/domain';
import { api } from '@/lib/api-client';
import { identityQueryOptions } from '@/lib/auth';

export function disableTwoFactor(code: string): Promise<TIdentityUser> {
  return api.post('/identity/secure/api/v1/two-factor/disable', { code }, { schema: ZIdentityUser });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: (identity) => queryClient.setQueryData(identityQueryOptions().queryKey, identity),
  });
}
