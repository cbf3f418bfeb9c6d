import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs`, so what depends on it moves on while a screen is open:
 * the notifications' relative times ("5m"), the funded screen's cancellation countdown.
 */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
