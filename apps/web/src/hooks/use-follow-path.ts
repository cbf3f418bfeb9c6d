import { useNavigate } from 'react-router';
import { APP_BASENAME, isAppPathname } from '@/config/paths';
import { browserLocation } from '@/lib/browser-location';
import { useRouterScope } from '@/lib/router-scope';

/**
 * Goes to a full in-site path (e.g. a notification's redirectPath "/account/heloc/…" or "/dashboard"):
 * client-side when the current router renders it, otherwise with a page load.
 */
export function useFollowPath(): (path: string) => void {
  const navigate = useNavigate();
  const scope = useRouterScope();
  return (path: string) => {
    const pathname = path.split(/[?#]/, 1)[0] ?? path;
    const inApp = isAppPathname(pathname);
    if (scope === 'app' && inApp) navigate(path.slice(APP_BASENAME.length) || '/');
    else if (scope === 'host' && !inApp) navigate(path);
    else browserLocation.assign(path);
  };
}
