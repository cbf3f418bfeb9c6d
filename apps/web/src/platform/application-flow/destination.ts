/**
 * From the server's answer to a screen: the domain decides the destination (resolveDestination:
 * routing table, then the client machine, then '/'); this only turns it into a path of the app router.
 */
import { EMPTY_APPLICATION_STATUS, resolveDestination } from '@heloc/domain';
import type { TApplicationStatus, TDestination, THelocApplication, TProfile } from '@heloc/domain';
import { paths } from '@/config/paths';

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

/** The step part of an app-router pathname under /{uuid}/ ('' for the frame's index). */
export function stepOfPathname(applicationUuid: string, pathname: string): string {
  const prefix = `${paths.app.application.getHref(applicationUuid)}`.toLowerCase();
  const lower = pathname.toLowerCase();
  if (!lower.startsWith(prefix)) return '';
  return pathname
    .slice(prefix.length)
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase();
}
