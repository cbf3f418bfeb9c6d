import { useLocation } from 'react-router';
import { LOGIN_PATH } from '@heloc/domain';
import { appHref, paths } from '@/config/paths';
import { HostLink } from '@/components/ui/host-link';
import { useRouterScope } from '@/lib/router-scope';
import classes from './shell.module.css';

/**
 * The visitor's end of the top bar: a sign-in link that comes back to this page. Visitors get no
 * notifications (spec 2 §2) and no menus: every signed-in destination would send them to sign in anyway.
 */
export function VisitorActions() {
  const { pathname, search } = useLocation();
  const scope = useRouterScope();
  const full = scope === 'app' ? appHref(pathname) : pathname;
  if (full === LOGIN_PATH) return null;
  return (
    <HostLink to={paths.host.login.getHref(`${full}${search}`)} className={classes.signIn}>
      Sign in
    </HostLink>
  );
}
