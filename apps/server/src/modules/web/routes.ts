/**
 * Serves the built web app: hashed assets from apps/web/dist, and the same index.html — with
 * the request's organisation embedded — for every page of the app (/account/heloc/*) and for
 * the host pages outside it (/auth/login, /dashboard, …). Also the host-level redirects.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  FORGOT_PASSWORD_PATH,
  LOGIN_PATH,
  RESET_PASSWORD_PATH,
  ROUTER_BASE_PATH,
  uuidFromPath,
} from '@heloc/domain';
import { AppError } from '../../lib/errors';
import { setBuiltFileHeaders } from './asset-headers';
import { allFeatureDecisions } from '../feature-flags/service';
import { preloadLinks, renderPage, type RoutePreload } from './html';
import { ORG_COOKIE, resolvePageOrganisation } from './page-organisation';
import { previewOrganisation } from '../org-settings/preview';

/** The borrower app's base path (the domain's, which the web router also runs under). */
export const APP_BASE = ROUTER_BASE_PATH;

/** Host pages rendered by the same build (spec 1 §2, §6). */
export const HOST_PAGES = [
  LOGIN_PATH,
  // Account recovery (issue 19).
  FORGOT_PASSWORD_PATH,
  RESET_PASSWORD_PATH,
  '/dashboard',
  '/dashboard/*',
  '/contact',
  '/terms',
  '/privacy',
  '/licenses',
  '/communications',
  '/coming-soon',
  // Apps of the wider platform (spec 1 §2 "Shared navigation"); not part of this deployment, so
  // the web shows its coming-soon page there.
  '/universal-marketplace',
  '/universal-passport',
  '/group-manager',
  '/portfolio',
  '/pay',
  '/exchange',
];

export type WebOptions = {
  distDir: string;
  orgQueryParam: boolean;
  defaultOrgCode: string | null;
  secureCookies: boolean;
};

function queryStringOf(url: string): string {
  const index = url.indexOf('?');
  return index === -1 ? '' : url.slice(index);
}

export async function webRoutes(app: FastifyInstance, options: WebOptions): Promise<void> {
  const indexPath = path.join(options.distDir, 'index.html');
  const template = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  if (!template) app.log.warn({ indexPath }, 'web app not built; pages answer 503 until `npm run build`');
  // The chunks each first screen needs beyond the entry (apps/web/build/route-preloads.ts).
  const preloadsPath = path.join(options.distDir, '.vite', 'preloads.json');
  const preloads = existsSync(preloadsPath)
    ? (JSON.parse(readFileSync(preloadsPath, 'utf8')) as RoutePreload[])
    : [];

  if (template) {
    await app.register(fastifyStatic, {
      root: options.distDir,
      prefix: `${APP_BASE}/`,
      wildcard: false,
      index: false,
      // index.html is only ever served through renderPage, with the organisation in it; the build
      // manifest (.vite/) is for tooling, not for browsers.
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.vite/'),
      // The build writes a .br and a .gz beside each compressible file (apps/web/build/precompress.ts):
      // sent as the browser accepts, with Content-Encoding and Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders: setBuiltFileHeaders,
    });
  }

  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!template) throw new AppError('UNAVAILABLE', 'The web app is not built: run `npm run build`');
    const query = request.query as Record<string, unknown>;
    const resolved = resolvePageOrganisation(app.orgs, {
      queryOrg: typeof query.org === 'string' ? query.org : undefined,
      cookieOrg: request.cookies[ORG_COOKIE],
      host: request.headers.host,
      orgQueryParam: options.orgQueryParam,
      defaultOrgCode: options.defaultOrgCode,
    });
    const cookieOptions = {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
    } as const;
    if (resolved.remember) reply.setCookie(ORG_COOKIE, resolved.remember, cookieOptions);
    if (resolved.forget) reply.clearCookie(ORG_COOKIE, cookieOptions);
    // `?preview=` (organisation settings): a version before publication, only for staff who may
    // publish it (else ignored: borrowers always get the published organisation). Pages are no-store.
    let org = resolved.org;
    if (org && typeof query.preview === 'string') {
      const preview = await previewOrganisation(
        { db: app.db, orgs: app.orgs },
        org,
        query.preview,
        request.cookies[app.fingerprintCookie],
      );
      if (preview) {
        org = preview.org;
        reply.header('x-heloc-preview-version', String(preview.version));
      }
    }
    const pathname = request.url.split('?')[0]!;
    const flags = org && {
      organization: org.orgCode,
      application: uuidFromPath(pathname),
      features: await allFeatureDecisions(app.db, org.orgCode),
    };
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(renderPage(template, org, preloadLinks(preloads, pathname), flags));
  };

  const page = { schema: { hide: true } };
  app.get(`${APP_BASE}/*`, page, async (request, reply) => {
    // A missing hashed asset must fail as such, never turn into HTML the browser tries to run.
    if ((request.params as { '*': string })['*'].startsWith('assets/')) {
      throw new AppError('NOT_FOUND', `Asset ${request.url.split('?')[0]} not found`);
    }
    return servePage(request, reply);
  });
  for (const hostPage of HOST_PAGES) app.get(hostPage, page, servePage);

  const redirect =
    (to: (request: FastifyRequest) => string) => async (request: FastifyRequest, reply: FastifyReply) =>
      reply.redirect(`${to(request)}${queryStringOf(request.url)}`, 302);
  // Spec 1 §2 redirects; query strings (maintenance, referrer, pop-webchat, …) are kept.
  app.get(
    APP_BASE,
    page,
    redirect(() => `${APP_BASE}/`),
  );
  app.get(
    '/',
    page,
    redirect(() => '/dashboard'),
  );
  app.get(
    '/account',
    page,
    redirect(() => '/dashboard'),
  );
  app.get(
    '/account/register',
    page,
    redirect(() => `${APP_BASE}/register`),
  );
  app.get(
    '/account/heloc-signer',
    page,
    redirect(() => `${APP_BASE}/heloc-signer`),
  );
  app.get(
    '/account/heloc-signer/*',
    page,
    redirect((request) => `${APP_BASE}/heloc-signer/${(request.params as { '*': string })['*']}`),
  );
}
