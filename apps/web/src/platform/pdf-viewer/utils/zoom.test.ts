import { describe, expect, it } from 'vitest';
import { nextZoom, ZOOM_FIT, ZOOM_STEPS } from './zoom';

describe('nextZoom', () => {
  it('steps in and out from fitting the width, and stays at either end', () => {
    expect(ZOOM_FIT).toBe(1);
    expect(nextZoom(1, 1)).toBe(1.25);
    expect(nextZoom(1.25, 1)).toBe(1.5);
    expect(nextZoom(1, -1)).toBe(0.75);
    expect(nextZoom(0.75, -1)).toBe(0.75);
    expect(nextZoom(3, 1)).toBe(3);
    expect(nextZoom(3, -1)).toBe(2.5);
  });

  it('walks every step up and back down', () => {
    let zoom: number = ZOOM_STEPS[0];
    const up = [zoom];
    for (;;) {
      const next = nextZoom(zoom, 1);
      if (next === zoom) break;
      up.push((zoom = next));
    }
    expect(up).toEqual([...ZOOM_STEPS]);
  });
});
