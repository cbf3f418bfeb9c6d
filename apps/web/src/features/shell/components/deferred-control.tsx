/**
 * The top bar's menus, notifications popover and drawers load apart from the signed-in shell (issue
 * 17): Mantine's floating and modal machinery (floating-ui, focus trap, scroll lock; ~35 KB gzip) is not
 * drawn on arrival, and fetching it beside the application's own chunks delayed every signed-in page's
 * first paint on a phone. Each control shows its button alone (the same one, top-bar-buttons.tsx) until
 * the borrower turns to it: the first pointer over it, press or focus on it puts the control in its
 * place. Its code loads before that, when the browser is idle after the page has rendered (or at that
 * first touch, if it comes sooner), but the controls are not drawn then: mounting the menus, popover
 * and drawers, closed, was a long task of its own after every signed-in page had rendered (issue 17),
 * for controls most visits never open. A button pressed before the swap opens its control once it is
 * in, and a focused one hands the focus to its loaded twin.
 */
import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import type { PointerEvent, ReactElement, ReactNode } from 'react';
import { lazyModule, preloadWhenIdle } from '@/lib/lazy-view';
import type * as TopBarControlsModule from './top-bar-controls';
import classes from './shell.module.css';

export type TopBarControls = typeof TopBarControlsModule;

const importControls = (): Promise<TopBarControls> => import('./top-bar-controls');
let controlsModule = lazyModule(importControls);

/** For tests: the next control starts from its placeholder again, as on a page's first load. */
export function forgetLoadedControls() {
  controlsModule = lazyModule(importControls);
}

/** For tests: whether the controls' code is in. */
export function controlsLoaded(): boolean {
  return controlsModule.loaded() !== null;
}

/** What the button drawn before the controls are in listens to. */
export interface PlaceholderEvents {
  onPointerEnter: () => void;
  onPointerDown: (event: PointerEvent<HTMLButtonElement>) => void;
  onFocus: () => void;
  onClick: () => void;
}

interface DeferredControlProps {
  /** The control's button as drawn before the controls are in. */
  placeholder: (events: PlaceholderEvents) => ReactElement;
  /** The control once they are in; `openAtOnce` when its button was pressed before. */
  children: (controls: TopBarControls, openAtOnce: boolean) => ReactNode;
}

export function DeferredControl({ placeholder, children }: DeferredControlProps) {
  const [wrapper, setWrapper] = useState<HTMLSpanElement | null>(null);
  // `refocus`: the placeholder had the focus when the controls came in, so its twin takes it. A control
  // mounted after the code is in starts from its button too: drawn when the borrower turns to it.
  const [swap, setSwap] = useState<{ controls: TopBarControls; refocus: boolean } | null>(null);
  const [pressed, setPressed] = useState(false);
  const controls = swap?.controls ?? null;

  const load = useCallback(() => {
    void controlsModule.load().then(
      (module) => {
        // Read while the placeholder is still on the page: the swap removes it.
        const refocus = !!wrapper?.contains(document.activeElement);
        setSwap((current) => current ?? { controls: module, refocus });
      },
      () => {},
    );
  }, [wrapper]);

  // The code only: the control itself is drawn when the borrower turns to it (`load`).
  useEffect(() => (controls ? undefined : preloadWhenIdle(controlsModule.load)), [controls]);

  useLayoutEffect(() => {
    if (swap?.refocus) wrapper?.querySelector('button')?.focus();
  }, [swap, wrapper]);

  const press = () => {
    setPressed(true);
    load();
  };
  return (
    <span ref={setWrapper} className={classes.contents}>
      {controls
        ? children(controls, pressed)
        : placeholder({
            onPointerEnter: load,
            // A press that began on the placeholder counts even when the swap comes before its click.
            onPointerDown: (event) => {
              if (event.button === 0) press();
            },
            onFocus: load,
            onClick: press,
          })}
    </span>
  );
}

/**
 * Opens a control that mounted with `openAtOnce`, one task after mounting: Mantine's menus, popovers and
 * drawers note the element to give the focus back to when `opened` turns true, which one mounted open
 * would miss.
 */
export function useOpenAtOnce(openAtOnce: boolean, open: () => void) {
  useEffect(() => {
    if (!openAtOnce) return undefined;
    const timer = setTimeout(open, 0);
    return () => clearTimeout(timer);
    // Once, at mount: `openAtOnce` tells how the control arrived, not a later state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
