/** The identity pages through the real routers: guards, the not-accepting rule and the confirmation pages. */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoaderFunctionArgs } from 'react-router';
import { ZOrgData } from '@heloc/domain';
import type { TOrgData } from '@heloc/domain';
import { APP_BASENAME } from '@/config/paths';
import { setUnauthenticatedHandler } from '@/lib/api-client';
import { APPLICATION_UUID, applicationFixture, mockApi } from '@/testing/mock-api';
import { orgFixture } from '@/testing/org-fixture';
import { renderRoutes } from '@/testing/render';
import { appRoutes, hostRoutes } from '../router';
import { appIndexLoader } from './auth-loaders';

const renderApp = (url: string, org = orgFixture()) =>
  renderRoutes({ routes: appRoutes, scope: 'app', url, basename: APP_BASENAME, org });
const renderHost = (url: string) => renderRoutes({ routes: hostRoutes, scope: 'host', url });

function withHeloc(rules: { wholesale?: boolean; referrerRequired?: boolean }): TOrgData {
  const org = orgFixture();
  return ZOrgData.parse({
    ...org,
    orgMetaData: {
      ...org.orgMetaData,
      products: { heloc: { ...org.orgMetaData.products.heloc, ...rules } },
    },
  });
}

const NOT_ACCEPTING = 'We are not accepting applications here';

beforeEach(() => {
  setUnauthenticatedHandler(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setUnauthenticatedHandler(null);
});

describe('app index', () => {
  it('sends a signed-in person to the dashboard (a host page: document load), keeping the query', () => {
    const args = {
      request: new Request('https://acme.test/account/heloc/?pop-webchat=true'),
    } as LoaderFunctionArgs;
    expect(appIndexLoader(args)).toBeNull();
    localStorage.setItem('jwt', 'token');
    const response = appIndexLoader(args);
    expect(response?.headers.get('Location')).toBe('https://acme.test/dashboard?pop-webchat=true');
    expect(response?.headers.has('X-Remix-Reload-Document')).toBe(true);
  });

  it('shows the not-accepting page when a referring loan originator is required', async () => {
    mockApi();
    renderApp('/account/heloc/?referrer=abc', withHeloc({ referrerRequired: true }));
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('heading', { level: 1, name: NOT_ACCEPTING })).toBeInTheDocument();
    expect(main.getByText(/only through a referring loan officer/)).toBeInTheDocument();
    expect(main.getByRole('link', { name: '(888) 819-6388' })).toHaveAttribute('href', 'tel:+18888196388');
    expect(main.getByRole('link', { name: 'help@acme.test' })).toHaveAttribute(
      'href',
      'mailto:help@acme.test',
    );
  });
});

describe('registration route', () => {
  it('is closed for a wholesale business', async () => {
    mockApi();
    renderApp('/account/heloc/register?referrer=abc', withHeloc({ wholesale: true, referrerRequired: true }));
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('heading', { level: 1, name: NOT_ACCEPTING })).toBeInTheDocument();
    expect(main.getByText(/only through its broker partners/)).toBeInTheDocument();
  });

  it('is closed when a required referrer is missing, open with one', async () => {
    mockApi();
    const org = withHeloc({ referrerRequired: true });
    const closed = renderApp('/account/heloc/register', org);
    expect(await screen.findByRole('heading', { level: 1, name: NOT_ACCEPTING })).toBeInTheDocument();
    closed.unmount();
    renderApp('/account/heloc/register?referrer=9e8d7c6b-1111-4222-8333-944445555666', org);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Apply for a Home Equity Line of Credit' }),
    ).toBeInTheDocument();
  });
});

describe('registration confirmation and help', () => {
  it('account set-up shows the new Application ID and leads on to the dashboard', async () => {
    mockApi().on(`GET /service-application/api/v1/application/heloc/${APPLICATION_UUID}`, {
      body: applicationFixture(),
    });
    localStorage.setItem('jwt', 'token');
    renderApp(`/account/heloc/register/account-setup?applicationUuid=${APPLICATION_UUID}`);
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('heading', { level: 1, name: 'Your account is ready' })).toBeInTheDocument();
    expect(await main.findByText('HL-000123')).toBeInTheDocument();
    expect(main.getByText('Application ID')).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Continue to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('account set-up asks a visitor to log in', async () => {
    mockApi();
    renderApp('/account/heloc/register/account-setup');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('heading', { level: 1, name: 'Your account is ready' })).toBeInTheDocument();
    expect(main.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/auth/login?redirectUrl=%2Fdashboard',
    );
  });

  it('support shows the organisation phone and e-mail', async () => {
    mockApi();
    renderApp('/account/heloc/register/support');
    const main = within(await screen.findByRole('main'));
    expect(
      await main.findByRole('heading', { level: 1, name: 'Need help with your application?' }),
    ).toBeInTheDocument();
    expect(main.getByRole('link', { name: '(888) 819-6388' })).toHaveAttribute('href', 'tel:+18888196388');
    expect(main.getByRole('link', { name: 'help@acme.test' })).toBeInTheDocument();
  });
});

describe('host pages behind the guard', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['/dashboard/settings?tab=2', '/dashboard/settings?tab=2'],
  ])('a visitor on %s is sent to log in and back', async (url, back) => {
    mockApi();
    const { router } = renderHost(url);
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(new URLSearchParams(router.state.location.search).get('redirectUrl')).toBe(back);
  });

  it('a signed-in borrower gets the dashboard', async () => {
    mockApi().on('GET /service-application/api/v1/application/heloc/all', { body: [applicationFixture()] });
    localStorage.setItem('jwt', 'token');
    renderHost('/dashboard');
    const main = within(await screen.findByRole('main'));
    expect(await main.findByRole('heading', { level: 1, name: 'Your applications' })).toBeInTheDocument();
    expect(await main.findByText('HL-000123')).toBeInTheDocument();
  });
});
