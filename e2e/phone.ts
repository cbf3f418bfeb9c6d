/**
 * The phone-width checks (issue 19: "a phone-width (390 px) pass over every screen: nothing covered,
 * nothing cut off, axe clean"), shared by the phone-width specs: at 390 px a screen must not scroll
 * sideways (`scrollWidth <= 390`), must have no focusable control that, once focused (the browser scrolls
 * it into view), lies under the sticky top bar or the floating "Chat with us" button, and must be
 * axe-clean.
 */
import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures';

export const WIDTH = 390;
export const PHONE = { width: WIDTH, height: 844 } as const;

/** What covers the page's focusable controls once each is focused; [] when nothing does. */
export async function coveredControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const banner = document.querySelector('header');
    const launcher = Array.from(document.querySelectorAll('button')).find(
      (button) =>
        button.getAttribute('aria-label') === 'Chat with us' || button.textContent?.trim() === 'Chat with us',
    );
    const overlays = [banner, launcher].filter((element): element is HTMLElement => !!element);
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>(
        [
          'a[href]',
          'button',
          'input:not([type=hidden])',
          'select',
          'textarea',
          '[tabindex]:not([tabindex="-1"])',
        ]
          .flatMap((each) => [`main ${each}`, `footer ${each}`])
          .join(','),
      ),
    ).filter((control) => {
      if ((control as HTMLButtonElement).disabled) return false;
      if (overlays.some((overlay) => overlay.contains(control))) return false;
      const box = control.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(control).visibility !== 'hidden';
    });
    const found: string[] = [];
    for (const control of controls) {
      control.focus();
      if (document.activeElement !== control) continue;
      const box = control.getBoundingClientRect();
      // A control taller than the room between the bars cannot be cleared of both; none should be.
      for (const overlay of overlays) {
        const over = overlay.getBoundingClientRect();
        const overlaps =
          box.left < over.right && box.right > over.left && box.top < over.bottom && box.bottom > over.top;
        if (overlaps) {
          const name =
            control.getAttribute('aria-label') ?? control.textContent?.trim().slice(0, 40) ?? control.tagName;
          found.push(
            `${control.tagName.toLowerCase()} "${name}" under ${overlay === banner ? 'the top bar' : '"Chat with us"'}`,
          );
        }
      }
    }
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    return found;
  });
}

/**
 * Opens `path`, waits for its screen, and checks the three rules. axe scans the whole page when `whole`
 * (the first screen of each kind: the top bar, the side bar and the footer are the same on the others),
 * else the screen's own content, to keep the pass quick.
 */
export async function checkScreen(page: Page, path: string, whole = false) {
  await page.goto(path);
  await expect(page, `${path} stays on its screen`).toHaveURL(new RegExp(`${escape(path)}$`));
  await checkShown(page, path, whole);
}

/**
 * The three rules on the screen shown now, once its heading is up and its loaders are gone. The heading
 * is the first visible h1 or h2 in `main`: the staff console's h1 is its top bar's, each section's is h2.
 */
export async function checkShown(page: Page, name: string, whole = false) {
  await expect(page.locator('main h1:visible, main h2:visible').first()).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('main .mantine-Loader-root')).toHaveCount(0, { timeout: 15_000 });
  await scrollSettled(page);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  // Soft: one run reports every screen's problems, not only the first one's.
  expect.soft(width, `${name} is ${width} px wide`).toBeLessThanOrEqual(WIDTH);
  expect.soft(await coveredControls(page), name).toEqual([]);
  await expectNoAxeViolations(page, { include: whole ? undefined : 'main' }).catch((error: unknown) =>
    expect.soft(String(error), `axe on ${name}`).toBe(''),
  );
}

/**
 * Waits until the page stops scrolling: a submit with errors scrolls smoothly to the first invalid field,
 * and a control focused while that scroll still runs is measured where it passes, not where it stops (a
 * CI run reported a select "under the top bar" that way on a loaded machine).
 */
async function scrollSettled(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let last = window.scrollY;
        let still = 0;
        const tick = () => {
          const now = window.scrollY;
          still = now === last ? still + 1 : 0;
          last = now;
          if (still >= 5) resolve();
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );
}

/** The path without its query, as a pattern for the URL's end (any query after it). */
export function escape(text: string): string {
  return `${text.replace(/\?.*$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\?.*)?`;
}
