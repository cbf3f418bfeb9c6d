/** Shared browser-test helpers: axe with the WCAG rule sets, and reading the served organisation. */
import axe from 'axe-core';
import { expect, type Frame, type Page } from '@playwright/test';

/** The rule sets every screen is held to. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

type AxeWindow = Window & { axe?: typeof axe };

/**
 * axe-core in a frame, once per document: a screen reached in the app keeps the copy its page got on
 * an earlier scan. `@axe-core/playwright` evaluated the 0.5 MB script on every scan (twice in its
 * single-frame mode) and, in its default mode, opened a blank page to merge results; with ~180 scans
 * that was about half the browser suite's time (2.1 s a scan against ~0.5 s here, borrower-closing).
 */
async function ensureAxe(frame: Frame): Promise<void> {
  if (await frame.evaluate(() => typeof (window as AxeWindow).axe === 'object')) return;
  await frame.evaluate(axe.source);
  // Only same-origin frames answer the top frame's scan (ours; no third party draws in the page).
  await frame.evaluate(() => (window as AxeWindow).axe!.configure({ allowedOrigins: ['<same_origin>'] }));
}

/**
 * Waits for what is moving on the page to stop: a dialog fading out or a toast fading in is drawn with
 * colours nobody reads (axe once measured a closing "Please wait" dialog's contrast mid-fade). Two
 * frames let a transition React has just asked for start; then every animation with an end (a spinner
 * has none) is awaited, at most 3 s.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    await frame();
    await frame();
    const ending = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
      .map((animation) => animation.finished.catch(() => undefined));
    await Promise.race([Promise.all(ending), new Promise((resolve) => setTimeout(resolve, 3_000))]);
  });
}

export async function expectNoAxeViolations(
  page: Page,
  /** Only this part of the page (e.g. 'main' when the rest was checked on an earlier screen). */
  { include }: { include?: string } = {},
): Promise<void> {
  // A route's code loads after its URL changes: scan once the screen is drawn (a main landmark with a
  // level-one heading somewhere), not the moment between. A screen that never draws them still fails,
  // on axe's own landmark and heading rules.
  await page
    .waitForFunction(
      () => !!document.querySelector('main, [role=main]') && !!document.querySelector('h1'),
      null,
      {
        timeout: 10_000,
      },
    )
    .catch(() => undefined);
  await settled(page);
  await ensureAxe(page.mainFrame());
  // Embedded frames (the outbox's mail viewer) are scanned through the top frame, like axe's own runner;
  // one that is gone, still blank or not answering within a second has nothing to scan.
  for (const frame of page.frames()) {
    if (frame === page.mainFrame()) continue;
    await Promise.race([ensureAxe(frame), new Promise((resolve) => setTimeout(resolve, 1_000))]).catch(
      () => undefined,
    );
  }
  const summary = await page.evaluate(
    async ({ context, tags }) => {
      const results = await (window as AxeWindow).axe!.run(context ?? document, {
        runOnly: { type: 'tag', values: tags },
        // Only the violations are read: the passes' node details are skipped, not serialised.
        resultTypes: ['violations'],
      });
      return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    },
    { context: include ?? null, tags: AXE_TAGS },
  );
  expect(summary).toEqual([]);
}

export type ServedOrg = {
  orgCode: string;
  orgBrand: { name: string; colors: { primary: string; secondary: string } };
  orgMetaData: {
    kind: string;
    companyInfo: { companyName: string; companyNMLS: string };
    products: { heloc: { licensedStates: string[] } };
  };
};

/** The organisation the server embedded in the page (the same JSON the app reads). */
export async function servedOrg(page: Page): Promise<ServedOrg | null> {
  const json = await page.locator('script#org-data').textContent();
  return JSON.parse(json ?? 'null') as ServedOrg | null;
}
