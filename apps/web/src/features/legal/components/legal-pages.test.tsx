import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { ReactElement } from 'react';
import { RouterScopeContext } from '@/lib/router-scope';
import { orgFixture } from '@/testing/org-fixture';
import { renderWithProviders } from '@/testing/render';
import { ComingSoonPage } from './coming-soon-page';
import { ContactPage } from './contact-page';
import { LicensesPage } from './licenses-page';
import { PrivacyPage } from './privacy-page';
import { TermsPage } from './terms-page';
import { CommunicationsPage } from './communications-page';

function renderPage(element: ReactElement) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/page'] });
  return renderWithProviders(
    <RouterScopeContext value="host">
      <RouterProvider router={router} />
    </RouterScopeContext>,
  );
}

describe('host pages from the organisation data', () => {
  it('contact: company, address, phone, e-mail and hours', () => {
    renderPage(<ContactPage org={orgFixture()} hoursLine="Monday–Friday: 6:00 AM – 6:00 PM PT" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Contact us' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(888) 819-6388' })).toHaveAttribute('href', 'tel:+18888196388');
    expect(screen.getByRole('link', { name: 'help@acme.test' })).toHaveAttribute(
      'href',
      'mailto:help@acme.test',
    );
    expect(screen.getByText('Monday–Friday: 6:00 AM – 6:00 PM PT')).toBeInTheDocument();
    expect(screen.getByText(/1 Market Street, Suite 400, San Francisco, CA 94105/)).toBeInTheDocument();
  });

  it('terms: names the company, its legal form and NMLS number', () => {
    renderPage(<TermsPage org={orgFixture()} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms of Use' })).toBeInTheDocument();
    expect(
      screen.getByText(/offered by Acme Lending, LLC, a Delaware limited liability company \(NMLS #123456\)/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  });

  it('privacy: the full policy, or a link out when the organisation publishes its own', () => {
    const { unmount } = renderPage(<PrivacyPage org={orgFixture()} />);
    expect(screen.getByRole('heading', { level: 2, name: 'What we collect' })).toBeInTheDocument();
    expect(screen.getByText(/does not sell your personal information/)).toBeInTheDocument();
    unmount();
    renderPage(<PrivacyPage org={orgFixture({ privacyLinkIsExternal: true })} />);
    expect(screen.getByRole('link', { name: /Read the Acme Privacy Policy/ })).toHaveAttribute(
      'href',
      'https://acme.test/privacy',
    );
  });

  it('licenses: NMLS link, licensed states and the Illinois notice at its anchor', () => {
    renderPage(<LicensesPage org={orgFixture({ licensedStates: ['IL', 'TX'] })} />);
    expect(screen.getByRole('link', { name: /View our record on NMLS Consumer Access/ })).toHaveAttribute(
      'href',
      'https://www.nmlsconsumeraccess.org/EntityDetails.aspx/COMPANY/123456',
    );
    const states = screen.getByRole('list', { name: 'Licensed states' });
    expect(
      within(states)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Illinois', 'Texas']);
    const notice = screen.getByRole('region', { name: 'Illinois Community Reinvestment Notice' });
    expect(notice).toHaveAttribute('id', 'illinois-community-reinvestment-notice');
    expect(notice).toHaveTextContent(/Department of Financial and Professional Regulation/);
  });

  it('licenses: no Illinois notice without Illinois', () => {
    renderPage(<LicensesPage org={orgFixture({ licensedStates: ['TX'] })} />);
    expect(
      screen.queryByRole('region', { name: 'Illinois Community Reinvestment Notice' }),
    ).not.toBeInTheDocument();
  });

  it('communications: the consent, how to withdraw it and get paper copies', () => {
    renderPage(<CommunicationsPage org={orgFixture()} />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'Consent to Electronic Communications' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Withdrawing your consent' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Paper copies' })).toBeInTheDocument();
  });

  it.each([
    [
      '/universal-marketplace',
      'Marketplace is coming soon',
      'Marketplace is not available in this deployment yet.',
    ],
    ['/pay', 'Pay is coming soon', 'Pay is not available in this deployment yet.'],
    ['/coming-soon', 'Coming soon', 'This feature is not available in this deployment yet.'],
  ])('coming soon at %s', (pathname, title, text) => {
    renderPage(<ComingSoonPage org={orgFixture()} pathname={pathname} />);
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(text.replace(/[.]/g, '\\.')))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to your dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });
});
