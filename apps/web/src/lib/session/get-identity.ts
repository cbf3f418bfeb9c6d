/** GET /identity/secure/api/v1/identity (spec 2 §7 "Identity"): the signed-in identity user. */
import { queryOptions } from '@tanstack/react-query';
import { ZIdentityUser } from '@heloc/domain';
import type { TIdentityUser } from '@heloc/domain';
import { api } from '../api-client';
import type { RequestOptions } from '../api-client';

export const IDENTITY_PATH = '/identity/secure/api/v1/identity';

export function getIdentity(
  options: Pick<RequestOptions, 'signal' | 'skipAuthRedirect'> = {},
): Promise<TIdentityUser> {
  return api.get(IDENTITY_PATH, { schema: ZIdentityUser, ...options });
}

export function identityQueryOptions() {
  return queryOptions({
    queryKey: ['identity'],
    queryFn: ({ signal }) => getIdentity({ signal }),
    // Who is signed in changes only by signing in or out, which clear the cache themselves.
    staleTime: Infinity,
  });
}
