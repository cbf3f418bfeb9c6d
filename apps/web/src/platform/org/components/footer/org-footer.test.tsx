import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { orgFixture } from '@/testing/org-fixture';
import { renderWithProviders } from '@/testing/render';
import { OrgFooter } from './org-footer';

describe('OrgFooter', () => {
  it('renders the organisation footer as a contentinfo landmark with its facts, links and disclosures', () => {
    const org = orgFixture({ toggles: { nationalCreditUnionAdministrationLogo: true } });
    renderWithProviders(<OrgFooter org={org} />, org);

    const footer = screen.getByRole('contentinfo');
    const inFooter = within(footer);

    expect(inFooter.getByText('Acme Lending, LLC')).toBeInTheDocument();
    expect(inFooter.getByText(/1 Market Street, Suite 400, San Francisco, CA 94105/)).toBeInTheDocument();

    const nmls = inFooter.getByRole('link', { name: /NMLS #123456/ });
    expect(nmls).toHaveAttribute('href', org.orgMetaData.companyInfo.companyNmlsURL);
    expect(nmls).toHaveAttribute('target', '_blank');
    expect(nmls).toHaveAttribute('rel', 'noopener noreferrer');
    expect(nmls).toHaveAccessibleName('NMLS #123456 (opens in a new tab)');

    expect(inFooter.getByRole('link', { name: '(888) 819-6388' })).toHaveAttribute(
      'href',
      'tel:+18888196388',
    );
    expect(inFooter.getByRole('link', { name: 'help@acme.test' })).toHaveAttribute(
      'href',
      'mailto:help@acme.test',
    );

    const states = inFooter.getByRole('list', { name: 'Licensed states' });
    expect(
      within(states)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['California', 'Florida', 'Texas']);

    expect(
      inFooter.getByText('No New York property applications are accepted through this site.'),
    ).toBeInTheDocument();
    expect(inFooter.getByText('Equal Housing Lender')).toBeInTheDocument();
    expect(inFooter.getByText(/Federally insured by/)).toBeInTheDocument();
    expect(inFooter.queryByText('More states coming soon.')).not.toBeInTheDocument();

    const legal = inFooter.getByRole('navigation', { name: 'Legal' });
    const links = within(legal).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Terms of Use', '/terms'],
      ['Privacy Policy', '/privacy'],
      ['Licenses', '/licenses'],
      ['Accessibility (opens in a new tab)', 'https://acme.test/accessibility'],
    ]);
    expect(within(legal).getByRole('link', { name: 'Privacy Policy' })).not.toHaveAttribute('target');

    const disclosures = inFooter.getByRole('region', { name: 'Disclosures' });
    const notes = within(disclosures).getAllByRole('listitem');
    expect(notes).toHaveLength(10);
    expect(notes[0]).toHaveAttribute('id', 'footnote-1');
    expect(disclosures).toHaveTextContent('Loan amounts run from $15,000 to $400,000.');
    expect(disclosures).toHaveTextContent('ranges from 7.60% to 17.20%');
    expect(disclosures).toHaveTextContent('up to 4.99% of the initial draw');
    expect(disclosures).toHaveTextContent('256-bit encryption');
  });

  it('shows "More states coming soon." for the main lender and no NCUA mark without the toggle', () => {
    const org = orgFixture({ orgCode: 'MAIN', canonicalOrgCode: 'MAIN', licensedStates: ['CA', 'NY'] });
    renderWithProviders(<OrgFooter org={org} />, org);
    expect(screen.getByText('More states coming soon.')).toBeInTheDocument();
    expect(
      screen.getByText('New York property applications are accepted through this site.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Federally insured by/)).not.toBeInTheDocument();
  });
});

describe('OrgFooter: hours, web chat and the Illinois notice', () => {
  const week = [1, 2, 3, 4, 5, 6, 7].map((weekdayValue) => ({
    weekday:
      ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'][weekdayValue - 1] ?? '',
    weekdayValue,
    isOpen: weekdayValue !== 7,
    startTime: weekdayValue === 7 ? null : weekdayValue === 6 ? '08:00' : '06:00',
    endTime: weekdayValue === 7 ? null : weekdayValue === 6 ? '14:00' : '18:00',
  }));

  it('adds the operating hours line and the web-chat note to customer service', () => {
    const org = orgFixture();
    renderWithProviders(<OrgFooter org={org} operatingHours={week} webChatEnabled />, org);
    const footer = screen.getByRole('contentinfo');
    expect(
      within(footer).getByText(
        'Hours: Monday–Friday: 6:00 AM – 6:00 PM PT, Saturday: 8:00 AM – 2:00 PM PT, Sunday: Closed',
      ),
    ).toBeInTheDocument();
    expect(within(footer).getByText(/^Web chat: select/)).toBeInTheDocument();
  });

  it('shows neither while the hours are unknown and the chat flag is off', () => {
    const org = orgFixture();
    renderWithProviders(<OrgFooter org={org} />, org);
    expect(screen.queryByText(/^Hours:/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Web chat: select/)).not.toBeInTheDocument();
  });

  it('links the Illinois community reinvestment notice for an organisation licensed in Illinois', () => {
    const org = orgFixture({ licensedStates: ['IL', 'CA'] });
    renderWithProviders(<OrgFooter org={org} />, org);
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(
      within(legal).getByRole('link', { name: 'Illinois Community Reinvestment Notice' }),
    ).toHaveAttribute('href', '/licenses#illinois-community-reinvestment-notice');
  });
});
