/**
 * One status-routed step screen under the application frame: its path under /{uuid}/, the lazy route
 * module, and the handle the status guard reads (platform/application-flow/step-handle).
 */
import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { isUuid } from '@heloc/domain';
import type { TDestination, TStepRoute } from '@heloc/domain';
import { getToken } from '@/lib/auth';
import { ensureRouteData } from '@/lib/route-data';
import { stepHandle } from '@/platform/application-flow/step-handle';
import { lazyRoute } from '@/lib/lazy-route';

/** A route module: `export function Component()`. */
type LazyModule = () => Promise<{ Component: ComponentType }>;

export function stepRoute(
  path: TStepRoute,
  load: LazyModule,
  options: {
    alsoWhen?: readonly TDestination[];
    statusRouted?: boolean;
    /**
     * The screen's own data, put into the query cache beside its chunk (lib/route-data): an
     * `ensureQueryData` of the query the screen reads. Its options are imported dynamically here,
     * so the screen's code stays out of the router's chunk.
     */
    data?: (queryClient: QueryClient, applicationUuid: string) => Promise<unknown>;
  } = {},
): RouteObject {
  const { alsoWhen, statusRouted = true, data } = options;
  return {
    path,
    lazy: lazyRoute(load),
    ...(data
      ? {
          loader: async ({ params, context }: LoaderFunctionArgs) => {
            const applicationUuid = params.applicationUuid;
            // The frame's loader sends a visitor to sign in; a bad id is the frame's not-found page.
            if (getToken() !== null && isUuid(applicationUuid)) {
              await ensureRouteData(context, (queryClient) => [data(queryClient, applicationUuid)]);
            }
            return null;
          },
        }
      : {}),
    ...(statusRouted ? { handle: stepHandle(path, alsoWhen) } : {}),
  };
}
