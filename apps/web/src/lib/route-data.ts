/**
 * Route loaders fill the query cache while the router loads the screen's lazy chunk (React Router runs a
 * route's loader and its `lazy()` side by side), so a screen renders with its data instead of fetching
 * it after its code has arrived and run (issue 17: one round trip less per screen on a phone). The
 * screens keep reading the same queries, so a failure here is left to them: they show or redirect it
 * exactly as they do without the prefetch.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createContext, RouterContextProvider } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';

/**
 * How long a screen's answer counts as fresh: long enough to serve the screens that mount right after
 * it was read (the route loader's answer the screen it was read for; the flow's read after a write the
 * next screen) instead of each reading it again as it mounts; a screen opened later reads it again.
 */
export const SCREEN_DATA_FRESH_MS = 1000;

/** The page's query client in the router's context (null: a router made without it, e.g. in tests). */
export const queryClientContext = createContext<QueryClient | null>(null);

/** `getContext` of a router whose loaders fill `queryClient`. */
export function routerContextWith(queryClient: QueryClient): () => RouterContextProvider {
  return () => {
    const context = new RouterContextProvider();
    context.set(queryClientContext, queryClient);
    return context;
  };
}

/**
 * The queries `fetch` starts on the page's client (each `queryClient.ensureQueryData(…)`: an answer
 * already in the cache is used as it is, the missing ones are fetched in parallel); resolves when all
 * have answered, failed ones included.
 */
export async function ensureRouteData(
  context: LoaderFunctionArgs['context'],
  fetch: (queryClient: QueryClient) => Promise<unknown>[],
): Promise<void> {
  const queryClient = context.get(queryClientContext);
  if (!queryClient) return;
  await Promise.all(fetch(queryClient).map((answer) => answer.catch(() => undefined)));
}
