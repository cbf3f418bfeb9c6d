/**
 * From the server's answer to a screen: the domain decides the destination (resolveDestination:
 * routing table, then the client machine, then '/'); this only turns it into a path of the app router.
 */
import { EMPTY_APPLICATION_STATUS, resolveDestination } from '@heloc/domain';
import type { TApplicationStatus, TDestination, THelocApplication, TProfile } from '@heloc/domain';
import { APP_BASENAME, paths } from '@/config/paths';
import type { StepHandle } from './step-handle';

export interface DestinationInput {
  applicationUuid: string;
  application: THelocApplication;
  profile: TProfile | null;
  statusName: string;
  status: TApplicationStatus | null;
}

/** The destination relative to /account/heloc/{uuid}/ ('/' is the app index). */
export function destinationOf(input: DestinationInput): TDestination {
  return resolveDestination({
    application: input.application,
    profile: input.profile,
    statusName: input.statusName,
    status: input.status ?? EMPTY_APPLICATION_STATUS,
  });
}

/**
 * The app-router path of a destination: /{uuid}/{destination}, or '/' for the app index. Only a
 * registered step path (domain step-paths.ts) compiles here.
 */
export function destinationPath(applicationUuid: string, destination: TDestination): string {
  if (destination === '/') return paths.app.home.getHref();
  return `${paths.app.application.getHref(applicationUuid)}/${destination}`;
}

/**
 * The step part of a pathname under /{uuid}/ ('' for the frame's index), lower case: the app router's
 * (which has no basename) or the page's (a loader's request URL, which has it).
 */
export function stepOfPathname(applicationUuid: string, pathname: string): string {
  const prefix = `${paths.app.application.getHref(applicationUuid)}`.toLowerCase();
  const lower = pathname.toLowerCase();
  const start = [prefix, `${APP_BASENAME.toLowerCase()}${prefix}`].find((each) => lower.startsWith(each));
  if (start === undefined) return '';
  return pathname
    .slice(start.length)
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase();
}

/**
 * Where the status guard moves a status-routed screen (its route handle, and the step the URL opened
 * under /{uuid}/, lower case), or null while the screen may stay: the status resolves to it, or to one
 * of its `alsoWhen` destinations. The funded screen stays open for a COMPLETE application (destination
 * '/', alsoWhen); a cancelled application never reached it, so it goes to '/' like every other screen
 * (routing table). One rule for both places that apply it: the route's loader, before the screen
 * renders (status-redirect.ts), and the guard, as the status changes under an open screen.
 */
export function guardMoveOf(
  handle: StepHandle,
  step: string,
  input: DestinationInput & { profile: TProfile },
): TDestination | null {
  const destination = destinationOf(input);
  const staysOpen =
    handle.alsoWhen?.includes(destination) && !(destination === '/' && input.statusName === 'CANCELLED');
  return destination === step || staysOpen ? null : destination;
}
