/**
 * Route paths and href builders in one place (spec 1 §2). The app router runs under APP_BASENAME;
 * host pages (login, dashboard, legal pages) live outside it and are served the same index.html.
 */
import { DASHBOARD_PATH, ROUTER_BASE_PATH, SIGNER_BASE_PATH } from '@heloc/domain';

export const APP_BASENAME = ROUTER_BASE_PATH;

/** True when the page belongs to the borrower app router rather than the host router. */
export function isAppPathname(pathname: string): boolean {
  return pathname === APP_BASENAME || pathname.startsWith(`${APP_BASENAME}/`);
}

/** Absolute href of an app route, for links and redirects from outside the app router. */
export function appHref(path: string): string {
  return `${APP_BASENAME}${path.startsWith('/') ? path : `/${path}`}`;
}

/** Host-application pages the app hands over to (spec 1 §2 "Redirects"). */
export const HOST_PAGES = ['terms', 'communications', 'privacy', 'licenses'] as const;
export type HostPage = (typeof HOST_PAGES)[number];

export const paths = {
  app: {
    /** App index: the organisation's HELOC overview. Paths here are relative to APP_BASENAME. */
    home: { path: '/', getHref: () => '/' },
    register: { path: 'register', getHref: () => '/register' },
    helocSigner: { getHref: (rest = '') => (rest ? `${SIGNER_BASE_PATH}/${rest}` : SIGNER_BASE_PATH) },
  },
  host: {
    dashboard: { path: DASHBOARD_PATH, getHref: () => DASHBOARD_PATH },
    page: { getHref: (page: HostPage) => `/${page}` },
    /** Old locations outside the app that move into it. */
    legacyRegister: { path: '/account/register' },
    legacySigner: { path: `/account${SIGNER_BASE_PATH}/*` },
    account: { path: '/account' },
  },
} as const;
