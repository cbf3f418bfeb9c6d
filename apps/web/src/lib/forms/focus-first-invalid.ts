/**
 * After a failed submit the first invalid field, in the order the page shows them, is scrolled into
 * view and focused (issue 5 "the first invalid field scrolls into view"). Mantine marks an input with
 * an error `aria-invalid="true"`, so the DOM order decides — not the order fields were registered in.
 */
const INVALID_SELECTOR = '[aria-invalid="true"]';

/** Focuses the first invalid control inside `container`; returns it, or null when there is none. */
export function focusFirstInvalid(container: ParentNode | null): HTMLElement | null {
  const target = container?.querySelector<HTMLElement>(INVALID_SELECTOR) ?? null;
  if (!target) return null;
  // Centred, so a sticky header cannot hide it; focus without a second (instant) scroll.
  target.scrollIntoView?.({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  target.focus({ preventScroll: true });
  return target;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : true;
}
