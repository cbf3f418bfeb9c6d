/**
 * The stored sign-in token (local storage key `jwt`, stored "Bearer <jwt>" per spec 1 §4) and who
 * listens for its changes.
 */
import { stripBearer } from '@heloc/api-client';
import { JWT_STORAGE_KEY } from '@heloc/domain';

type TokenListener = () => void;
const tokenListeners = new Set<TokenListener>();

/**
 * Called whenever this page stores or clears the token (renewals included), so signed-in state can
 * re-render; another tab's changes arrive through the `storage` event, which the caller also watches.
 */
export function subscribeToToken(listener: TokenListener): () => void {
  tokenListeners.add(listener);
  return () => tokenListeners.delete(listener);
}

function notifyTokenListeners(): void {
  for (const listener of tokenListeners) listener();
}

/**
 * The bare token of a stored value. Spec 1 §4 keeps it under `jwt` WITH the "Bearer " prefix; a value
 * stored without it (by an older version of this app, or a host page) is still accepted, and rewritten
 * in the spec's form the first time it is read.
 */
// Storage can be unavailable (privacy modes, disabled cookies): the app then runs without a stored token.
export function getStoredToken(): string | null {
  try {
    const raw = localStorage.getItem(JWT_STORAGE_KEY);
    const token = raw ? stripBearer(raw) : '';
    if (!token) return null;
    if (raw !== bearer(token)) localStorage.setItem(JWT_STORAGE_KEY, bearer(token));
    return token;
  } catch {
    return null;
  }
}

const bearer = (token: string) => `Bearer ${token}`;

export function storeToken(token: string): void {
  try {
    localStorage.setItem(JWT_STORAGE_KEY, bearer(stripBearer(token)));
  } catch {
    // Nothing to do: the next call simply goes without a token.
  }
  notifyTokenListeners();
}

export function clearStoredToken(): void {
  try {
    localStorage.removeItem(JWT_STORAGE_KEY);
    // The side a sign-in came through belongs to that sign-in.
    localStorage.removeItem(IDENTITY_SIDE_STORAGE_KEY);
  } catch {
    // See storeToken.
  }
  notifyTokenListeners();
}

/**
 * The identity uuid (`sub`) of the stored token, read without verifying it: only to name the user to the
 * feature-flag service before the identity call answers (the server verifies the token on every call).
 */
export function storedTokenSubject(): string | null {
  const token = getStoredToken();
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub ? sub : null;
  } catch {
    return null;
  }
}

/**
 * Local storage: the identity-broker side ('customer' or 'agent') the sign-in came through (spec 1 §6
 * "An agent flag selects agent-side login"); key ours. Set from the agent login redirect, cleared with the token.
 */
export const IDENTITY_SIDE_STORAGE_KEY = 'heloc_identity_side';
