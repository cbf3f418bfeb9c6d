/** POST /identity/secure/api/v1/two-factor/enable {code}: turns two-factor on; answers the updated identity. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZIdentityUser } from '@heloc/domain';
import type { TIdentityUser } from '@heloc/domain';
import { identityQueryOptions } from '@/lib/auth';
import { apiWrite } from '@/lib/api-writes';

export function enableTwoFactor(code: string): Promise<TIdentityUser> {
  return apiWrite('POST /identity/secure/api/v1/two-factor/enable', { code }, { schema: ZIdentityUser });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: (identity) => queryClient.setQueryData(identityQueryOptions().queryKey, identity),
  });
}
