import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Work to do once React has drawn what the current updates show, e.g. focusing a field or an error that
 * render adds. A frame requested from an event's callback is not enough: on a loaded machine it can run
 * before React commits, and the element is not there yet (seen in CI on the forgot-password page).
 *
 * `later(work)`: `work` runs in the effect after the next commit. If it answers `false` (its element is
 * still missing: the update that shows it landed in a later render) it waits for the next commit, at
 * most a few times; a newer request replaces it.
 */
export function useAfterRender(): (work: () => boolean | void) => void {
  const pending = useRef<{ work: () => boolean | void; triesLeft: number } | null>(null);
  const [, setRequested] = useState(0);

  // No dependency list on purpose: every commit is a chance for waiting work whose element is missing.
  useEffect(() => {
    const job = pending.current;
    if (!job) return;
    if (job.work() !== false || job.triesLeft <= 1) pending.current = null;
    else job.triesLeft -= 1;
  });

  return useCallback((work: () => boolean | void) => {
    pending.current = { work, triesLeft: MAX_COMMITS };
    setRequested((count) => count + 1);
  }, []);
}

/** How many commits waiting work may look for its element (the error render follows within one or two). */
const MAX_COMMITS = 5;
