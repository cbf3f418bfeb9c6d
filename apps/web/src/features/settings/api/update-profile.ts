/** PATCH /service-profile/api/v1/profile: change the name or the primary phone number (settings). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZProfile } from '@heloc/domain';
import type { TProfile } from '@heloc/domain';
import { api } from '@/lib/api-client';
import { PROFILE_PATH, profileQueryOptions } from '@/lib/auth';

export interface UpdateProfileBody {
  name?: { firstName: string; middleName?: string; lastName: string; suffix?: string };
  /** Any accepted phone form; the server keeps the 10 digits. */
  phoneNumber?: string;
}

export function updateProfile(body: UpdateProfileBody): Promise<TProfile> {
  return api.patch(PROFILE_PATH, body, { schema: ZProfile });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // The answer is the new profile: write it into the cache the profile query reads.
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
}
