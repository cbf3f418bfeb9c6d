/**
 * The route matrix: every route of the borrower app's two routers (read from the router module itself,
 * see router-routes.ts) opened by each kind of person — a visitor, the owner of an application in
 * progress, another borrower, the owner of a cancelled application, the owner of a completed (funded)
 * application and a co-owner (the additional signer of that jointly owned home, signed in with their
 * signer account) — as a link or bookmark would, then reloaded where it landed. Each must land on the destination of spec 1 §2/§4/§6 (and the
 * routing table), on a real screen: never "Page not found", never the error fallback; and the page
 * title must name that screen and the organisation. Start states
 * come from the API; the check per cell is the URL and the screen's heading (axe runs in the screens'
 * own tests), so the whole matrix stays fast.
 */
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import {
  API,
  coOwnerSignsApi,
  driveClosingApi,
  driveToIncomeVerification,
  fundApi,
  registerBorrower,
  toWeekdayMorning,
} from './closing-api';
import { loadRouterPatterns, type RoutePattern } from './router-routes';

type Persona =
  'visitor' | 'owner' | 'another borrower' | 'cancelled application' | 'completed application' | 'co-owner';

const APP = '/account/heloc';
const SIGNER = `${APP}/heloc-signer`;
const SIGNER_LOGIN = `${SIGNER}/login`;
const login = (back: string) => `/auth/login?redirectUrl=${encodeURIComponent(back)}`;

/** Catch-all routes are the not-found page by design; they are not pages to land on. */
const NOT_FOUND_PATTERNS = new Set([`${APP}/*`, '/*']);

/** Spec 1 §6: the visitor allow-list (the app's legal pages hand over to the host pages). */
const VISITOR_PAGES = new Set([
  '/auth/login',
  // Account recovery (issue 19).
  '/auth/forgot-password',
  '/auth/reset-password',
  '/coming-soon',
  '/terms',
  '/communications',
  '/privacy',
  '/licenses',
  `${APP}/register`,
  `${APP}/register/account-setup`,
  `${APP}/register/support`,
  SIGNER_LOGIN,
  // The invitation link and its cancelled page are the way in for a signer without an account yet.
  `${SIGNER}/resume`,
  `${SIGNER}/cancelled`,
]);

/** Signer screens that need no signer record (the rest are gated on it). */
const SIGNER_OPEN = new Set([SIGNER_LOGIN, `${SIGNER}/resume`, `${SIGNER}/cancelled`, `${SIGNER}/error`]);

/** The URL to open for a pattern: the application id, a type, a sub-path. */
function fill(pattern: string, applicationUuid: string): string {
  return pattern
    .replace(':applicationUuid', applicationUuid)
    .replace(':type', 'bank')
    .replace(/\*$/, pattern.startsWith('/account/heloc-signer') ? 'login' : 'anything');
}

/**
 * Spec 1 §2 redirects that come first: legacy locations, and "redirects up" (bank index, income/link,
 * the signer index, unknown signer conditions paths). Answers the path they lead to.
 */
function redirectedFirst(path: string, applicationUuid: string): string {
  const application = `${APP}/${applicationUuid}`;
  if (path === '/account/register') return `${APP}/register`;
  if (path.startsWith('/account/heloc-signer/')) return `${SIGNER}/${path.split('/').slice(3).join('/')}`;
  if (path === `${application}/bank`) return application;
  if (path === `${application}/income/link`) return `${application}/income/review`;
  if (path === SIGNER) return SIGNER_LOGIN;
  if (path.startsWith(`${SIGNER}/conditions/`) && !/\/(upload-document|identity)$/.test(path)) {
    return `${SIGNER}/conditions`;
  }
  if (/^\/account\/heloc\/(terms|communications|privacy|licenses)$/.test(path)) return path.slice(APP.length);
  return path;
}

function expectedLanding(persona: Persona, route: RoutePattern, applicationUuid: string): string {
  const path = redirectedFirst(fill(route.path, applicationUuid), applicationUuid);
  const application = `${APP}/${applicationUuid}`;
  const isSigner = path === SIGNER || path.startsWith(`${SIGNER}/`);
  if (persona === 'visitor') {
    if (VISITOR_PAGES.has(path)) return path;
    if (isSigner) return SIGNER_LOGIN;
    if (path === '/' || path === '/account') return login('/dashboard');
    return login(path);
  }
  // Signed in: bare paths, the app index and plaid-oauth-success without a stored id go to the dashboard.
  if (['/', '/account', `${APP}/`, `${APP}/plaid-oauth-success`].includes(path)) return '/dashboard';
  if (isSigner) {
    if (SIGNER_OPEN.has(path)) return path;
    // The co-owner has signed and been notarized: every gated signer screen (conditions too, their flag
    // being off) leads to their documents. A borrower account there has no signer record: its dashboard.
    return persona === 'co-owner' ? `${SIGNER}/documents` : '/dashboard';
  }
  if (path === application || path.startsWith(`${application}/`)) {
    const leaf = routes.find((each) => fill(each.path, applicationUuid) === path);
    // Funded (routing table: complete → /): only the screen that also serves '/' (the funded screen)
    // stays; every other screen goes to the app index, so the dashboard.
    if (persona === 'completed application') return leaf?.alsoWhen?.includes('/') ? path : '/dashboard';
    // Not theirs (another borrower; the co-owner, whose account is not the application's), or
    // cancelled (routing table: cancelled → /): the dashboard.
    if (persona !== 'owner') return '/dashboard';
    // A new application's status resolves to start/profile; other screens are not status-routed.
    return path === application || leaf?.step !== undefined ? `${application}/start/profile` : path;
  }
  return path;
}

let routes: RoutePattern[] = [];
let hostRoutes: RoutePattern[] = [];

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const loaded = await loadRouterPatterns();
  routes = loaded.app;
  hostRoutes = loaded.host;
  // The list is the router's: it has the routes of spec 1 §2 (a sample), so an empty load cannot pass.
  expect(routes.map((route) => route.path)).toEqual(
    expect.arrayContaining([
      `${APP}/register`,
      `${APP}/:applicationUuid/start/profile`,
      `${SIGNER}/identity`,
    ]),
  );
});

const SCREEN_PROBLEMS = /^(Page not found|Sorry, looks like we have hit a snag!)$/;

/**
 * Opens `url` and expects `landing` on a real screen; then reloads there, unless that landing was already
 * reloaded in this run (forty step links that all land on start/profile reload it once).
 */
async function visit(page: Page, url: string, landing: string, reloaded: Set<string>) {
  // The login page's redirectUrl differs per cell, but it is one screen.
  const key = landing.startsWith('/auth/login?') ? '/auth/login?redirectUrl' : landing;
  const reload = !reloaded.has(key);
  reloaded.add(key);
  for (const step of reload ? (['open', 'reload'] as const) : (['open'] as const)) {
    if (step === 'open') await page.goto(url, { waitUntil: 'commit' });
    else await page.reload({ waitUntil: 'commit' });
    const where = `${url} (${step})`;
    // Where it lands is the point, not how fast: six pages share two cores with the server here.
    await expect.soft(page, where).toHaveURL(landing, { timeout: 20_000 });
    const heading = page.getByRole('heading', { level: 1 }).first();
    await expect.soft(heading, where).toBeVisible();
    await expect.soft(heading, where).not.toHaveText(SCREEN_PROBLEMS);
    // WCAG 2.4.2: the title names the screen (its heading) and the organisation.
    await expect.soft
      .poll(
        () =>
          page.evaluate(() => {
            const screen = document.querySelector('main h1')?.textContent?.replace(/\s+/g, ' ').trim();
            return (
              Boolean(screen) &&
              /^.+ \| .+$/.test(document.title) &&
              document.title.startsWith(`${screen} | `)
            );
          }),
        { message: `${where}: document.title names the screen and the organisation` },
      )
      .toBe(true);
  }
}

/**
 * The start state of the last two personas, made once through the API (as e2e/closing-api.ts does): a
 * jointly owned home driven to CO_DEED, the other owner invited, accepting from the outbox link,
 * e-signing and notarized with their signer account, then the borrower's own notary, insurance, and
 * the clock moved through rescission and recording to a funded line. Each person's browser state is
 * kept for their run.
 */
let funded: Promise<{
  applicationUuid: string;
  owner: BrowserContextOptions['storageState'];
  coOwner: BrowserContextOptions['storageState'];
}> | null = null;

function fundedJointApplication(browser: Browser, baseURL: string) {
  funded ??= (async () => {
    const started = Date.now();
    const ownerContext = await browser.newContext();
    const signerContext = await browser.newContext();
    try {
      const page = await ownerContext.newPage();
      // Notaries' hours for both sessions.
      await toWeekdayMorning(baseURL);
      const owner = await registerBorrower(page, { lastName: 'Matrixjoint' });
      await driveToIncomeVerification(page, owner, { ownership: 'JOINT' });
      await driveClosingApi(page, owner, 'SIGNED', 'CO_DEED');
      await coOwnerSignsApi(page, owner, await signerContext.newPage(), baseURL);
      await fundApi(page, owner, baseURL);
      console.log(`route matrix: funded joint application made in ${Date.now() - started} ms`);
      return {
        applicationUuid: owner.applicationUuid,
        owner: await ownerContext.storageState(),
        coOwner: await signerContext.storageState(),
      };
    } finally {
      await ownerContext.close();
      await signerContext.close();
    }
  })();
  return funded;
}

/** Every cell of one persona, a few pages at a time (one browser context: one person). */
async function runMatrix(browser: Browser, persona: Persona, baseURL: string) {
  const made =
    persona === 'completed application' || persona === 'co-owner'
      ? await fundedJointApplication(browser, baseURL)
      : null;
  const context = await browser.newContext(
    made ? { storageState: persona === 'co-owner' ? made.coOwner : made.owner } : {},
  );
  const setup = await context.newPage();
  let applicationUuid = made?.applicationUuid ?? '3f2b8c1e-7d4a-4b6e-9c0d-1a2b3c4d5e6f';
  if (!made && persona !== 'visitor') {
    const owner = await registerBorrower(setup);
    applicationUuid = owner.applicationUuid;
    if (persona === 'cancelled application') {
      const cancelled = await setup.request.post(`${API}/${applicationUuid}/cancel`, {
        headers: { authorization: `Bearer ${owner.jwt}` },
      });
      expect(cancelled.status(), await cancelled.text()).toBe(200);
    }
    if (persona === 'another borrower') {
      // Someone else's application: a second borrower, signed in in this context instead.
      const stranger = await browser.newContext();
      const other = await registerBorrower(await stranger.newPage());
      await stranger.close();
      applicationUuid = other.applicationUuid;
    }
  }
  // The host pages and the app's own pages do not depend on whose application it is: the owner's run
  // covers them for signed-in people; the other two runs take the application's pages.
  // The co-owner's run takes the signer screens (legacy locations included) and the borrower's
  // application's pages.
  const onApplication = (route: RoutePattern) => route.path.startsWith(`${APP}/:applicationUuid`);
  const onSignerScreens = (route: RoutePattern) =>
    route.path.startsWith(SIGNER) || route.path.startsWith('/account/heloc-signer');
  const forPersona =
    persona === 'visitor' || persona === 'owner'
      ? [...routes, ...hostRoutes]
      : persona === 'co-owner'
        ? [...routes, ...hostRoutes].filter((route) => onApplication(route) || onSignerScreens(route))
        : routes.filter(onApplication);
  const cells = forPersona
    .filter((route) => !NOT_FOUND_PATTERNS.has(route.path))
    .map((route) => ({
      url: fill(route.path, applicationUuid),
      landing: expectedLanding(persona, route, applicationUuid),
    }));
  const reloaded = new Set<string>();
  // The first cell alone: six pages starting at once on a cold cache compile the same scripts side by
  // side, and on a busy two-core CI machine their first landings took over 10 s (CI, 2026-11-28).
  await visit(setup, cells[0]!.url, cells[0]!.landing, reloaded);
  // Then six pages at a time. On two cores this is no faster than one page at a time (measured
  // 2026-11-28: the renderer's CPU is the bound, see the README's CI figures); it does no harm either.
  const pages = [setup, ...(await Promise.all(Array.from({ length: 5 }, () => context.newPage())))];
  let next = 1;
  await Promise.all(
    pages.map(async (page) => {
      while (next < cells.length) {
        const cell = cells[next]!;
        next += 1;
        await visit(page, cell.url, cell.landing, reloaded);
      }
    }),
  );
  await context.close();
  return cells.length;
}

const PERSONAS = [
  'visitor',
  'owner',
  'another borrower',
  'cancelled application',
  'completed application',
  'co-owner',
] as const;
const named = (persona: Persona) =>
  persona === 'visitor' ? 'a visitor' : persona === 'co-owner' ? 'a co-owner' : `the ${persona}`;

for (const persona of PERSONAS) {
  test(`every route, opened and reloaded by ${named(persona)}, lands on its destination`, async ({
    browser,
    baseURL,
  }) => {
    // The funded joint application is made in the first of its two runs.
    test.setTimeout(persona === 'completed application' ? 360_000 : 180_000);
    const cells = await runMatrix(browser, persona, baseURL!);
    expect(cells).toBeGreaterThan(persona === 'visitor' || persona === 'owner' ? 90 : 55);
  });
}
