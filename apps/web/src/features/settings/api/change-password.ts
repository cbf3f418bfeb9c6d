/**
 * POST /identity/secure/api/v1/password: change the password (204). The server ends every other
 * sign-in of the account; this one goes on.
 */
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const CHANGE_PASSWORD_PATH = '/identity/secure/api/v1/password';

export interface ChangePasswordBody {
  currentPassword: string;
  newPassword: string;
}

export async function changePassword(body: ChangePasswordBody): Promise<void> {
  await api.post(CHANGE_PASSWORD_PATH, body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
