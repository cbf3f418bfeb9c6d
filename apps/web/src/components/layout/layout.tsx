import '@mantine/core/styles/Container.css';
import { Container } from '@mantine/core';
import { useRef } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import classes from './layout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

interface LayoutProps {
  /** Header brand mark, usually the logo linked to the app index. */
  logo: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}

/** Page frame shared by both routers: skip link, header, the main landmark and the footer. */
export function Layout({ logo, footer, children }: LayoutProps) {
  const mainRef = useRef<HTMLElement>(null);

  // Move focus (not just scroll) to the main landmark, without leaving a #fragment in the route URL.
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
    mainRef.current?.scrollIntoView?.();
  };

  return (
    <div className={classes.shell}>
      <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={skipToMain}>
        Skip to main content
      </a>
      <header className={classes.header}>
        <Container size="lg" className={classes.headerInner}>
          {logo}
        </Container>
      </header>
      <main id={MAIN_CONTENT_ID} ref={mainRef} tabIndex={-1} className={classes.main}>
        {children}
      </main>
      {footer}
    </div>
  );
}
