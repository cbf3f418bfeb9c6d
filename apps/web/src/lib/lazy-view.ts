/**
 * Parts of a screen that it does not draw on arrival (a modal, a drawer) loaded apart from it: the
 * screen's chunk does not carry them (Mantine's modal stack with its overlay, focus trap, scroll lock
 * and scroll area is ~30 KB gzip; issue 17's first-screen budget), and they are fetched once the
 * browser is idle after the screen has rendered, or when first shown, whichever comes first.
 */
import { lazy, useEffect, useState } from 'react';
import type { ComponentType } from 'react';

export interface LazyView<P> {
  Component: ComponentType<P>;
  /** Starts loading (once); later calls return the same promise. */
  preload: () => Promise<unknown>;
}

export interface LazyModule<M> {
  /** Starts loading (once); later calls return the same promise. A failed load may be tried again. */
  load: () => Promise<M>;
  /** The module once loaded, else null: what a component can render with at once. */
  loaded: () => M | null;
}

/** A module loaded on demand, once: the loader behind lazyView, for callers that need more than one component. */
export function lazyModule<M>(load: () => Promise<M>): LazyModule<M> {
  let loading: Promise<M> | null = null;
  let value: M | null = null;
  return {
    load: () =>
      (loading ??= load().then(
        (module) => (value = module),
        (error: unknown) => {
          // A failed load (a deploy replaced the chunk, a dropped connection) may be tried again.
          loading = null;
          throw error;
        },
      )),
    loaded: () => value,
  };
}

export function lazyView<P extends object>(load: () => Promise<ComponentType<P>>): LazyView<P> {
  const view = lazyModule(() => load().then((component) => ({ default: component })));
  return { Component: lazy(view.load), preload: view.load };
}

/** Runs `preload` when the browser is next idle (at the latest after 2 s); returns a cancel function. */
export function preloadWhenIdle(preload: () => unknown): () => void {
  const run = () => void Promise.resolve(preload()).catch(() => {});
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(run, { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(run, 1);
  return () => clearTimeout(timer);
}

/**
 * True once `view` has loaded; while `enabled`, loading starts when the browser is next idle. A modal
 * or drawer rendered (closed) from then on opens as it did when it came with the screen: Mantine's
 * modals note the element to give the focus back to when `opened` turns true, which one that mounts
 * already open would miss.
 */
export function useIdlePreload(view: Pick<LazyView<never>, 'preload'>, enabled = true): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!enabled) return undefined;
    let live = true;
    const cancel = preloadWhenIdle(() =>
      view.preload().then(() => {
        if (live) setReady(true);
      }),
    );
    return () => {
      live = false;
      cancel();
    };
  }, [view, enabled]);
  return ready;
}
