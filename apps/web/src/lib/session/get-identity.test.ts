import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_TEXTS, FEATURE_FLAGS } from '@heloc/domain';
import { IDENTITY_FIXTURE, mockApi } from '@/testing/mock-api';
import { ApiError, setApiOrgCode, setUnauthenticatedHandler, storeToken } from '../api-client';
import { consumeTokenFragment } from '../token-fragment';
import { FEATURES_PATH } from '../feature-flags';
import { getIdentity, identityQueryOptions, identitySourceSide, USER_NOT_FOUND } from './get-identity';
import { logout } from './logout';

const V1 = 'GET /identity/secure/api/v1/identity';
const V1_1 = 'GET /identity/secure/api/v1_1/identity';
const CUSTOMER_SELF = 'GET /identity-broker/customer/secure/api/v3/self/figureinfo';
const AGENT_SELF = 'GET /identity-broker/agent/secure/api/v3/self/figureinfo';
const FEATURES = `POST ${FEATURES_PATH}`;
const down = { status: 503, body: { status: 503, message: 'Service Unavailable' } };
const flags = (brokerIdentity: boolean) => ({
  body: { features: { [FEATURE_FLAGS.brokerIdentity]: { enabled: brokerIdentity, variables: {} } } },
});

beforeEach(() => {
  setUnauthenticatedHandler(() => {});
  storeToken('token');
});
afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthenticatedHandler(null);
  setApiOrgCode(null);
  localStorage.clear();
  sessionStorage.clear();
});

describe('getIdentity (spec 2 §7 Identity, §8 "both identity sources fail")', () => {
  it('keeps the domain text', () => expect(USER_NOT_FOUND).toBe(ERROR_TEXTS.userNotFound));

  it('answers v1 when it answers, without asking v1_1', async () => {
    const api = mockApi().on(V1, { body: IDENTITY_FIXTURE }).on(V1_1, down);
    expect((await getIdentity()).email).toBe(IDENTITY_FIXTURE.email);
    expect(api.callsTo(V1_1)).toHaveLength(0);
  });

  it('falls back to v1_1 when v1 does not answer', async () => {
    const api = mockApi().on(V1, down).on(V1_1, { body: IDENTITY_FIXTURE });
    expect((await getIdentity()).uuid).toBe(IDENTITY_FIXTURE.uuid);
    expect(api.callsTo(V1)).toHaveLength(1);
    expect(api.callsTo(V1_1)).toHaveLength(1);
  });

  it('is a not-found error "User not found" when neither answers', async () => {
    mockApi()
      .on(V1, down)
      .on(V1_1, { status: 404, body: { status: 404, message: 'Nope' } });
    const error = await getIdentity().catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(404);
    expect((error as ApiError).message).toBe('User not found');
  });

  it('a 401 is the sign-out rule, not a missing answer: v1_1 is not asked with the dead token', async () => {
    const api = mockApi()
      .on(V1, { status: 401, body: { status: 401, message: 'Session expired' } })
      .on(V1_1, { body: IDENTITY_FIXTURE });
    const error = await getIdentity().catch((reason: unknown) => reason);
    expect((error as ApiError).status).toBe(401);
    expect(api.callsTo(V1_1)).toHaveLength(0);
  });
});

describe('fe-heloc-broker-identity (spec 1 §6 "Broker")', () => {
  it('off: the identity service, and the logout on the customer side', async () => {
    setApiOrgCode('ACME');
    const api = mockApi()
      .on(FEATURES, flags(false))
      .on(V1, { body: IDENTITY_FIXTURE })
      .on('POST /identity-broker/customer/secure/api/v3/logout', { body: { redirectUrl: '/auth/login' } });
    await new QueryClient().fetchQuery(identityQueryOptions());
    expect(api.callsTo(V1)).toHaveLength(1);
    expect(api.callsTo(CUSTOMER_SELF)).toHaveLength(0);
    // The flag call names the organisation and the signed-in identity (the token's subject).
    expect(api.callsTo(FEATURES)[0]?.body).toEqual({ optimizeUser: { organization: 'ACME' } });
    expect(identitySourceSide()).toBe('customer');
    await logout();
    expect(api.callsTo('POST /identity-broker/customer/secure/api/v3/logout')).toHaveLength(1);
  });

  it('on: the identity broker on the customer side for a customer sign-in', async () => {
    setApiOrgCode('ACME');
    const api = mockApi().on(FEATURES, flags(true)).on(CUSTOMER_SELF, { body: IDENTITY_FIXTURE });
    const identity = await new QueryClient().fetchQuery(identityQueryOptions());
    expect(identity.uuid).toBe(IDENTITY_FIXTURE.uuid);
    expect(api.callsTo(V1)).toHaveLength(0);
    expect(identitySourceSide()).toBe('customer');
  });

  it('on, after an agent-side sign-in: the agent side for the identity and for the logout', async () => {
    setApiOrgCode('ACME');
    window.history.replaceState(null, '', '/dashboard#jwt=agent-token&side=agent');
    expect(consumeTokenFragment()).toBe(true);
    expect(window.location.hash).toBe('');
    const api = mockApi()
      .on(FEATURES, flags(true))
      .on(AGENT_SELF, { body: { ...IDENTITY_FIXTURE, isBroker: true } })
      .on('POST /identity-broker/agent/secure/api/v3/logout', { body: { redirectUrl: '/auth/login' } });
    const identity = await new QueryClient().fetchQuery(identityQueryOptions());
    expect(identity.isBroker).toBe(true);
    expect(api.callsTo(AGENT_SELF)[0]?.headers.get('authorization')).toBe('Bearer agent-token');
    expect(identitySourceSide()).toBe('agent');
    await logout();
    expect(api.callsTo('POST /identity-broker/agent/secure/api/v3/logout')).toHaveLength(1);
    expect(api.callsTo('POST /identity-broker/customer/secure/api/v3/logout')).toHaveLength(0);
  });

  it('on, the broker does not answer: "User not found"', async () => {
    setApiOrgCode('ACME');
    mockApi().on(FEATURES, flags(true)).on(CUSTOMER_SELF, down);
    const error = await new QueryClient().fetchQuery(identityQueryOptions()).catch((r: unknown) => r);
    expect((error as ApiError).message).toBe('User not found');
  });
});
