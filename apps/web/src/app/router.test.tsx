import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteObject } from 'react-router';
import { APP_BASENAME } from '@/config/paths';
import { browserLocation } from '@/lib/browser-location';
import { orgFixture } from '@/testing/org-fixture';
import { renderRoutes } from '@/testing/render';
import { appRoutes, hostRoutes, withRoot } from './router';

const renderApp = (url: string, org = orgFixture()) =>
  renderRoutes({ routes: appRoutes, scope: 'app', url, basename: APP_BASENAME, org });
const renderHost = (url: string) => renderRoutes({ routes: hostRoutes, scope: 'host', url });

afterEach(() => vi.restoreAllMocks());

describe('app index (/account/heloc/)', () => {
  it('sends a visitor to login (the index is not on the visitor allow-list), keeping the query', async () => {
    const replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
    renderApp('/account/heloc/?referrer=abc');
    await waitFor(() =>
      expect(replace).toHaveBeenCalledWith(
        `/auth/login?redirectUrl=${encodeURIComponent('/account/heloc/?referrer=abc')}`,
      ),
    );
  });

  it('shows the organisation key figures beside the first registration step', async () => {
    renderApp('/account/heloc/register');
    const main = await screen.findByRole('main');
    const inMain = within(main);
    expect(
      await inMain.findByRole('heading', { level: 1, name: 'Apply for a Home Equity Line of Credit' }),
    ).toBeInTheDocument();

    // Drawn just after the form's first paint (AfterFirstPaint).
    const figures = await inMain.findByRole('region', { name: 'Key figures' });
    expect(figures).toHaveTextContent('Line amount$15,000 to $400,000');
    expect(figures).toHaveTextContent('APR7.60% to 17.20%');
    expect(figures).toHaveTextContent('Origination feeUp to 4.99% of the initial draw');
    expect(figures).toHaveTextContent('Fixed-rate terms5, 10, 15, or 30 years');

    // Before starting: what the application will ask for (ID, income, mortgage statement, co-owners).
    const needs = inMain.getByRole('region', { name: 'What you will need' });
    expect(
      within(needs)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'A photo ID: driver’s licence, state ID card, passport or permanent resident card',
      'Your income: online access to your bank or payroll, or recent pay stubs or tax returns',
      'Your latest mortgage statement, for the loans on your home',
      'The names and e-mail addresses of anyone else on your home’s title',
    ]);

    const states = inMain.getByRole('list', { name: 'Where we lend' });
    expect(
      within(states)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['California', 'Florida', 'Texas']);

    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('navigates client-side from the not-found page to the app index', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/account/heloc/missing');
    const replace = vi.spyOn(browserLocation, 'replace').mockImplementation(() => undefined);
    await user.click(await screen.findByRole('link', { name: /overview/ }));
    // The router keeps the basename in its location; the index then sends the visitor to login.
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/heloc'));
    await waitFor(() =>
      expect(replace).toHaveBeenCalledWith(
        `/auth/login?redirectUrl=${encodeURIComponent('/account/heloc/')}`,
      ),
    );
  });

  it('answers an unknown host path inside the layout, linking to the app index', async () => {
    renderHost('/no-such-host-page');
    const main = await screen.findByRole('main');
    expect(
      await within(main).findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: /overview/ })).toHaveAttribute('href', '/account/heloc/');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Acme Lending' })).toHaveAttribute(
      'href',
      '/account/heloc/',
    );
  });
});

describe('host redirects', () => {
  it.each(['/', '/account'])('%s goes to /dashboard keeping the query', async (path) => {
    // A visitor: the dashboard's guard then sends them on to sign in, with the dashboard URL to come back to.
    const { router } = renderHost(`${path}?referrer=abc&pop-webchat=true`);
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(new URLSearchParams(router.state.location.search).get('redirectUrl')).toBe(
      '/dashboard?referrer=abc&pop-webchat=true',
    );
  });
});

describe('page errors', () => {
  it('shows the error fallback inside the layout with the support contacts', async () => {
    const Boom = () => {
      throw new Error('boom');
    };
    const routes: RouteObject[] = withRoot([{ index: true, Component: Boom }]);
    const original = console.error;
    console.error = () => {};
    try {
      renderRoutes({ routes, scope: 'app', url: '/' });
      const main = await screen.findByRole('main');
      expect(
        await within(main).findByRole('heading', { name: 'Sorry, looks like we have hit a snag!' }),
      ).toBeInTheDocument();
      expect(within(main).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
      expect(within(main).getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute(
        'href',
        '/dashboard',
      );
      expect(within(main).getByRole('link', { name: '(888) 819-6388' })).toHaveAttribute(
        'href',
        'tel:+18888196388',
      );
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    } finally {
      console.error = original;
    }
  });
});
