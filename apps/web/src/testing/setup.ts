/** Vitest set-up for the web project: DOM matchers, clean DOM between tests, browser APIs jsdom lacks. */
import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { staticMediaQueryList } from './media-query';

// The borrower app runs on Preact (apps/web/vite.config.ts): its effects run after the browser's next
// frame, not at the end of the event as React's do, so what an effect does (focus, scroll, a timer it
// starts) is asserted with `waitFor`/`findBy…`, as a person would see it a frame later.

// The suites share two cores with the server's integration tests: give `findBy…` and `waitFor` room
// beyond the 1 s default so a loaded machine slows a test instead of failing it. 10 s: a screen behind
// a lazy route waits for its chunk's first import, which took over 5 s on CI once (2026-11-28; the
// offer screen's waits have `FIRST_IMPORT_WAIT`). Only a failing wait ever takes this long.
configure({ asyncUtilTimeout: 10_000 });

// The test files of a worker share their modules (isolate: false in the web project): whatever a test
// leaves in a module-level store is cleared here, so the next file starts as a fresh page would.
afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
  // Toasts wait in @mantine/notifications' store until a container shows them.
  notifications.clean();
});

// No module import may still be on its way when a test ends. A screen starts imports of its own (an
// idle preload of the top bar's controls 1 ms after it mounts, a lazy chart), and one cut short when its
// file's environment was torn down stays in the worker's shared module cache as failed: every later
// import of that module in the worker fails with it (CI, 2026-11-28: the offer screen's chart chunk in
// one run; the top-bar controls, all five of deferred-control.test.tsx, in the next): Vite's module
// runner marks a module evaluated even when its load failed, and later imports get the same rejection.
// Bounded, with the timer the worker started with (a test may leave fake ones), so an import that never
// settles fails no test here; the hook's own timeout would.
const realSetTimeout = globalThis.setTimeout;
const IMPORTS_SETTLE_MS = 8_000;
afterEach(async () => {
  await Promise.race([
    vi.dynamicImportSettled(),
    new Promise((resolve) => realSetTimeout(resolve, IMPORTS_SETTLE_MS)),
  ]);
});

// Mantine reads the preferred colour scheme and reduced-motion media queries.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => staticMediaQueryList(query, false),
  });
}

// Mantine's ScrollArea measures its viewport; jsdom has no layout, so nothing ever resizes.
if (!('ResizeObserver' in window)) {
  class NoLayoutResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoLayoutResizeObserver });
}

// Mantine's autosizing Textarea re-measures when web fonts finish loading; jsdom loads none.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: new EventTarget() });
}
