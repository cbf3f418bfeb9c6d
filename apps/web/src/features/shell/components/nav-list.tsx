import { useLocation } from 'react-router';
import { appHref } from '@/config/paths';
import { HostLink } from '@/components/ui/host-link';
import { useRouterScope } from '@/lib/router-scope';
import type { TNavLink } from '../utils/nav-links';
import classes from './shell.module.css';

/** The page's full path, whichever router renders it (the app router's pathname has no basename). */
function useFullPathname(): string {
  const { pathname } = useLocation();
  return useRouterScope() === 'app' ? appHref(pathname) : pathname;
}

interface NavListProps {
  links: readonly TNavLink[];
  /** Called after a link is followed (the drawer closes). */
  onNavigate?: () => void;
  labelledBy?: string;
}

/** A list of navigation links; the current page's link says so (aria-current). */
export function NavList({ links, onNavigate, labelledBy }: NavListProps) {
  const current = useFullPathname();
  return (
    <ul className={classes.navList} aria-labelledby={labelledBy}>
      {links.map((link) => {
        const active = current === link.href || current.startsWith(`${link.href}/`);
        return (
          <li key={link.href}>
            <HostLink
              to={link.href}
              className={classes.navLink}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
            >
              {link.label}
            </HostLink>
          </li>
        );
      })}
    </ul>
  );
}
