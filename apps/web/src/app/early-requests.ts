/**
 * The first reads of an application page, asked for the moment the page's HTML is parsed instead of
 * once the app's scripts have arrived and run (issue 17: on a phone that is a round trip after ~200 KB
 * of script and a long start-up task). It runs as a script of its own (early-requests-entry.ts), built
 * as a separate entry that imports nothing else (build/route-preloads.ts refuses a chunk import) and
 * named only in application pages' HTML as an async module (`run` in build/route-preloads.json), so
 * it runs as soon as it arrives. It imports only types (the book's, from lib/early-responses.ts).
 *
 * It sends the reads the application frame's loader waits for (application, profile, status, feature
 * flags), and the step screen's own read where its route loader makes one (offers, liens, properties),
 * as the app's HTTP client would, and leaves the pending answers in `window.helocEarlyRequests`;
 * the client takes one instead of fetching when it makes the same call with the same token and
 * organisation (lib/early-responses.ts), and everything after (token renewal, 401, parsing) is what it
 * does with any answer. The calls mirror the query modules' and the step routes' (early-requests.test.ts
 * keeps them equal); a call that drifted only costs the head start, never a wrong answer. The book
 * closes once the page's first navigation has run its loaders (lib/early-responses.ts), so a later read always
 * goes to the server.
 */
import type { EarlyRead, EarlyRequests } from '@/lib/early-responses';

const APPLICATION_PAGE =
  /^\/account\/heloc\/([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})(?:\/(.*))?$/;

/**
 * The step screens whose route loader reads the engine (the `data` of the step routes in
 * app/routes/app/steps), by the step's path under /{uuid}/: the engine read each makes.
 */
const STEP_READS: ReadonlyMap<string, string> = new Map([
  ['review-app/property', 'properties'],
  ['liens', 'liens'],
  ['product/select', 'offers'],
]);

/**
 * What the application frame's loader reads first on `pathname`, if it is an application page: the
 * application, the profile and the status, and the feature flags decided for this borrower (the POST
 * query of lib/feature-flags.ts, for `subject`, the token's identity) when the page names its
 * organisation; then the step screen's own read, if its route loader makes one.
 */
export function earlyReads(pathname: string, orgCode: string | null, subject: string | null): EarlyRead[] {
  const [, uuid, step = ''] = APPLICATION_PAGE.exec(pathname) ?? [];
  if (!uuid) return [];
  const read = (path: string): EarlyRead => ({ method: 'GET', path, body: null });
  const reads = [
    read(`/service-application/api/v1/application/heloc/${uuid}`),
    read('/service-profile/api/v1/profile'),
    read(`/service-krang-heloc/borrower/secure/api/v1/${uuid}/status`),
  ];
  if (orgCode) {
    const optimizeUser = {
      organization: orgCode,
      ...(subject ? { identity: { uuid: subject } } : {}),
      application: { uuid },
    };
    reads.push({
      method: 'POST',
      path: '/service-optimize/heloc/api/v1/features',
      body: JSON.stringify({ optimizeUser }),
    });
  }
  const stepRead = STEP_READS.get(step.replace(/\/$/, ''));
  if (stepRead) reads.push(read(`/service-application/api/v1/application/heloc/${uuid}/${stepRead}`));
  return reads;
}

/** The `sub` of a JWT's payload (the identity the flags are decided for), if readable. */
function tokenSubject(token: string): string | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const sub = (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown }).sub;
    return typeof sub === 'string' && sub ? sub : null;
  } catch {
    return null;
  }
}

/** The organisation code of the page's organisation data element, if any. */
function pageOrgCode(doc: Document): string | null {
  try {
    const data = JSON.parse(doc.getElementById('org-data')?.textContent ?? 'null') as { orgCode?: unknown };
    return typeof data?.orgCode === 'string' ? data.orgCode : null;
  } catch {
    return null;
  }
}

/** Sends the page's first reads for a signed-in borrower (a stored token); once per page. */
export function startEarlyRequests(win: Window): void {
  // The app got here first (a cached app, a slow network for this file): it asks for itself.
  if (win.helocEarlyRequests) return;
  const book: EarlyRequests = { closed: false, byCall: new Map() };
  win.helocEarlyRequests = book;
  let token = '';
  try {
    token = (win.localStorage.getItem('jwt') ?? '').trim().replace(/^Bearer\s+/i, '');
  } catch {
    return;
  }
  if (!token) return;
  const orgCode = pageOrgCode(win.document);
  // The headers of lib/api-headers.ts and the shared client for a JSON call.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    Authorization: `Bearer ${token}`,
    'x-origin': win.location.origin,
  };
  if (orgCode) headers['x-org-code'] = orgCode;
  for (const read of earlyReads(win.location.pathname, orgCode, tokenSubject(token))) {
    const response = win.fetch(read.path, {
      method: read.method,
      credentials: 'include',
      headers,
      body: read.body ?? undefined,
    });
    // A failure nobody takes (the app never asked) is no unhandled rejection; the one who takes the
    // answer still sees it fail (and the client then asks again).
    response.catch(() => undefined);
    book.byCall.set(`${read.method} ${read.path}`, {
      ...read,
      authorization: headers.Authorization!,
      orgCode,
      response,
    });
  }
}
