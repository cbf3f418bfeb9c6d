/**
 * GET /service-profile/api/v1/profile (spec 2 §7): the borrower's profile. A 401 removes the jwt and
 * reads "Failed to fetch profile details." (spec 2 §8).
 */
import { queryOptions } from '@tanstack/react-query';
import { ZProfile } from '@heloc/domain';
import type { TProfile } from '@heloc/domain';
import { api, ApiError, clearStoredToken } from '../api-client';

export const PROFILE_PATH = '/service-profile/api/v1/profile';

/**
 * ERROR_TEXTS.profileFetchFailed of the domain (a test keeps them equal). A literal on purpose: reading
 * the ERROR_TEXTS object would ship all its texts, including the dev-only login toolbar's, to production.
 */
export const PROFILE_FETCH_FAILED = 'Failed to fetch profile details.';

export async function getProfile(options: { signal?: AbortSignal } = {}): Promise<TProfile> {
  try {
    return await api.get(PROFILE_PATH, { schema: ZProfile, ...options });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearStoredToken();
      throw new ApiError({
        status: 401,
        message: PROFILE_FETCH_FAILED,
        data: error.data,
        url: error.url,
        cause: error,
      });
    }
    throw error;
  }
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => getProfile({ signal }),
    // Spec 1 §9 "Profile access data stays fresh forever": edits write the answer into the cache.
    staleTime: Infinity,
  });
}
