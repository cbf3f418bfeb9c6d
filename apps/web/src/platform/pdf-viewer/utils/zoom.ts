/**
 * The PDF viewer's zoom levels: the pages' width as a multiple of the viewer's width. 1 fits the width
 * (the viewer is at most PDF_VIEWER_MAX_WIDTH_PX wide); above it the pages scroll sideways in the box.
 */
export const ZOOM_FIT = 1;
export const ZOOM_STEPS = [0.75, 1, 1.25, 1.5, 2, 2.5, 3] as const;

/** The next zoom level in `direction` (1 in, −1 out) from `zoom`; the same at either end. */
export function nextZoom(zoom: number, direction: 1 | -1): number {
  if (direction > 0) return ZOOM_STEPS.find((step) => step > zoom + 1e-9) ?? zoom;
  return [...ZOOM_STEPS].reverse().find((step) => step < zoom - 1e-9) ?? zoom;
}
