/**
 * POST /identity/secure/api/v1/password: change the password (204). The server ends every other
 * sign-in of the account; this one goes on.
 */
import { useMutation } from '@tanstack/react-query';
import type { TApiWriteBody } from '@heloc/domain';
import { apiWrite } from '@/lib/api-writes';

export const CHANGE_PASSWORD_PATH = '/identity/secure/api/v1/password';

export type ChangePasswordBody = TApiWriteBody<'POST /identity/secure/api/v1/password'>;

export async function changePassword(body: ChangePasswordBody): Promise<void> {
  await apiWrite('POST /identity/secure/api/v1/password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
