/**
 * Secondary content of a first screen (the footer, a side panel below the form on a phone) drawn in a
 * task of its own after the screen's first paint instead of in the same one. On a phone the first
 * render is one long task; every millisecond of it over 50 ms blocks a tap (Lighthouse's Total
 * Blocking Time, issue 17). Only for content below or beside what the screen is about: it appears a
 * frame later, and nothing above it moves.
 */
import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';

export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    // A timer, not the effect itself: an effect may still run in the task that rendered.
    const timer = setTimeout(() => setPainted(true), 0);
    return () => clearTimeout(timer);
  }, [painted]);
  return painted ? children : null;
}
