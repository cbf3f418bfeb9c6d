import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { OfferDetails } from './offer-details';

describe('OfferDetails', () => {
  it('shows APR, initial draw, monthly payment and fixed term', () => {
    renderWithProviders(
      <OfferDetails offer={{ term: 30, rate: 760, amount: 10_000_000, originationFeeBps: 0 }} />,
    );
    const box = screen.getByRole('region', { name: 'Your Offer Details' });
    expect(box).toHaveTextContent('APR7.60%');
    expect(box).toHaveTextContent('Initial draw$100,000');
    expect(box).toHaveTextContent('Monthly payment$706.07');
    expect(box).toHaveTextContent('Fixed term30 years');
  });

  it('shows the APR with the origination fee, as product/select does, not the bare rate', () => {
    // 7.60% for 30 years with a 2.99% fee on $100,000: the APR is 7.91%; the payment is the rate's.
    renderWithProviders(
      <OfferDetails offer={{ term: 30, rate: 760, amount: 10_000_000, originationFeeBps: 299 }} />,
    );
    const box = screen.getByRole('region', { name: 'Your Offer Details' });
    expect(box).toHaveTextContent('APR7.91%');
    expect(box).toHaveTextContent('Monthly payment$706.07');
  });

  it.each([
    { term: 0, rate: 760, amount: 10_000_000, originationFeeBps: 299 },
    { term: 10, rate: 0, amount: 10_000_000, originationFeeBps: 299 },
    { term: 10, rate: 760, amount: 0, originationFeeBps: 299 },
    { term: 0, rate: 0, amount: 0, originationFeeBps: 0 },
  ])('is hidden unless term, rate and amount are all above 0 (%o)', (offer) => {
    const { container } = renderWithProviders(<OfferDetails offer={offer} />);
    expect(container.querySelector('section')).toBeNull();
    expect(screen.queryByText('Your Offer Details')).not.toBeInTheDocument();
  });

  it('waits for the new choice while the offer is chosen again (CLTV_REQUALIFY), then shows it', () => {
    const chosen = { term: 30, rate: 760, amount: 40_000_000, originationFeeBps: 0 };
    const { rerender } = renderWithProviders(<OfferDetails offer={{ ...chosen, step: 'CLTV_REQUALIFY' }} />);
    expect(screen.queryByText('Your Offer Details')).not.toBeInTheDocument();
    rerender(<OfferDetails offer={{ ...chosen, amount: 30_250_000, step: 'HARD_CREDIT_PULL' }} />);
    expect(screen.getByRole('region', { name: 'Your Offer Details' })).toHaveTextContent(
      'Initial draw$302,500',
    );
  });
});
