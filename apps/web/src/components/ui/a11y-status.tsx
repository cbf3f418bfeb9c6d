/**
 * The accessibility status message (spec 1 §9, spec 2 §9: "accessibility status message clears after
 * 300 ms"): a visually hidden polite live region that a screen reader announces when a message is put
 * in, and that empties itself A11Y_STATUS_CLEAR_MS later. Emptied, the same message said again is
 * announced again, and a reader walking the page later does not come across a stale status.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { A11Y_STATUS_CLEAR_MS } from '@heloc/domain';
import { VisuallyHidden } from './visually-hidden';

export interface A11yStatusControl {
  /** Puts a message in the status region; it clears itself after A11Y_STATUS_CLEAR_MS. */
  announce: (message: string) => void;
  /** The region: render it once, outside anything that hides it (menus, closed popovers). */
  region: ReactNode;
}

export function useA11yStatus(): A11yStatusControl {
  const [message, setMessage] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const announce = useCallback((next: string) => {
    if (timer.current) clearTimeout(timer.current);
    setMessage(next);
    timer.current = setTimeout(() => setMessage(''), A11Y_STATUS_CLEAR_MS);
  }, []);

  return {
    announce,
    region: (
      <VisuallyHidden>
        <span role="status" aria-live="polite" aria-atomic="true">
          {message || null}
        </span>
      </VisuallyHidden>
    ),
  };
}
