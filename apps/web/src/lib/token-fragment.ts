/** Taking over the token the identity-broker login redirect hands to a page (spec 2 §7 "Returns a redirect"). */
import { IDENTITY_SIDE_STORAGE_KEY, storeToken } from './api-client';

/**
 * The identity-broker login redirect carries the token in the fragment (`#jwt=…`, which never reaches a
 * server or a log): store it and take it out of the address bar (and so out of history and referrers).
 * Called once at start, before the routers' guards read the session. True when a token was taken.
 */
export function consumeTokenFragment(): boolean {
  const { pathname, search, hash } = window.location;
  if (!hash.startsWith('#')) return false;
  const fragment = new URLSearchParams(hash.slice(1));
  const token = fragment.get('jwt');
  if (token === null) return false;
  const side = fragment.get('side');
  fragment.delete('jwt');
  fragment.delete('side');
  if (token.trim()) {
    storeToken(token);
    // The agent-side login says so in the fragment; the identity and the logout then use that side.
    try {
      if (side === 'agent') localStorage.setItem(IDENTITY_SIDE_STORAGE_KEY, 'agent');
      else localStorage.removeItem(IDENTITY_SIDE_STORAGE_KEY);
    } catch {
      // Without storage the customer side is used.
    }
  }
  const rest = fragment.toString();
  window.history.replaceState(window.history.state, '', `${pathname}${search}${rest ? `#${rest}` : ''}`);
  return token.trim() !== '';
}
