import { useLinkClickHandler } from 'react-router';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useRouterScope } from '@/lib/router-scope';

type HostLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A host page outside the app, e.g. "/dashboard" or "/contact". */
  to: string;
};

/**
 * The counterpart of AppLink for host pages (/dashboard, /contact, the platform apps, …): in the host
 * router a plain click navigates client-side; from the app router (basename /account/heloc) the
 * browser loads the page, because the app router cannot render host routes.
 */
export function HostLink({ to, onClick, children, ...props }: HostLinkProps) {
  const scope = useRouterScope();
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target: props.target });

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (scope === 'host' && !event.defaultPrevented) navigate(event);
  };

  return (
    <a {...props} href={to} onClick={handleClick}>
      {children}
    </a>
  );
}
