/**
 * Where the reader is in a PDF, from the geometry of the scroll box alone (no observer callbacks whose
 * order decides the answer): the page "Page n of N" names, and how much of the last page is visible
 * for the "reached the end" gate (spec 1 §9: counted at 25% visibility).
 */

/** A vertical span in one coordinate system (e.g. client pixels from getBoundingClientRect). */
export interface Span {
  top: number;
  bottom: number;
}

export interface ScrollBox {
  scrollTop: number;
  clientHeight: number;
  scrollHeight: number;
}

/** How close to the end of the scroll range counts as "at the end" (sub-pixel rounding). */
const END_TOLERANCE_PX = 1;

/**
 * The current page (1-based): the last page whose top is at or above the top of the box (so a page the
 * reader paged to, scrolled to its top, is the current one); the last page once the box is scrolled to
 * its end, since the last page may be too short to reach the top. `pageTops` are offsets in the
 * scrolled content, in page order.
 */
export function currentPage(box: ScrollBox, pageTops: readonly number[]): number {
  if (pageTops.length === 0) return 1;
  if (box.scrollTop + box.clientHeight >= box.scrollHeight - END_TOLERANCE_PX) return pageTops.length;
  let current = 1;
  pageTops.forEach((top, index) => {
    if (top <= box.scrollTop + END_TOLERANCE_PX) current = index + 1;
  });
  return current;
}

/** The visible fraction (0…1) of `page` inside every one of `clips` (the scroll box, the window). */
export function visibleFraction(page: Span, clips: readonly Span[]): number {
  const height = page.bottom - page.top;
  if (height <= 0) return 0;
  const top = Math.max(page.top, ...clips.map((clip) => clip.top));
  const bottom = Math.min(page.bottom, ...clips.map((clip) => clip.bottom));
  return Math.max(0, Math.min(1, (bottom - top) / height));
}

/** The offset a page must be scrolled to so its top sits at the top of the box, within the range. */
export function scrollTopFor(box: ScrollBox, pageTop: number): number {
  return Math.max(0, Math.min(pageTop, box.scrollHeight - box.clientHeight));
}
