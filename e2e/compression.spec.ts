/**
 * Issue 17: what the browser actually receives on a first screen is compressed. Every script and
 * stylesheet of the app above the compression threshold arrives with a Content-Encoding (brotli or
 * gzip, as Chromium asks), varying by Accept-Encoding and cached as immutable; so does the page.
 */
import { expect, test, type Response } from '@playwright/test';

const THRESHOLD_BYTES = 1024;

for (const url of ['/auth/login?org=MAIN', '/account/heloc/register?org=MAIN']) {
  test(`${url}: JS and CSS arrive compressed`, async ({ page }) => {
    const assets: Response[] = [];
    page.on('response', (response) => {
      if (/\/account\/heloc\/assets\/.+\.(?:js|css)$/.test(new URL(response.url()).pathname)) {
        assets.push(response);
      }
    });
    const document = await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');

    expect((await document!.allHeaders())['content-encoding']).toMatch(/^(br|gzip)$/);
    const scripts = assets.filter((r) => r.url().endsWith('.js'));
    const styles = assets.filter((r) => r.url().endsWith('.css'));
    expect(scripts.length).toBeGreaterThan(0);
    expect(styles.length).toBeGreaterThan(0);

    let checked = 0;
    for (const response of assets) {
      const headers = await response.allHeaders();
      const decodedSize = (await response.body()).length;
      expect(response.status(), response.url()).toBe(200);
      expect(headers['cache-control'], response.url()).toBe('public, max-age=31536000, immutable');
      expect(headers.vary, response.url()).toContain('accept-encoding');
      if (decodedSize < THRESHOLD_BYTES) continue;
      expect(headers['content-encoding'], response.url()).toMatch(/^(br|gzip)$/);
      // Fewer bytes crossed the network than the file holds.
      const sizes = await response.request().sizes();
      expect(sizes.responseBodySize, response.url()).toBeLessThan(decodedSize);
      checked += 1;
    }
    expect(checked).toBeGreaterThan(0);
  });
}
