/**
 * The borrower app's own route list (apps/web/src/app/router.tsx: appRoutePatterns, hostRoutePatterns),
 * loaded from the router module itself through Vite's module loader (it understands the app's `@/`
 * alias, TSX and style imports), so the route matrix follows the router instead of a copy of it. Page
 * components are lazy imports and are not loaded.
 */
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

export interface RoutePattern {
  path: string;
  step?: string;
  alsoWhen?: readonly string[];
}

export async function loadRouterPatterns(): Promise<{ app: RoutePattern[]; host: RoutePattern[] }> {
  const root = fileURLToPath(new URL('../apps/web', import.meta.url));
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'error',
    appType: 'custom',
    resolve: { alias: [{ find: '@', replacement: `${root}/src` }] },
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
    define: { __APP_RELEASE__: JSON.stringify('route-matrix') },
  });
  try {
    const router = (await server.ssrLoadModule('/src/app/router.tsx')) as {
      appRoutePatterns: RoutePattern[];
      hostRoutePatterns: RoutePattern[];
    };
    return { app: router.appRoutePatterns, host: router.hostRoutePatterns };
  } finally {
    await server.close();
  }
}
