import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { APP_BASENAME } from '@/config/paths';
import { orgFixture } from '@/testing/org-fixture';
import { renderRoutes } from '@/testing/render';
import { appRoutes, hostRoutes, withRoot } from './router';

const renderApp = (url: string, org = orgFixture()) =>
  renderRoutes({ routes: appRoutes, scope: 'app', url, basename: APP_BASENAME, org });
const renderHost = (url: string) => renderRoutes({ routes: hostRoutes, scope: 'host', url });

describe('app index (/account/heloc/)', () => {
  it('shows the HELOC overview of the organisation inside the layout', async () => {
    renderApp('/account/heloc/');

    const main = await screen.findByRole('main');
    const inMain = within(main);
    expect(
      await inMain.findByRole('heading', { level: 1, name: 'Home Equity Line of Credit' }),
    ).toBeInTheDocument();

    const logo = inMain.getByRole('img', { name: 'Acme Lending' });
    expect(logo.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/);

    const figures = inMain.getByRole('region', { name: 'Key figures' });
    expect(figures).toHaveTextContent('Line amount$15,000 to $400,000');
    expect(figures).toHaveTextContent('APR7.60% to 17.20%');
    expect(figures).toHaveTextContent('Origination feeUp to 4.99% of the initial draw');
    expect(figures).toHaveTextContent('Fixed-rate terms5, 10, 15, or 30 years');

    const states = inMain.getByRole('list', { name: 'Where we lend' });
    expect(
      within(states)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['California', 'Florida', 'Texas']);

    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('formats the merged organisation pricing', async () => {
    renderApp(
      '/account/heloc/',
      orgFixture({
        pricing: [
          { minLineCents: 25_000_00, aprMinBps: 699 },
          { aprMaxBps: 1500, originationFeeMaxBps: 0 },
        ],
      }),
    );
    const figures = await screen.findByRole('region', { name: 'Key figures' });
    expect(figures).toHaveTextContent('$25,000 to $400,000');
    expect(figures).toHaveTextContent('6.99% to 15.00%');
    expect(figures).toHaveTextContent('No origination fee');
  });

  it('links the header logo to the app index', async () => {
    renderApp('/account/heloc/unknown');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Acme Lending' })).toHaveAttribute(
      'href',
      '/account/heloc/',
    );
  });

  it('moves focus to the main landmark from the skip link', async () => {
    const user = userEvent.setup();
    renderApp('/account/heloc/');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('link', { name: 'Skip to main content' }));
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

describe('not-found page', () => {
  it('answers an unknown app path inside the layout, linking to the app index', async () => {
    renderApp('/account/heloc/no/such/page');
    const main = await screen.findByRole('main');
    expect(
      await within(main).findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: /overview/ })).toHaveAttribute('href', '/account/heloc/');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('navigates client-side from the not-found page to the app index', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/account/heloc/missing');
    await user.click(await screen.findByRole('link', { name: /overview/ }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Home Equity Line of Credit' }),
    ).toBeInTheDocument();
    // The router keeps the basename in its location; the index URL itself has no trailing slash.
    expect(router.state.location.pathname).toBe('/account/heloc');
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
    const { router } = renderHost(`${path}?referrer=abc&pop-webchat=true`);
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.location.search).toBe('?referrer=abc&pop-webchat=true');
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
