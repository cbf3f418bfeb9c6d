/**
 * One status-routed step screen under the application frame: its path under /{uuid}/, the lazy route
 * module, and the handle the status guard reads (platform/application-flow/step-handle).
 */
import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { isUuid } from '@heloc/domain';
import type { TDestination, TStepRoute } from '@heloc/domain';
import { getToken } from '@/lib/auth';
import { ensureRouteData, queryClientContext } from '@/lib/route-data';
import { stepHandle } from '@/platform/application-flow/step-handle';
import type { StepHandle } from '@/platform/application-flow/step-handle';
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
    data?: ScreenData;
  } = {},
): RouteObject {
  const { alsoWhen, statusRouted = true, data } = options;
  const handle = statusRouted ? stepHandle(path, alsoWhen) : null;
  return {
    path,
    lazy: lazyRoute(load),
    ...(handle || data ? { loader: stepLoader(handle, data) } : {}),
    ...(handle ? { handle } : {}),
  };
}

type ScreenData = (queryClient: QueryClient, applicationUuid: string) => Promise<unknown>;

// The guard's rule comes with the flow the frame loads anyway (its own chunk would be one more request
// and would split the flow's chunk), never in the router's chunk the first screens load.
const loadStatusRedirect = lazyRoute(() => import('@/platform/application-flow'));

/**
 * The loader of a step route (and of the frame's index): fills the screen's data beside its chunk and,
 * for a status-routed step, redirects before rendering when the server status resolves elsewhere
 * (platform/application-flow/status-redirect.ts). A visitor is the frame loader's (sign in), a bad id
 * the frame's not-found page.
 */
export function stepLoader(handle: StepHandle | null, data?: ScreenData) {
  return async ({ params, context, request }: LoaderFunctionArgs) => {
    const applicationUuid = params.applicationUuid;
    if (getToken() === null || !isUuid(applicationUuid)) return null;
    const queryClient = context.get(queryClientContext);
    const [target] = await Promise.all([
      handle &&
        queryClient &&
        loadStatusRedirect().then(({ statusRedirect }) =>
          statusRedirect(queryClient, applicationUuid, handle, new URL(request.url).pathname),
        ),
      data && ensureRouteData(context, (queryClient) => [data(queryClient, applicationUuid)]),
    ]);
    if (target) throw redirect(target);
    return null;
  };
}
