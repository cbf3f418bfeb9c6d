import { describe, expect, it } from 'vitest';
import { currentPage, scrollTopFor, visibleFraction } from './page-tracking';

// Three 900 px pages with 8 px gaps in a 500 px box: content 2724 px high.
const TOPS = [0, 908, 1816];
const box = (scrollTop: number) => ({ scrollTop, clientHeight: 500, scrollHeight: 2724 });

describe('currentPage', () => {
  it.each([
    [0, 1],
    [906, 1],
    [908, 2],
    [907.4, 2], // sub-pixel rounding of a scroll to the page's top
    [1814, 2],
    [1816, 3],
    [2224, 3], // the end of the range
    [2223.5, 3],
  ])('scrolled to %s: page %s', (scrollTop, page) => {
    expect(currentPage(box(scrollTop), TOPS)).toBe(page);
  });

  it('names the last page at the end even when it cannot reach the top of the box', () => {
    // Page 2 is 300 px high: the box can scroll at most to 708, below page 2's top (908) never.
    expect(currentPage({ scrollTop: 708, clientHeight: 500, scrollHeight: 1208 }, [0, 908])).toBe(2);
    expect(currentPage({ scrollTop: 600, clientHeight: 500, scrollHeight: 1208 }, [0, 908])).toBe(1);
  });

  it('is page 1 for an empty document', () => {
    expect(currentPage(box(0), [])).toBe(1);
  });
});

describe('visibleFraction', () => {
  const page = { top: 100, bottom: 1000 };
  it.each([
    [[{ top: 0, bottom: 2000 }], 1],
    [[{ top: 775, bottom: 2000 }], 0.25],
    [[{ top: 776, bottom: 2000 }], 224 / 900],
    [[{ top: 1000, bottom: 2000 }], 0],
    // inside the box but the box is half off the window
    [
      [
        { top: 0, bottom: 2000 },
        { top: 0, bottom: 550 },
      ],
      0.5,
    ],
  ])('clipped by %j: %s', (clips, fraction) => {
    expect(visibleFraction(page, clips)).toBeCloseTo(fraction, 6);
  });

  it('is 0 for a page without height (not laid out yet)', () => {
    expect(visibleFraction({ top: 10, bottom: 10 }, [{ top: 0, bottom: 100 }])).toBe(0);
  });
});

describe('scrollTopFor', () => {
  it('puts the page at the top, within the scroll range', () => {
    expect(scrollTopFor(box(0), 908)).toBe(908);
    expect(scrollTopFor(box(0), 1816)).toBe(1816);
    expect(scrollTopFor({ scrollTop: 0, clientHeight: 500, scrollHeight: 1208 }, 908)).toBe(708);
    expect(scrollTopFor(box(0), -5)).toBe(0);
  });
});
