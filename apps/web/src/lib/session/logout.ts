/**
 * POST /identity-broker/{customer|agent}/secure/api/v3/logout (spec 2 §7): ends the session server-side
 * and answers where to go (falls back to /auth/login). Signed out on the side the identity came from
 * (lib/session/get-identity.ts): the agent side for an identity read from the agent broker.
 */
import { z } from 'zod';
import { LOGIN_PATH } from '@heloc/domain';
import { api } from '../api-client';
import { identitySourceSide, type IdentitySide } from './get-identity';

export const logoutPath = (side: IdentitySide) => `/identity-broker/${side}/secure/api/v3/logout`;
export const LOGOUT_PATH = logoutPath('customer');

const ZLogoutResponse = z.object({ redirectUrl: z.string().optional() });

/** Where to go after signing out; never fails: an expired session is signed out all the same. */
export async function logout(): Promise<string> {
  try {
    const answer = await api.post(logoutPath(identitySourceSide()), undefined, {
      schema: ZLogoutResponse,
      skipAuthRedirect: true,
    });
    return answer.redirectUrl ?? LOGIN_PATH;
  } catch {
    return LOGIN_PATH;
  }
}
