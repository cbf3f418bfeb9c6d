import { useLinkClickHandler } from 'react-router';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { appHref } from '@/config/paths';
import { useRouterScope } from '@/lib/router-scope';

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** Path inside the app, relative to /account/heloc (e.g. "/"). */
  to: string;
};

/**
 * A link to an app route that works in both routers. The href is always the full app URL
 * (/account/heloc/… with the trailing slash the server routes on, which the router's own Link drops for the
 * index); inside the app a plain click navigates client-side, outside it the browser loads the page.
 */
export function AppLink({ to, onClick, children, ...props }: AppLinkProps) {
  const scope = useRouterScope();
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target: props.target });

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (scope === 'app' && !event.defaultPrevented) navigate(event);
  };

  return (
    <a {...props} href={appHref(to)} onClick={handleClick}>
      {children}
    </a>
  );
}
