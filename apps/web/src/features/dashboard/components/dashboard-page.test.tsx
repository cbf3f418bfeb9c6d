import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDisplayDate } from '@heloc/domain';
import { setUnauthenticatedHandler } from '@/lib/api-client';
import { browserLocation } from '@/lib/browser-location';
import { APPLICATION_UUID, applicationFixture, mockApi } from '@/testing/mock-api';
import { renderRoutes } from '@/testing/render';
import { DashboardPage } from './dashboard-page';

const LIST = 'GET /service-application/api/v1/application/heloc/all';
const CREATE = 'POST /service-application/api/v1/application/heloc';
const SECOND_UUID = '6e2d3c4b-2222-4333-8444-a55556666777';

const renderDashboard = () =>
  renderRoutes({
    routes: [{ path: '/dashboard', Component: DashboardPage }],
    scope: 'host',
    url: '/dashboard',
  });

beforeEach(() => {
  vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
  setUnauthenticatedHandler(() => {});
  localStorage.setItem('jwt', 'token');
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setUnauthenticatedHandler(null);
});

describe('/dashboard', () => {
  it('lists each application with its ID, created date, current step, property and a Continue link', async () => {
    mockApi().on(LIST, {
      body: [
        applicationFixture(),
        applicationFixture({
          uuid: SECOND_UUID,
          loanNumber: 'HL-000124',
          property: null,
          step: 'IN_PROGRESS',
        }),
      ],
    });
    renderDashboard();
    const list = await screen.findByRole('list', { name: 'Applications' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('742 Evergreen Terrace, Sacramento, CA 95814');
    expect(first).toHaveTextContent('Application IDHL-000123');
    expect(first).toHaveTextContent(`Created${formatDisplayDate('2026-03-04T12:00:00.000Z')}`);
    expect(first).toHaveTextContent(/Created\d{2}\/\d{2}\/\d{4}/);
    expect(first).toHaveTextContent('Current stepLien verification');
    expect(within(first!).getByRole('link', { name: 'Continue application HL-000123' })).toHaveAttribute(
      'href',
      `/account/heloc/${APPLICATION_UUID}`,
    );
    expect(second).toHaveTextContent('Property not chosen yet');
    expect(second).toHaveTextContent('Current stepBasic info');
  });

  it.each(['COMPLETE', 'DECLINED', 'CANCELLED'] as const)(
    'a %s application is there to view, not to continue',
    async (step) => {
      mockApi().on(LIST, { body: [applicationFixture({ step })] });
      renderDashboard();
      const list = await screen.findByRole('list', { name: 'Applications' });
      expect(within(list).getByRole('link', { name: 'View application HL-000123' })).toHaveAttribute(
        'href',
        `/account/heloc/${APPLICATION_UUID}`,
      );
      expect(within(list).queryByRole('link', { name: /^Continue/ })).toBeNull();
    },
  );

  it('shows an empty state that starts a new application and opens it', async () => {
    const api = mockApi()
      .on(LIST, { body: [] })
      .on(CREATE, { status: 201, body: applicationFixture({ uuid: SECOND_UUID }) });
    const user = userEvent.setup();
    renderDashboard();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'You have no applications yet' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start a new application' }));
    await waitFor(() => expect(browserLocation.assign).toHaveBeenCalledWith(`/account/heloc/${SECOND_UUID}`));
    expect(api.callsTo(CREATE)[0]?.body).toEqual({});
  });

  it('says why a new application could not start', async () => {
    mockApi()
      .on(LIST, { body: [applicationFixture()] })
      .on(CREATE, { status: 400, body: { status: 400, message: 'Add a property first' } });
    const user = userEvent.setup();
    renderDashboard();
    await user.click(await screen.findByRole('button', { name: 'Start a new application' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Add a property first.');
    expect(browserLocation.assign).not.toHaveBeenCalled();
  });

  it('says when the applications cannot be loaded', async () => {
    mockApi().on(LIST, { status: 500, body: { status: 500, message: 'Internal server error' } });
    renderDashboard();
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your applications');
  });
});
