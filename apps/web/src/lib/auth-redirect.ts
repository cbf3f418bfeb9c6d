/**
 * Where signed-out people may go and where they are sent instead (spec 1 §6 "Visitor", spec 2 §8
 * "HTTP 401 …"), and the two path rules of sign-in and sign-out: the redirectUrl rule of /auth/login
 * (spec 1 §2) and the logout survey paths (spec 1 §5). Pure functions of full pathnames (with
 * /account/heloc), so the API client, the route guards and the pages agree.
 */
import { DASHBOARD_PATH, isAllowedRedirectUrl } from '@heloc/domain';
import { appHref, HOST_PAGES, paths } from '@/config/paths';

/** "/a/b/" → "/a/b"; the root stays "/". */
function trimTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

const SIGNER_BASE = appHref(paths.app.helocSigner.getHref());
const SIGNER_LOGIN = appHref(paths.app.signerLogin.getHref());
const REGISTER = appHref(paths.app.register.getHref());
/** Where a signer lands after /auth/login: a signer screen, whose gate moves on to the right one. */
const SIGNER_ENTRY = appHref(paths.app.helocSigner.getHref('identity'));
/** The lender console's sign-in, told the account is staff (it says so above the form). */
export const STAFF_CONSOLE_SIGN_IN = '/ops/?staffAccount=1';

/**
 * Paths a visitor may open (spec 1 §6): register, terms, communications, privacy, licenses,
 * coming-soon, register/account-setup, register/support and the heloc-signer login; plus the login
 * page itself and account recovery (forgot password, the reset link; issue 19). The legal pages also count inside the app, where they hand over to the host pages.
 */
const VISITOR_PATHS: ReadonlySet<string> = new Set([
  paths.host.login.path,
  paths.host.forgotPassword.path,
  paths.host.resetPassword.path,
  paths.host.comingSoon.getHref(),
  REGISTER,
  appHref(paths.app.registerAccountSetup.path),
  appHref(paths.app.registerSupport.path),
  SIGNER_LOGIN,
  ...HOST_PAGES.flatMap((page) => [paths.host.page.getHref(page), appHref(page)]),
]);

export function isVisitorAllowedPath(pathname: string): boolean {
  return VISITOR_PATHS.has(trimTrailingSlash(pathname));
}

export function isSignerPath(pathname: string): boolean {
  const path = trimTrailingSlash(pathname);
  return path === SIGNER_BASE || path.startsWith(`${SIGNER_BASE}/`);
}

export function isRegisterPath(pathname: string): boolean {
  const path = trimTrailingSlash(pathname);
  return path === REGISTER || path.startsWith(`${REGISTER}/`);
}

/**
 * Where a signed-out person on `pathname` + `search` goes to sign in (spec 2 §8): signer paths to the
 * signer login, register paths to registration, anything else to /auth/login with the page as
 * redirectUrl (only when the page itself passes the redirectUrl rule, so the link is always usable).
 */
export function loginRedirectFor(pathname: string, search = ''): string {
  if (isSignerPath(pathname)) return SIGNER_LOGIN;
  if (isRegisterPath(pathname)) return REGISTER;
  const back = `${pathname}${search}`;
  return paths.host.login.getHref(isAllowedRedirectUrl(back) ? back : undefined);
}

/**
 * Where /auth/login goes after signing in (spec 1 §2): redirectUrl only when it starts with a slash
 * followed by a lowercase letter ("//evil.example", "/\evil" and absolute URLs fail), else the dashboard.
 */
export function postLoginTarget(
  redirectUrl: string | null | undefined,
  options: { signer?: boolean; staff?: boolean } = {},
): string {
  // Lender staff have no borrower pages (the dashboard said "You have no applications yet"): they work
  // in the lender console, which keeps its own session and asks them to sign in there.
  if (options.staff) return STAFF_CONSOLE_SIGN_IN;
  const allowed = isAllowedRedirectUrl(redirectUrl) ? redirectUrl : null;
  // An additional signer continues in the signer flow (spec 1 §6 "Signers get the heloc-signer flow"):
  // a redirectUrl into it is kept, anything else (the dashboard, a borrower's page) is not theirs.
  // The signer screens' gate then opens the screen the signer's progress calls for.
  if (options.signer) return allowed && isSignerPath(allowed.split(/[?#]/)[0]!) ? allowed : SIGNER_ENTRY;
  return allowed ?? DASHBOARD_PATH;
}

/** App paths whose logout shows the survey prompt (spec 1 §5): liens, product select, identity, signing sign. */
const SURVEY_PATH_ENDINGS = ['/liens', '/product/select', '/identity', '/signing/sign'] as const;

export function isLogoutSurveyPath(pathname: string): boolean {
  if (!pathname.startsWith(`${appHref('')}`)) return false;
  const path = trimTrailingSlash(pathname);
  return SURVEY_PATH_ENDINGS.some((ending) => path.endsWith(ending));
}
