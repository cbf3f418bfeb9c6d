import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TOriginatorDisplayInfo } from '@heloc/domain';
import { renderWithProviders } from '@/testing/render';
import { LoanOfficerCardView } from './loan-officer-card';

const base: TOriginatorDisplayInfo = {
  originatorName: 'Jordan Reyes',
  brokerName: null,
  avatarUri: null,
  email: 'jordan.reyes@harborline.example',
  phoneNumber: '415-555-0101',
  nmls: '2104871',
};

const render = (info: Partial<TOriginatorDisplayInfo>) =>
  renderWithProviders(<LoanOfficerCardView info={{ ...base, ...info }} />);

describe('LoanOfficerCardView', () => {
  it.each([
    { name: 'loan officer only', info: {}, heading: 'Your Loan Officer' },
    { name: 'both names', info: { brokerName: 'Summit Brokers' }, heading: 'Your Loan Officer' },
    {
      name: 'broker only',
      info: { originatorName: null, brokerName: 'Summit Brokers' },
      heading: 'Your Broker',
    },
    {
      name: 'blank loan officer name, broker',
      info: { originatorName: '  ', brokerName: 'Summit' },
      heading: 'Your Broker',
    },
  ])('$name → "$heading"', ({ info, heading }) => {
    render(info);
    expect(screen.getByRole('region', { name: heading })).toBeInTheDocument();
  });

  it.each([
    { originatorName: null, brokerName: null },
    { originatorName: '', brokerName: '   ' },
  ])('is not shown at all without either name (%o)', (info) => {
    render(info);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.queryByText(/NMLS/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows the NMLS number and Call and Email buttons', () => {
    render({});
    const card = screen.getByRole('region', { name: 'Your Loan Officer' });
    expect(within(card).getByText('NMLS #2104871')).toBeInTheDocument();
    expect(within(card).getByText('Jordan Reyes')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+14155550101');
    expect(within(card).getByRole('link', { name: 'Email' })).toHaveAttribute(
      'href',
      'mailto:jordan.reyes@harborline.example',
    );
  });

  it('names the brokerage under the loan officer when both names exist', () => {
    render({ brokerName: 'Summit Brokers' });
    expect(screen.getByText('Summit Brokers')).toBeInTheDocument();
  });

  it('leaves out a button without its contact', () => {
    render({ phoneNumber: null, email: null });
    expect(screen.queryByRole('link', { name: 'Call' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Email' })).not.toBeInTheDocument();
  });

  it('uses a data: avatar, and initials for any other address (the CSP blocks it)', () => {
    const { unmount } = render({ avatarUri: 'data:image/svg+xml;base64,PHN2Zy8+' });
    expect(document.querySelector('img')).toHaveAttribute('src', 'data:image/svg+xml;base64,PHN2Zy8+');
    unmount();
    render({ avatarUri: 'https://cdn.example/jr.png' });
    expect(document.querySelector('img')).toBeNull();
    expect(screen.getByText('JR')).toBeInTheDocument();
  });
});
