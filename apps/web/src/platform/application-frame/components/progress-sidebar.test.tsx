import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import type { THelocApplicationView } from '@heloc/domain';
import { currentProgress } from './application-frame';
import { ProgressSidebar } from './progress-sidebar';

const steps = () => within(screen.getByRole('list')).getAllByRole('listitem');

describe('ProgressSidebar', () => {
  it('is titled "Application Progress" with the default text and the eNotary steps', () => {
    renderWithProviders(<ProgressSidebar current="PRODUCT_SELECT" manualNotary={false} />);
    const region = screen.getByRole('region', { name: 'Application Progress' });
    expect(region).toHaveTextContent(
      'Complete the loan process today and get funded in as little as five days.',
    );
    expect(steps().map((step) => step.firstChild?.nextSibling?.firstChild?.textContent)).toEqual([
      'Basic Info',
      'Select Offer',
      'Provide More Info',
      'Link Income Sources',
      'Verify Identity',
      'Sign Documents',
      'Talk to eNotary',
    ]);
  });

  it('marks the current step for assistive technology and the steps before it as completed', () => {
    renderWithProviders(<ProgressSidebar current="MORE_INFO" manualNotary={false} />);
    const [basic, offer, more, income] = steps();
    expect(more).toHaveAttribute('aria-current', 'step');
    expect(more).toHaveTextContent('Provide More Info (current step)');
    expect(basic).toHaveTextContent('(completed)');
    expect(offer).toHaveTextContent('(completed)');
    expect(income).toHaveTextContent('(not started)');
    expect(income).not.toHaveAttribute('aria-current');
  });

  it('ends with "Schedule Notary Session" for a manual notary', () => {
    renderWithProviders(<ProgressSidebar current="MANUAL_NOTARY" manualNotary />);
    expect(steps().at(-1)).toHaveTextContent('Schedule Notary Session (current step)');
  });

  it('marks nothing current for a declined application', () => {
    renderWithProviders(<ProgressSidebar current={null} manualNotary={false} />);
    expect(steps().some((step) => step.hasAttribute('aria-current'))).toBe(false);
  });
});

describe('currentProgress', () => {
  const view = (step: string, endedFromStep?: string | null) =>
    ({ step, endedFromStep, requestedManualNotaryTime: null }) as unknown as THelocApplicationView;

  it.each([
    ['OFFER_SELECTION', undefined, 'PRODUCT_SELECT'],
    // A decline at the hard pull stopped at "Provide More Info": the steps before stay done.
    ['DECLINED', 'WAITING_FOR_CREDIT', 'INITIAL'],
    ['DECLINED', 'HARD_CREDIT_PULL', 'MORE_INFO'],
    ['CANCELLED', 'INCOME_VERIFICATION', 'LINK_INCOME'],
    ['DECLINED', null, null],
  ] as const)('%s (ended from %s) → %s', (step, endedFrom, code) => {
    expect(currentProgress(view(step, endedFrom))).toBe(code);
  });
});
