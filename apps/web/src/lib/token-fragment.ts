/** Taking over the token the identity-broker login redirect hands to a page (spec 2 §7 "Returns a redirect"). */
import { storeToken } from './api-client';

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
  fragment.delete('jwt');
  if (token.trim()) storeToken(token);
  const rest = fragment.toString();
  window.history.replaceState(window.history.state, '', `${pathname}${search}${rest ? `#${rest}` : ''}`);
  return token.trim() !== '';
}
