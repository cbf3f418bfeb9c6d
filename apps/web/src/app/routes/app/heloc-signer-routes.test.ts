import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { SIGNER_SCREENS } from '@heloc/domain';
import { helocSignerRoutes } from './heloc-signer-routes';

/** The screens (routes with a lazy module) under the signer base, as paths relative to it. */
function screensOf(routes: RouteObject[], prefix = ''): string[] {
  return routes.flatMap((route) => {
    const path = route.index ? prefix.replace(/\/$/, '') : `${prefix}${route.path ?? ''}`;
    return [
      ...(route.lazy !== undefined ? [path] : []),
      ...screensOf(route.children ?? [], route.index ? prefix : `${path}/`),
    ];
  });
}

describe('the signer routes', () => {
  it('are the domain registry of signer screens: none without a registered path, none missing', () => {
    const [base] = helocSignerRoutes;
    expect(screensOf(base?.children ?? []).sort()).toEqual([...SIGNER_SCREENS].sort());
  });
});
