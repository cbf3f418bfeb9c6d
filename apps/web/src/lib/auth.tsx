/**
 * The session, for every feature and the shell: the stored token, who is signed in (identity and
 * profile), signing out (with the survey prompt of spec 1 §5), the role rules of spec 1 §6 and the
 * route guard that sends visitors to sign in.
 *
 * Signed-in state is the presence of the token (spec 2 §6 "identified by … a stored jwt"); a token
 * the server no longer accepts is cleared by the API client's 401/403 rule, which re-renders
 * everything that reads it here.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import type { LoaderFunction, LoaderFunctionArgs } from 'react-router';
import { isAllowedRedirectUrl, JWT_STORAGE_KEY, LOGIN_PATH, SURVEY_EXIT_DELAY_MS } from '@heloc/domain';
import type { THelocApplication, TIdentityUser, TProfile } from '@heloc/domain';
import { appHref } from '@/config/paths';
import { clearStoredToken, getStoredToken, storeToken, subscribeToToken } from './api-client';
import { isLogoutSurveyPath, isVisitorAllowedPath, loginRedirectFor } from './auth-redirect';
import { browserLocation } from './browser-location';
import { redirectToSitePath } from './site-redirect';
import { useRouterScope } from './router-scope';
import { identityQueryOptions } from './session/get-identity';
import { profileQueryOptions } from './session/get-profile';
import { logout } from './session/logout';

// The survey dialog (Mantine's modal and its styles) loads only when it opens, off the first screen.
const LogoutSurveyDialog = lazy(() =>
  import('./session/logout-survey-dialog').then((module) => ({ default: module.LogoutSurveyDialog })),
);

export { consumeTokenFragment } from './token-fragment';
export { identityQueryOptions, getIdentity, IDENTITY_PATH } from './session/get-identity';
export { profileQueryOptions, getProfile, PROFILE_PATH } from './session/get-profile';
export { isLogoutSurveyPath, isVisitorAllowedPath, loginRedirectFor, postLoginTarget } from './auth-redirect';

// ---------------------------------------------------------------------------------------------
// Token
// ---------------------------------------------------------------------------------------------

/** The stored jwt (bare, without "Bearer"), or null. */
export function getToken(): string | null {
  return getStoredToken();
}

/** Stores a jwt (as "Bearer <jwt>", spec 1 §4, whether or not it came with the prefix); every reader of the session re-renders. */
export function setToken(token: string): void {
  storeToken(token);
}

export function clearToken(): void {
  clearStoredToken();
}

function subscribe(listener: () => void): () => void {
  const unsubscribe = subscribeToToken(listener);
  // Signing in or out in another tab changes this tab's session too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === JWT_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}

const hasToken = () => getStoredToken() !== null;

/** True while a token is stored. */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribe, hasToken, () => false);
}

// ---------------------------------------------------------------------------------------------
// Identity and profile
// ---------------------------------------------------------------------------------------------

/**
 * The signed-in identity user: `null` when signed out (or when it cannot be read), `undefined` while it
 * loads. Fetched only when a token exists.
 */
export function useIdentity(): TIdentityUser | null | undefined {
  const signedIn = useIsSignedIn();
  const query = useQuery({ ...identityQueryOptions(), enabled: signedIn });
  if (!signedIn || query.isError) return null;
  return query.data;
}

/** The borrower's profile: `null` when signed out or unreadable, `undefined` while it loads. */
export function useProfile(): TProfile | null | undefined {
  const signedIn = useIsSignedIn();
  const query = useQuery({ ...profileQueryOptions(), enabled: signedIn });
  if (!signedIn || query.isError) return null;
  return query.data;
}

// ---------------------------------------------------------------------------------------------
// Roles (spec 1 §6)
// ---------------------------------------------------------------------------------------------

/**
 * Additional signer: profile type CO_DEEDER, or (signer version v1) listed in the application's
 * helocSigners.
 */
export function isSignerIdentity(
  identity: Pick<TIdentityUser, 'uuid' | 'profileType'> | null | undefined,
  application?: Pick<THelocApplication, 'additionalSignerVersion' | 'helocSigners'> | null,
): boolean {
  if (!identity) return false;
  if (identity.profileType === 'CO_DEEDER') return true;
  return (
    application?.additionalSignerVersion === 'v1' &&
    application.helocSigners.some((signer) => signer.identityUuid === identity.uuid)
  );
}

/** The Dashboard menu link shows only for non-signers or brokers; a visitor is not a signer. */
export function canSeeDashboardLink(
  identity: Pick<TIdentityUser, 'uuid' | 'profileType' | 'isBroker'> | null | undefined,
  application?: Pick<THelocApplication, 'additionalSignerVersion' | 'helocSigners'> | null,
): boolean {
  if (!identity) return true;
  return identity.isBroker || !isSignerIdentity(identity, application);
}

// ---------------------------------------------------------------------------------------------
// Logout
// ---------------------------------------------------------------------------------------------

export interface UseLogoutOptions {
  /** Where the survey question is answered (e.g. `mailto:` the organisation); text only without. */
  surveyHref?: string;
}

export interface LogoutControl {
  /** Signs out; on the survey paths it first opens the survey prompt. */
  logout: () => void;
  isPending: boolean;
  /** The survey prompt's dialog: render it once wherever `logout` is offered. */
  surveyPrompt: ReactNode;
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sign out: POST the customer logout, clear the token and the whole query cache, then load the login
 * page (a document load, so no state of the old session survives in memory).
 */
export function useLogout(options: UseLogoutOptions = {}): LogoutControl {
  const queryClient = useQueryClient();
  const location = useLocation();
  const scope = useRouterScope();
  const [surveyOpen, setSurveyOpen] = useState(false);

  const mutation = useMutation({
    mutationFn: async (exitDelayMs: number) => {
      const [target] = await Promise.all([logout(), wait(exitDelayMs)]);
      return target;
    },
    onSuccess: (target) => {
      clearStoredToken();
      queryClient.clear();
      browserLocation.assign(isAllowedRedirectUrl(target) ? target : LOGIN_PATH);
    },
  });

  // The router's pathname has no basename; the survey rule reads full app paths.
  const fullPath = scope === 'app' ? appHref(location.pathname) : location.pathname;

  return {
    logout: () => {
      if (isLogoutSurveyPath(fullPath)) setSurveyOpen(true);
      else mutation.mutate(0);
    },
    isPending: mutation.isPending,
    surveyPrompt: surveyOpen ? (
      <Suspense fallback={null}>
        <LogoutSurveyDialog
          opened
          pending={mutation.isPending}
          surveyHref={options.surveyHref}
          onStay={() => setSurveyOpen(false)}
          onLeave={() => {
            if (!mutation.isPending) mutation.mutate(SURVEY_EXIT_DELAY_MS);
          }}
        />
      </Suspense>
    ) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Route guard
// ---------------------------------------------------------------------------------------------

/**
 * Route loader guard (spec 1 §6): a visitor (no token) on a path outside the visitor allow-list is sent
 * to sign in — /auth/login?redirectUrl=<path and query>, or the signer login / registration for their
 * paths. Use as `loader: requireAuth`, or call it first in a loader; signed in, it answers null.
 * The target is a full site path, so it goes through redirectToSitePath (never a basename-relative redirect).
 */
export function requireAuth({ request }: Pick<LoaderFunctionArgs, 'request'>): null {
  if (getStoredToken() !== null) return null;
  const url = new URL(request.url);
  if (isVisitorAllowedPath(url.pathname)) return null;
  throw redirectToSitePath(request, loginRedirectFor(url.pathname, url.search));
}

/** A loader behind the guard: runs `loader` only for signed-in people (or allowed visitor paths). */
export function withAuth(loader?: LoaderFunction): LoaderFunction {
  return (args, handlerContext) => {
    requireAuth(args);
    return loader ? loader(args, handlerContext) : null;
  };
}
