/**
 * Account recovery calls (issue 19): ask for a reset link by e-mail (always 202 with one message,
 * whether or not the address has an account) and set a new password from the link (204). Neither
 * needs a session, so neither may trigger the sign-out redirect.
 */
import { useMutation } from '@tanstack/react-query';
import { ZPasswordForgotResponse } from '@heloc/domain';
import type { TPasswordForgotRequest, TPasswordResetRequest } from '@heloc/domain';
import { apiWrite } from '@/lib/api-writes';

export const FORGOT_PASSWORD_API_PATH = '/identity/api/v1/password/forgot';
export const RESET_PASSWORD_API_PATH = '/identity/api/v1/password/reset';

export function requestPasswordReset(body: TPasswordForgotRequest): Promise<{ message: string }> {
  return apiWrite('POST /identity/api/v1/password/forgot', body, {
    schema: ZPasswordForgotResponse,
    skipAuthRedirect: true,
  });
}

export async function resetPassword(body: TPasswordResetRequest): Promise<void> {
  await apiWrite('POST /identity/api/v1/password/reset', body, { skipAuthRedirect: true });
}

export const useRequestPasswordReset = () => useMutation({ mutationFn: requestPasswordReset });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
