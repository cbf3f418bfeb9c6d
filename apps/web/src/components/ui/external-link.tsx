import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { VisuallyHidden } from './visually-hidden';

type ExternalLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'target' | 'rel'> & {
  href: string;
  /** Opens a new tab (rel noopener noreferrer) and says so to assistive technology. */
  newTab?: boolean;
  children: ReactNode;
};

/** A plain document link (host pages, other sites); never a client-side route change. */
export function ExternalLink({ newTab = false, children, ...props }: ExternalLinkProps) {
  if (!newTab) return <a {...props}>{children}</a>;
  return (
    <a {...props} target="_blank" rel="noopener noreferrer">
      {children} <VisuallyHidden>(opens in a new tab)</VisuallyHidden>
    </a>
  );
}
