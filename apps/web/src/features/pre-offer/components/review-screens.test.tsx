import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { flowRoute } from '@/testing/application-flow';
import { APPLICATION_UUID, mockApi, STATUS_ROUTE, statusAnswer } from '@/testing/mock-api';
import { orgFixture } from '@/testing/org-fixture';
import { renderRoutes } from '@/testing/render';
import { CreditError } from './credit-screens';
import {
  DatatreeTimeout,
  Delinquency,
  IncorrectOwnership,
  NoCredit,
  SignDocsTimeout,
  UnderwritingReview,
} from './review-screens';

function show(element: ReactElement) {
  const org = orgFixture();
  renderRoutes({
    scope: 'app',
    url: `/${APPLICATION_UUID}/screen`,
    org,
    routes: [flowRoute([{ path: 'screen', element }])],
  });
  return org.orgMetaData.companyInfo;
}

beforeEach(() => {
  mockApi().on(STATUS_ROUTE, statusAnswer('IN_PROGRESS'));
});
afterEach(() => vi.unstubAllGlobals());

describe('screens where the online flow stops', () => {
  it.each([
    ['no credit', <NoCredit />, 'We could not find a credit history'],
    ['underwriting review', <UnderwritingReview />, 'Your application is under review'],
    ['delinquency', <Delinquency />, 'We need to review your mortgage payments'],
    ['incorrect ownership', <IncorrectOwnership />, 'We could not confirm that you own this home'],
    ['credit error', <CreditError />, 'Your credit file is frozen'],
  ])('%s: its title and the organisation’s support contacts', async (_name, element, title) => {
    const info = show(element);
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: title })).toHaveFocus());
    expect(screen.getByRole('link', { name: info.email })).toHaveAttribute('href', `mailto:${info.email}`);
    expect(screen.getByRole('link', { name: info.phoneFormatted }).getAttribute('href')).toMatch(
      /^tel:\+1\d{10}$/,
    );
  });

  it('the datatree and sign-documents pages are the timeout page; datatree leads back to the address', () => {
    show(<DatatreeTimeout />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'This is taking longer than expected' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Check the property address' })).toHaveAttribute(
      'href',
      `/${APPLICATION_UUID}/start/profile`,
    );
    expect(screen.getByRole('link', { name: 'Check again' })).toHaveAttribute('href', `/${APPLICATION_UUID}`);
  });

  it('the sign-documents timeout page offers to check again and the dashboard', () => {
    show(<SignDocsTimeout />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'This is taking longer than expected' }),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.queryByRole('link', { name: 'Check the property address' })).not.toBeInTheDocument();
  });
});
