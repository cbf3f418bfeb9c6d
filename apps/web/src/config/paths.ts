/**
 * Route paths and href builders in one place (spec 1 §2). The app router runs under APP_BASENAME;
 * host pages (login, dashboard, legal pages) live outside it and are served the same index.html.
 */
import {
  DASHBOARD_PATH,
  FORGOT_PASSWORD_PATH,
  LOGIN_PATH,
  QUERY_PARAMS,
  RESET_PASSWORD_PATH,
  ROUTER_BASE_PATH,
  SIGNER_BASE_PATH,
} from '@heloc/domain';

/** On /auth/login: the password was just reset (the page says so above the form). */
export const PASSWORD_RESET_DONE_PARAM = 'passwordReset';

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
    /** App index: redirects to the dashboard or to registration. Paths here are relative to APP_BASENAME. */
    home: { path: '/', getHref: () => '/' },
    register: { path: 'register', getHref: () => '/register' },
    registerAccountSetup: {
      path: 'register/account-setup',
      /** The new application's id travels in the query, so a reload still finds its Application ID. */
      getHref: (applicationUuid?: string) =>
        applicationUuid
          ? `/register/account-setup?applicationUuid=${encodeURIComponent(applicationUuid)}`
          : '/register/account-setup',
    },
    registerSupport: { path: 'register/support', getHref: () => '/register/support' },
    helocSigner: { getHref: (rest = '') => (rest ? `${SIGNER_BASE_PATH}/${rest}` : SIGNER_BASE_PATH) },
    signerLogin: { getHref: () => `${SIGNER_BASE_PATH}/login` },
    /** One application's pages (/account/heloc/{uuid}); built by the application shell. */
    application: { path: ':applicationUuid', getHref: (uuid: string) => `/${uuid}` },
  },
  host: {
    login: {
      path: LOGIN_PATH,
      getHref: (redirectUrl?: string) =>
        redirectUrl
          ? `${LOGIN_PATH}?${QUERY_PARAMS.redirectUrl}=${encodeURIComponent(redirectUrl)}`
          : LOGIN_PATH,
      /** Where the reset screen sends the borrower: log in with the new password, told it worked. */
      afterPasswordResetHref: `${LOGIN_PATH}?${PASSWORD_RESET_DONE_PARAM}=1`,
    },
    /** Account recovery (issue 19): ask for a link, then set a new password from it (`?token=`). */
    forgotPassword: { path: FORGOT_PASSWORD_PATH, getHref: () => FORGOT_PASSWORD_PATH },
    resetPassword: { path: RESET_PASSWORD_PATH },
    dashboard: { path: DASHBOARD_PATH, getHref: () => DASHBOARD_PATH },
    settings: { path: `${DASHBOARD_PATH}/settings`, getHref: () => `${DASHBOARD_PATH}/settings` },
    page: { getHref: (page: HostPage) => `/${page}` },
    comingSoon: { path: '/coming-soon', getHref: () => '/coming-soon' },
    contact: { path: '/contact', getHref: () => '/contact' },
    /** Old locations outside the app that move into it. */
    legacyRegister: { path: '/account/register' },
    legacySigner: { path: `/account${SIGNER_BASE_PATH}/*` },
    account: { path: '/account' },
  },
  /**
   * Apps of the wider platform (spec 1 §2 "Shared navigation"). They are not part of this deployment:
   * the server answers their paths with this app, which shows the coming-soon page there.
   */
  platform: {
    marketplace: { path: '/universal-marketplace', label: 'Marketplace' },
    passport: { path: '/universal-passport', label: 'Passport' },
    groupManager: { path: '/group-manager', label: 'Group Manager' },
    portfolio: { path: '/portfolio', label: 'Portfolio Manager' },
    pay: { path: '/pay', label: 'Pay' },
    exchange: { path: '/exchange', label: 'Exchange' },
  },
} as const;
