import { describe, expect, it } from 'vitest';
import { appsMenuLinks, secondaryNavLinks, sideNavLinks } from './nav-links';

const labels = (links: { label: string }[]) => links.map((link) => link.label);

describe('navigation links', () => {
  it('side bar: Dashboard, Marketplace and Portfolio Manager when everything applies', () => {
    const links = sideNavLinks({ showDashboard: true, showPortfolio: true, signedIn: true });
    expect(links).toEqual([
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Marketplace', href: '/universal-marketplace' },
      { label: 'Portfolio Manager', href: '/portfolio' },
    ]);
  });

  it('side bar: no Dashboard for signers, no Portfolio Manager while the flag is off', () => {
    expect(labels(sideNavLinks({ showDashboard: false, showPortfolio: false, signedIn: true }))).toEqual([
      'Marketplace',
    ]);
  });

  it('apps menu: Passport, Group Manager, Portfolio Manager (flag), Pay, Exchange', () => {
    expect(appsMenuLinks({ showPortfolio: true })).toEqual([
      { label: 'Passport', href: '/universal-passport' },
      { label: 'Group Manager', href: '/group-manager' },
      { label: 'Portfolio Manager', href: '/portfolio' },
      { label: 'Pay', href: '/pay' },
      { label: 'Exchange', href: '/exchange' },
    ]);
    expect(labels(appsMenuLinks({ showPortfolio: false }))).not.toContain('Portfolio Manager');
  });

  it('Contact always, Settings only signed in', () => {
    expect(secondaryNavLinks({ signedIn: true })).toEqual([
      { label: 'Contact', href: '/contact' },
      { label: 'Settings', href: '/dashboard/settings' },
    ]);
    expect(labels(secondaryNavLinks({ signedIn: false }))).toEqual(['Contact']);
  });
});
