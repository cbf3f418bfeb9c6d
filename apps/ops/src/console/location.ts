/**
 * The console's addresses (/ops/applications, /ops/applications/{uuid}, /ops/chats, …) without a
 * router: the History API, and a hook that re-renders on back/forward and on our own navigations.
 */
import { useSyncExternalStore } from 'react';
import type { MouseEvent } from 'react';

const CHANGE = 'ops:navigate';
export const OPS_BASE = '/ops';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(CHANGE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(CHANGE, onChange);
  };
}

/** The path below /ops ("/applications/…", "/" at the root). */
export function usePath(): string {
  return useSyncExternalStore(subscribe, () => {
    const path = window.location.pathname;
    const below = path.startsWith(OPS_BASE) ? path.slice(OPS_BASE.length) : path;
    return below === '' ? '/' : below;
  });
}

export function navigate(to: string): void {
  const target = `${OPS_BASE}${to}`;
  if (window.location.pathname !== target) window.history.pushState(null, '', target);
  window.dispatchEvent(new Event(CHANGE));
}

/** For a link: a plain click navigates in place; modified clicks (new tab) keep the browser's way. */
export function onLinkClick(to: string) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
}
