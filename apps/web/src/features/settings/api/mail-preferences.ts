/**
 * GET/PUT /identity/secure/api/v1/mail-preferences: the account's reminder e-mails on or off (the
 * same preference the reminders' unsubscribe link sets).
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { MAIL_PREFERENCES_PATH, ZMailPreferences, type TMailPreferences } from '@heloc/domain';
import { api } from '@/lib/api-client';
import { apiWrite } from '@/lib/api-writes';

export const mailPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: ['mail-preferences'],
    queryFn: ({ signal }) => api.get(MAIL_PREFERENCES_PATH, { schema: ZMailPreferences, signal }),
  });

export function updateMailPreferences(body: TMailPreferences): Promise<TMailPreferences> {
  return apiWrite('PUT /identity/secure/api/v1/mail-preferences', body, { schema: ZMailPreferences });
}

export function useUpdateMailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMailPreferences,
    onSuccess: (preferences) => queryClient.setQueryData(mailPreferencesQueryOptions().queryKey, preferences),
  });
}
