import { useRef, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { TopBarSlotContext } from './top-bar-slot';
import classes from './layout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

interface LayoutProps {
  /** Header brand mark, usually the logo linked to the app index. */
  logo: ReactNode;
  /** Before the logo: the mobile navigation button (hidden from 768px up by its own styles). */
  topBarStart?: ReactNode;
  /** End of the top bar: apps menu, notifications and profile menu, or the visitor's sign-in link. */
  topBarEnd?: ReactNode;
  /** The side bar's navigation; shown from 768px up (the mobile drawer carries it below). */
  sidebar?: ReactNode;
  footer: ReactNode;
  children: ReactNode;
}

/**
 * Page frame shared by both routers: skip link, top bar, optional side bar, the main landmark and the
 * footer. Pages can add their own top-bar buttons through <TopBarPortal> (the application frame's
 * loan officer button), so the frame needs to know nothing about them.
 */
export function Layout({ logo, topBarStart, topBarEnd, sidebar, footer, children }: LayoutProps) {
  const mainRef = useRef<HTMLElement>(null);
  const [slot, setSlot] = useState<HTMLElement | null>(null);

  // Move focus (not just scroll) to the main landmark, without leaving a #fragment in the route URL.
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    mainRef.current?.focus();
    mainRef.current?.scrollIntoView?.();
  };

  return (
    <TopBarSlotContext value={slot}>
      <div className={classes.shell}>
        <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink} onClick={skipToMain}>
          Skip to main content
        </a>
        <header className={classes.header}>
          <div className={classes.headerInner}>
            {topBarStart}
            <div className={classes.logo}>{logo}</div>
            <div className={classes.headerEnd}>
              <div ref={setSlot} className={classes.pageActions} />
              {topBarEnd}
            </div>
          </div>
        </header>
        <div className={classes.body}>
          {sidebar ? <div className={classes.sidebar}>{sidebar}</div> : null}
          <main id={MAIN_CONTENT_ID} ref={mainRef} tabIndex={-1} className={classes.main}>
            {children}
          </main>
        </div>
        {footer}
      </div>
    </TopBarSlotContext>
  );
}
