/** Shared browser-test helpers: axe with the WCAG rule sets, and reading the served organisation. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
  const builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'best-practice',
  ]);
  // A single-frame scan in the page itself (legacy mode opens no extra page): the same rules, faster.
  if (include) builder.include(include).setLegacyMode(true);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
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
