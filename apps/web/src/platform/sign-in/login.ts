/**
 * POST /identity/api/v1/login (spec 2 §7): e-mail, password and, when two-factor is on, the 6-digit
 * code. Answers the jwt (the server also sets the HttpOnly fingerprint cookie it is bound to). A wrong
 * password is a 401 the form shows, so this call opts out of the sign-out redirect.
 */
import { useMutation } from '@tanstack/react-query';
import { ZLoginResponse } from '@heloc/domain';
import type { TLoginRequest } from '@heloc/domain';
import { apiWrite } from '@/lib/api-writes';

export const LOGIN_API_PATH = '/identity/api/v1/login';

export function login(body: TLoginRequest): Promise<{ jwt: string }> {
  return apiWrite('POST /identity/api/v1/login', body, { schema: ZLoginResponse, skipAuthRedirect: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
