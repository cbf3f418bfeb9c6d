/**
 * The console's reads of ./api.ts as TanStack Query options: the session (who is signed in), the
 * staff list, an invitation and the two-factor set-up. Screens read them with useQuery; writes
 * invalidate the keys they change.
 */
import { queryOptions } from '@tanstack/react-query';
import type { TStaffSelf } from '@heloc/domain';
import { clearToken, desk, errorFlag } from './api';

/** Signed in (`me`), signed in but two-factor set-up is needed first, or signed out. */
export type TSession = { me: TStaffSelf | null; setupNeeded: boolean };

export const SIGNED_OUT: TSession = { me: null, setupNeeded: false };

/**
 * The member signed in on this tab. Read once (a stored sign-in resumes the console) and again
 * after a sign-in or two-factor set-up, never in the background; a failure forgets the stored token.
 */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: async (): Promise<TSession> => {
    try {
      return { me: await desk.me(), setupNeeded: false };
    } catch (caught) {
      // Outside development staff need two-factor on before anything else answers.
      if (errorFlag(caught, 'twoFactorSetupRequired')) return { me: null, setupNeeded: true };
      clearToken();
      throw caught;
    }
  },
  staleTime: Infinity,
  retry: false,
});

export const staffQuery = queryOptions({ queryKey: ['staff'], queryFn: () => desk.staff() });

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['staff-invitation', token],
    queryFn: () => desk.invitation(token),
    staleTime: Infinity,
    retry: false,
  });

/**
 * The key to add to an authenticator app: asked for once per showing of the screen (each call may
 * give a new key, so it is never read again while the member copies it).
 */
export const twoFactorSetupQuery = queryOptions({
  queryKey: ['two-factor-setup'],
  queryFn: () => desk.twoFactorSetup(),
  staleTime: Infinity,
  gcTime: 0,
  retry: false,
});
