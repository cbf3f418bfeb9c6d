import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { APP_BASENAME } from '@/config/paths';
import { IDENTITY_FIXTURE, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { setUnauthenticatedHandler } from './api-client';
import {
  canSeeDashboardLink,
  clearToken,
  consumeTokenFragment,
  getToken,
  isSignerIdentity,
  requireAuth,
  setToken,
  useIdentity,
  useIsSignedIn,
  useLogout,
  withAuth,
} from './auth';
import { browserLocation } from './browser-location';

const APPLICATION_PATH = '/0b7c6f0e-8c5a-4c1e-9d43-5c0f4f1a2b3c';

beforeEach(() => {
  vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  setUnauthenticatedHandler(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setUnauthenticatedHandler(null);
});

function guardResult(url: string): Response | null {
  try {
    return requireAuth({ request: new Request(url) } as LoaderFunctionArgs);
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(Response);
    return thrown as Response;
  }
}

describe('requireAuth (spec 1 §6)', () => {
  it('sends a visitor to /auth/login with the page and its query as redirectUrl', () => {
    const response = guardResult('https://acme.test/dashboard?org=MAIN');
    expect(response?.status).toBe(302);
    expect(response?.headers.get('Location')).toBe(
      'https://acme.test/auth/login?redirectUrl=%2Fdashboard%3Forg%3DMAIN',
    );
    // Same router (host): a client-side redirect.
    expect(response?.headers.has('X-Remix-Reload-Document')).toBe(false);
  });

  it('leaves the app router for the login page with a document load', () => {
    const response = guardResult(`https://acme.test${APP_BASENAME}${APPLICATION_PATH}/liens`);
    expect(response?.headers.get('Location')).toBe(
      // Absolute: a plain path would be put under the app's basename (/account/heloc/auth/login).
      `https://acme.test/auth/login?redirectUrl=${encodeURIComponent(`${APP_BASENAME}${APPLICATION_PATH}/liens`)}`,
    );
    expect(response?.headers.has('X-Remix-Reload-Document')).toBe(true);
  });

  it('sends a visitor on a signer page to the signer login', () => {
    const response = guardResult('https://acme.test/account/heloc/heloc-signer/documents');
    expect(response?.headers.get('Location')).toBe('https://acme.test/account/heloc/heloc-signer/login');
    expect(response?.headers.has('X-Remix-Reload-Document')).toBe(false);
  });

  it('lets visitors through on the allow-list and signed-in people everywhere', () => {
    expect(guardResult('https://acme.test/account/heloc/register/support')).toBeNull();
    expect(guardResult('https://acme.test/terms')).toBeNull();
    setToken('token');
    expect(guardResult('https://acme.test/dashboard')).toBeNull();
  });

  it('withAuth runs the wrapped loader only when the guard lets the request through', async () => {
    const loader = vi.fn(() => 'data');
    const guarded = withAuth(loader);
    const args = { request: new Request('https://acme.test/dashboard'), params: {}, context: {} };
    expect(() => guarded(args as unknown as LoaderFunctionArgs, undefined)).toThrow();
    expect(loader).not.toHaveBeenCalled();
    setToken('token');
    expect(await guarded(args as unknown as LoaderFunctionArgs, undefined)).toBe('data');
  });
});

describe('token helpers', () => {
  it('stores the token as "Bearer <jwt>" (spec 1 §4), reads it bare and clears it', () => {
    setToken('Bearer abc');
    expect(getToken()).toBe('abc');
    expect(localStorage.getItem('jwt')).toBe('Bearer abc');
    setToken('def');
    expect(localStorage.getItem('jwt')).toBe('Bearer def');
    clearToken();
    expect(getToken()).toBeNull();
  });

  it('takes the token from a #jwt= fragment and removes it from the address', () => {
    window.history.replaceState(null, '', '/dashboard?org=MAIN#jwt=abc.def&keep=1');
    expect(consumeTokenFragment()).toBe(true);
    expect(getToken()).toBe('abc.def');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe(
      '/dashboard?org=MAIN#keep=1',
    );
    window.history.replaceState(null, '', '/dashboard');
    expect(consumeTokenFragment()).toBe(false);
    window.history.replaceState(null, '', '/');
  });
});

describe('roles (spec 1 §6)', () => {
  const borrower = { ...IDENTITY_FIXTURE };
  const signer = { ...IDENTITY_FIXTURE, profileType: 'CO_DEEDER' as const };

  it('an additional signer is a CO_DEEDER or listed in a v1 application', () => {
    expect(isSignerIdentity(signer)).toBe(true);
    expect(isSignerIdentity(borrower)).toBe(false);
    expect(
      isSignerIdentity(borrower, {
        additionalSignerVersion: 'v1',
        helocSigners: [{ identityUuid: borrower.uuid }],
      }),
    ).toBe(true);
    expect(
      isSignerIdentity(borrower, {
        additionalSignerVersion: 'v2',
        helocSigners: [{ identityUuid: borrower.uuid }],
      }),
    ).toBe(false);
    expect(isSignerIdentity(null)).toBe(false);
  });

  it('the Dashboard link shows for non-signers and brokers only', () => {
    expect(canSeeDashboardLink(borrower)).toBe(true);
    expect(canSeeDashboardLink(signer)).toBe(false);
    expect(canSeeDashboardLink({ ...signer, isBroker: true })).toBe(true);
    expect(canSeeDashboardLink(null)).toBe(true);
  });
});

function SessionProbe() {
  const signedIn = useIsSignedIn();
  const identity = useIdentity();
  return (
    <p>
      {signedIn ? 'signed in' : 'signed out'} /{' '}
      {identity === undefined ? 'loading' : (identity?.email ?? 'nobody')}
    </p>
  );
}

describe('session hooks', () => {
  it('reads the identity only with a token and follows sign-in and sign-out', async () => {
    const api = mockApi().on('GET /identity/secure/api/v1/identity', { body: IDENTITY_FIXTURE });
    renderRoutes({ routes: [{ path: '/', Component: SessionProbe }], scope: 'host', url: '/' });
    expect(await screen.findByText('signed out / nobody')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);

    act(() => setToken('token'));
    expect(await screen.findByText('signed in / marge@example.test')).toBeInTheDocument();
    expect(api.callsTo('GET /identity/secure/api/v1/identity')[0]?.headers.get('authorization')).toBe(
      'Bearer token',
    );

    act(() => clearToken());
    expect(await screen.findByText('signed out / nobody')).toBeInTheDocument();
  });
});

function LogoutProbe() {
  const { logout, surveyPrompt } = useLogout({ surveyHref: 'mailto:help@acme.test' });
  return (
    <>
      <button type="button" onClick={logout}>
        Logout
      </button>
      {surveyPrompt}
    </>
  );
}

const renderLogout = (path: string) =>
  renderRoutes({
    routes: [{ path: '*', Component: LogoutProbe }],
    scope: 'app',
    basename: APP_BASENAME,
    url: `${APP_BASENAME}${path}`,
  });

describe('useLogout', () => {
  it('posts the logout, clears the token and loads the login page', async () => {
    const api = mockApi().on('POST /identity-broker/customer/secure/api/v3/logout', {
      body: { redirectUrl: '/auth/login' },
    });
    setToken('token');
    renderLogout(`${APPLICATION_PATH}/start/profile`);
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith('/auth/login'));
    expect(api.callsTo('POST /identity-broker/customer/secure/api/v3/logout')).toHaveLength(1);
    expect(getToken()).toBeNull();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('signs out locally even when the session had already expired', async () => {
    mockApi().on('POST /identity-broker/customer/secure/api/v3/logout', {
      status: 401,
      body: { status: 401, message: 'Session expired' },
    });
    setToken('token');
    renderLogout('/register/support');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith('/auth/login'));
    expect(getToken()).toBeNull();
  });

  it('on a survey path asks the one question first, then leaves after the exit delay', async () => {
    mockApi().on('POST /identity-broker/customer/secure/api/v3/logout', {
      body: { redirectUrl: '/auth/login' },
    });
    setToken('token');
    renderLogout(`${APPLICATION_PATH}/product/select`);
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));

    const dialog = await screen.findByRole('dialog', { name: 'Before you go' });
    expect(dialog).toHaveTextContent('What kept you from finishing your application today?');
    expect(screen.getByRole('link', { name: /Answer the one-question survey/ })).toHaveAttribute(
      'href',
      'mailto:help@acme.test',
    );
    expect(browserLocation.assign).not.toHaveBeenCalled();

    const started = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith('/auth/login'), {
      timeout: 2000,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(700);
  });

  it('"Stay" closes the prompt and keeps the session', async () => {
    const api = mockApi();
    setToken('token');
    renderLogout(`${APPLICATION_PATH}/signing/sign`);
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls).toHaveLength(0);
    expect(getToken()).toBe('token');
  });
});
