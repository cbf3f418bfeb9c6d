/**
 * After a successful sign-in: keep the token, forget anything cached for the previous visitor, and
 * load the page to go to — redirectUrl only by the spec rule (spec 1 §2), else the dashboard; an
 * additional signer (profile type CO_DEEDER) continues in the signer flow instead (spec 1 §6), lender
 * staff go to the lender console. A
 * document load, because the target may belong to the other router (app pages under /account/heloc).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { QUERY_PARAMS, TELEMETRY_EVENTS } from '@heloc/domain';
import { clearToken, getIdentity, isSignerIdentity, postLoginTarget, setToken } from '@/lib/auth';
import { browserLocation } from '@/lib/browser-location';
import { logout } from '@/lib/session/logout';
import { track } from '@/lib/telemetry';

export function useCompleteSignIn(): (jwt: string) => Promise<void> {
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  const redirectUrl = searchParams.get(QUERY_PARAMS.redirectUrl);
  return async (jwt: string) => {
    setToken(jwt);
    queryClient.clear();
    // Sent with keepalive as the page is left for the target.
    track(TELEMETRY_EVENTS.signedIn);
    // Who signed in decides between the signer flow and the borrower's pages; an identity that cannot
    // be read goes the borrower's way (the pages there handle a missing one). Asked directly, not through
    // the query cache: the page's own identity query starts (and is cleared) as the token lands.
    const identity = await getIdentity({ skipAuthRedirect: true }).catch(() => null);
    const staff = identity?.profileType === 'STAFF';
    // A staff account keeps no borrower session: ended on the server too (not only forgotten here);
    // the console signs it in with its second factor.
    if (staff) {
      await logout();
      clearToken();
    }
    browserLocation.assign(postLoginTarget(redirectUrl, { signer: isSignerIdentity(identity), staff }));
  };
}
