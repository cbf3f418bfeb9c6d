import { useId } from 'react';
import type { TNavLink } from '../utils/nav-links';
import { NavList } from './nav-list';
import classes from './shell.module.css';

interface SideNavProps {
  main: readonly TNavLink[];
  secondary: readonly TNavLink[];
  apps?: readonly TNavLink[];
  onNavigate?: () => void;
  /** In the side bar the links stay in view while the page scrolls; not in the drawer. */
  sticky?: boolean;
}

/** The side bar's navigation (spec 1 §2); the mobile drawer shows the same with the apps added. */
export function SideNav({ main, secondary, apps, onNavigate, sticky = false }: SideNavProps) {
  const appsId = useId();
  return (
    <nav
      aria-label="Main navigation"
      className={sticky ? `${classes.sideNav} ${classes.sticky}` : classes.sideNav}
    >
      <NavList links={main} onNavigate={onNavigate} />
      {apps && apps.length > 0 ? (
        <div>
          <p id={appsId} className={classes.navGroupLabel}>
            Apps
          </p>
          <NavList links={apps} onNavigate={onNavigate} labelledBy={appsId} />
        </div>
      ) : null}
      <NavList links={secondary} onNavigate={onNavigate} />
    </nav>
  );
}
