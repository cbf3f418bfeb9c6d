/**
 * The signed-in identity user (spec 2 §7 "Identity", §8 "Identity: both identity sources fail"):
 *
 * - by default the identity service: GET /identity/secure/api/v1/identity, and when that does not
 *   answer, GET /identity/secure/api/v1_1/identity; when neither answers, a not-found error "User not
 *   found";
 * - with `fe-heloc-broker-identity` on (spec 1 §6 "Broker … decided by a feature flag"), the identity
 *   broker instead: GET /identity-broker/{side}/secure/api/v3/self/figureinfo, on the agent side when
 *   the sign-in came through the agent login (the agent flag), else the customer side.
 *
 * The side the identity came from is remembered for the logout (lib/session/logout.ts), which signs out
 * on that same side.
 *
 * A 401 (or the 403s of spec 2 §8) is not "does not answer": it is the sign-out rule of the API client,
 * so it is passed on at once instead of asking the next source with the same dead token.
 */
import { queryOptions } from '@tanstack/react-query';
import { FEATURE_FLAGS, ZIdentityUser } from '@heloc/domain';
import type { TIdentityUser } from '@heloc/domain';
import {
  api,
  ApiError,
  getApiOrgCode,
  IDENTITY_SIDE_STORAGE_KEY,
  isUnauthenticatedFailure,
} from '../api-client';
import type { RequestOptions } from '../api-client';
import { featureFlagsQueryOptions, flagUserOf, isFlagOn } from '../feature-flags';

export const IDENTITY_PATH = '/identity/secure/api/v1/identity';
export const IDENTITY_FALLBACK_PATH = '/identity/secure/api/v1_1/identity';
export type IdentitySide = 'customer' | 'agent';
export const brokerIdentityPath = (side: IdentitySide) =>
  `/identity-broker/${side}/secure/api/v3/self/figureinfo`;

/**
 * ERROR_TEXTS.userNotFound of the domain (a test keeps them equal); a literal so the whole texts object
 * stays out of the first screens' bundle.
 */
export const USER_NOT_FOUND = 'User not found';

/** The side the last identity read came from; the customer side until one is read. */
let identitySource: IdentitySide = 'customer';

export function identitySourceSide(): IdentitySide {
  return identitySource;
}

/** The side the sign-in came through: agent when the agent login said so (lib/token-fragment.ts). */
export function signInSide(): IdentitySide {
  try {
    return localStorage.getItem(IDENTITY_SIDE_STORAGE_KEY) === 'agent' ? 'agent' : 'customer';
  } catch {
    return 'customer';
  }
}

type IdentityRequest = Pick<RequestOptions, 'signal' | 'skipAuthRedirect'> & {
  /** fe-heloc-broker-identity: read the identity from the identity broker. */
  brokerIdentity?: boolean;
};

const passOn = (error: unknown) =>
  !(error instanceof ApiError) || isUnauthenticatedFailure(error.status, error.message);

function notFound(url: string, cause: unknown): ApiError {
  return new ApiError({ status: 404, message: USER_NOT_FOUND, url, cause });
}

export async function getIdentity(options: IdentityRequest = {}): Promise<TIdentityUser> {
  const { brokerIdentity = false, ...request } = options;
  if (brokerIdentity) {
    const side = signInSide();
    const path = brokerIdentityPath(side);
    try {
      const identity = await api.get(path, { schema: ZIdentityUser, ...request });
      identitySource = side;
      return identity;
    } catch (error) {
      if (passOn(error) || request.signal?.aborted) throw error;
      throw notFound(path, error);
    }
  }
  let firstFailure: unknown;
  for (const path of [IDENTITY_PATH, IDENTITY_FALLBACK_PATH]) {
    try {
      const identity = await api.get(path, { schema: ZIdentityUser, ...request });
      identitySource = 'customer';
      return identity;
    } catch (error) {
      if (passOn(error) || request.signal?.aborted) throw error;
      firstFailure ??= error;
    }
  }
  throw notFound(IDENTITY_FALLBACK_PATH, firstFailure);
}

export function identityQueryOptions() {
  return queryOptions({
    queryKey: ['identity'],
    queryFn: async ({ signal, client }) => {
      // The flag is decided for the page's user; the flags query is the one the page shares.
      const organization = getApiOrgCode();
      const flags = organization
        ? await client
            .fetchQuery(featureFlagsQueryOptions(flagUserOf(organization, window.location.pathname)))
            .catch(() => undefined)
        : undefined;
      return getIdentity({ signal, brokerIdentity: isFlagOn(flags, FEATURE_FLAGS.brokerIdentity) });
    },
    // Who is signed in changes only by signing in or out, which clear the cache themselves.
    staleTime: Infinity,
  });
}
