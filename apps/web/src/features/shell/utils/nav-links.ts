/**
 * The shell's links (spec 1 §2 "Shared navigation", §6): the side bar, the apps menu and the secondary
 * links, decided from who is signed in and the Portfolio Manager flag.
 */
import { paths } from '@/config/paths';

export interface TNavLink {
  label: string;
  /** A host page (outside /account/heloc). */
  href: string;
}

export interface TNavOptions {
  /** canSeeDashboardLink: non-signers and brokers. */
  showDashboard: boolean;
  /** The fe-portfolio-manager flag. */
  showPortfolio: boolean;
  signedIn: boolean;
}

const link = ({ path, label }: { path: string; label: string }): TNavLink => ({ label, href: path });

/** Side bar: Dashboard (non-signers or brokers), Marketplace, Portfolio Manager (when enabled). */
export function sideNavLinks({ showDashboard, showPortfolio }: TNavOptions): TNavLink[] {
  return [
    ...(showDashboard ? [{ label: 'Dashboard', href: paths.host.dashboard.getHref() }] : []),
    link(paths.platform.marketplace),
    ...(showPortfolio ? [link(paths.platform.portfolio)] : []),
  ];
}

/** Apps menu: Passport, Group Manager, Portfolio Manager (when enabled), Pay, Exchange. */
export function appsMenuLinks({ showPortfolio }: Pick<TNavOptions, 'showPortfolio'>): TNavLink[] {
  return [
    link(paths.platform.passport),
    link(paths.platform.groupManager),
    ...(showPortfolio ? [link(paths.platform.portfolio)] : []),
    link(paths.platform.pay),
    link(paths.platform.exchange),
  ];
}

/** Contact, and Settings for signed-in people. */
export function secondaryNavLinks({ signedIn }: Pick<TNavOptions, 'signedIn'>): TNavLink[] {
  return [
    { label: 'Contact', href: paths.host.contact.getHref() },
    ...(signedIn ? [{ label: 'Settings', href: paths.host.settings.getHref() }] : []),
  ];
}
