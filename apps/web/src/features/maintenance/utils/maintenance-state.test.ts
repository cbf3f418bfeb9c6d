import { describe, expect, it } from 'vitest';
import { maintenancePageFor } from './maintenance-state';

const location = { scope: 'app' as const, pathname: '/register' };

describe('maintenancePageFor', () => {
  it('uses the spec defaults when the flag carries no texts', () => {
    expect(maintenancePageFor({ enabled: true, variables: { routes: '["/"]' } }, location)).toEqual({
      title: 'Scheduled Maintenance',
      message:
        'We are currently undergoing scheduled maintenance. Please check back shortly. Thank you for your patience!',
      showDashboardLink: false,
    });
  });

  it('takes pageTitle, message and the dashboard link from the variables', () => {
    const page = maintenancePageFor(
      {
        enabled: true,
        variables: {
          routes: '["/register"]',
          pageTitle: 'Registration paused',
          message: 'Back at 6 PM PT.',
          shouldShowDashboardLink: true,
        },
      },
      location,
    );
    expect(page).toEqual({
      title: 'Registration paused',
      message: 'Back at 6 PM PT.',
      showDashboardLink: true,
    });
  });

  it.each([
    { name: 'flag off', decision: { enabled: false, variables: { routes: '["/"]' } } },
    { name: 'flag unknown', decision: undefined },
    { name: 'another route', decision: { enabled: true, variables: { routes: '["/dashboard"]' } } },
    { name: 'no routes', decision: { enabled: true, variables: {} } },
    { name: 'malformed variables', decision: { enabled: true, variables: { routes: 42 } } },
  ])('$name → no maintenance page', ({ decision }) => {
    expect(maintenancePageFor(decision, location)).toBeNull();
  });
});
