/**
 * POST /identity-broker/customer/secure/api/v3/logout (spec 2 §7): ends the session server-side and
 * answers where to go (falls back to /auth/login).
 */
import { z } from 'zod';
import { LOGIN_PATH } from '@heloc/domain';
import { api } from '../api-client';

export const LOGOUT_PATH = '/identity-broker/customer/secure/api/v3/logout';

const ZLogoutResponse = z.object({ redirectUrl: z.string().optional() });

/** Where to go after signing out; never fails: an expired session is signed out all the same. */
export async function logout(): Promise<string> {
  try {
    const answer = await api.post(LOGOUT_PATH, undefined, {
      schema: ZLogoutResponse,
      skipAuthRedirect: true,
    });
    return answer.redirectUrl ?? LOGIN_PATH;
  } catch {
    return LOGIN_PATH;
  }
}
