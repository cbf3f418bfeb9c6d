/**
 * POST /identity/api/v1/registration/register (spec 2 §7; the organisation comes from the x-org-code
 * header the API client adds). On success the token is stored and the identity read back; spec 2 §8:
 * if that follow-up fetch fails, the registration is treated as "identity exists".
 */
import { useMutation } from '@tanstack/react-query';
import { ZRegistrationResponse } from '@heloc/domain';
import type { TRegistrationRequest } from '@heloc/domain';
import { api } from '@/lib/api-client';
import { getIdentity, setToken } from '@/lib/auth';

export const REGISTER_API_PATH = '/identity/api/v1/registration/register';

export type RegistrationOutcome =
  | { kind: 'registered'; applicationUuid: string }
  /** The follow-up identity fetch failed: tell the person an account exists and let them log in. */
  | { kind: 'identityExists' };

export async function registerBorrower(body: TRegistrationRequest): Promise<RegistrationOutcome> {
  const answer = await api.post(REGISTER_API_PATH, body, { schema: ZRegistrationResponse });
  setToken(answer.jwt);
  try {
    // Opts out of the sign-out redirect: a failure here has its own outcome, not a login page.
    await getIdentity({ skipAuthRedirect: true });
  } catch {
    return { kind: 'identityExists' };
  }
  return { kind: 'registered', applicationUuid: answer.applicationUuid };
}

export function useRegisterBorrower() {
  return useMutation({ mutationFn: registerBorrower });
}
