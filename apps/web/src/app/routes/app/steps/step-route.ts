/**
 * One status-routed step screen under the application frame: its path under /{uuid}/, the lazy route
 * module, and the handle the status guard reads (features/application-flow/step-handle).
 */
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { stepHandle } from '@/features/application-flow/step-handle';
import { lazyRoute } from '@/lib/lazy-route';

/** A route module: `export function Component()`. */
type LazyModule = () => Promise<{ Component: ComponentType }>;

export function stepRoute(
  path: string,
  load: LazyModule,
  options: { alsoWhen?: readonly string[]; statusRouted?: boolean } = {},
): RouteObject {
  const { alsoWhen, statusRouted = true } = options;
  return {
    path,
    lazy: lazyRoute(load),
    ...(statusRouted ? { handle: stepHandle(path, alsoWhen) } : {}),
  };
}
