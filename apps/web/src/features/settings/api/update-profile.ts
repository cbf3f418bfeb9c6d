/** PATCH /service-profile/api/v1/profile: change the name or the primary phone number (settings). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZProfile } from '@heloc/domain';
import type { TApiWriteBody, TProfile } from '@heloc/domain';
import { profileQueryOptions } from '@/lib/auth';
import { apiWrite } from '@/lib/api-writes';

/** A new name and/or primary phone number (any accepted phone form; the server keeps the 10 digits). */
export type UpdateProfileBody = TApiWriteBody<'PATCH /service-profile/api/v1/profile'>;

export function updateProfile(body: UpdateProfileBody): Promise<TProfile> {
  return apiWrite('PATCH /service-profile/api/v1/profile', body, { schema: ZProfile });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The answer is the new profile: write it into the cache the profile query reads.
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
}
