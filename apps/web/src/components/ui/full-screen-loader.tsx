import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { LOADER_HIDE_DELAY_MS } from '@heloc/domain';
import { PageLoader } from './page-loader';
import classes from './page-loader.module.css';

/**
 * True while `active`, and for `delayMs` after it turns false. Keeping a loader up a moment longer
 * stops it flashing off and on when one load hands over to the next (spec 1 §9: "loader hides 300 ms
 * after loading ends").
 */
export function useLingering(active: boolean, delayMs: number = LOADER_HIDE_DELAY_MS): boolean {
  const [lingering, setLingering] = useState(false);
  const [previous, setPrevious] = useState(active);
  // Adjust state while rendering (not in an effect) when `active` falls, so there is no frame without it.
  if (previous !== active) {
    setPrevious(active);
    setLingering(!active);
  }
  useEffect(() => {
    if (!lingering) return;
    const timer = setTimeout(() => setLingering(false), delayMs);
    return () => clearTimeout(timer);
  }, [lingering, delayMs]);
  return active || lingering;
}

interface FullScreenLoaderProps {
  loading: boolean;
  /** The organisation's logo, shown above the spinner. */
  logo?: ReactNode;
}

/** Full-screen logo loader (spec 1 §2) over the page while `loading`, gone 300 ms after it ends. */
export function FullScreenLoader({ loading, logo }: FullScreenLoaderProps) {
  const visible = useLingering(loading);
  if (!visible) return null;
  return (
    <div className={classes.overlay}>
      <PageLoader logo={logo} />
    </div>
  );
}
