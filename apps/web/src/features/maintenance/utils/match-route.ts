/**
 * Which pages the maintenance flag takes down (spec 2 §7, §8). `variables.routes` is a JSON list of
 * paths. The rules (ours; the spec gives only "routes as a JSON list"):
 * - App paths are written relative to /account/heloc ("/register", "/product"); a full
 *   "/account/heloc/…" path is accepted too. Host paths are written as they are ("/dashboard").
 * - An entry matches its own path and every path below it, at a segment boundary: "/bank" covers
 *   "/bank" and "/bank/autopay", never "/banking".
 * - An application's screens match with or without their application id: "/product" (or
 *   "/product/select") covers "/{uuid}/product/select", so one entry reaches every application.
 * - "/" (or "*") means the whole borrower app, every page under /account/heloc. Host pages are taken
 *   down only when listed, so the maintenance page's dashboard link and the legal pages keep working.
 * - A list that is not valid JSON, or not a list of strings, matches nothing: a typo in the flag must
 *   not take the whole site down.
 */
import { isUuid, ROUTER_BASE_PATH } from '@heloc/domain';
import type { RouterScope } from '@/lib/router-scope';

const WHOLE_APP = new Set(['/', '*', '/*']);

/** The routes of the flag's `routes` variable (a JSON string, or already a list). */
export function parseMaintenanceRoutes(raw: unknown): string[] {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  return value.filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '');
}

/** Lower case, one leading slash, no trailing slash, no /account/heloc prefix. */
function normalise(path: string): string {
  let result = path.trim().toLowerCase().split(/[?#]/, 1)[0] ?? '';
  if (!result.startsWith('/')) result = `/${result}`;
  if (result === ROUTER_BASE_PATH || result.startsWith(`${ROUTER_BASE_PATH}/`)) {
    result = result.slice(ROUTER_BASE_PATH.length) || '/';
  }
  result = result.replace(/\/{2,}/g, '/');
  return result.length > 1 ? result.replace(/\/+$/, '') : result;
}

const covers = (entry: string, path: string): boolean => path === entry || path.startsWith(`${entry}/`);

export interface TMaintenanceLocation {
  scope: RouterScope;
  /** The router's pathname: relative to /account/heloc in the app router, the full path in the host one. */
  pathname: string;
}

export function isUnderMaintenance(routes: readonly string[], location: TMaintenanceLocation): boolean {
  const path = normalise(location.pathname);
  const segments = path.split('/').filter(Boolean);
  // "/{uuid}/product/select" is also tried as "/product/select".
  const candidates =
    location.scope === 'app' && segments[0] && isUuid(segments[0])
      ? [path, `/${segments.slice(1).join('/')}`]
      : [path];

  return routes.some((raw) => {
    if (WHOLE_APP.has(raw.trim())) return location.scope === 'app';
    const entry = normalise(raw);
    // An entry that normalises to "/" was the app root written in full ("/account/heloc").
    if (entry === '/') return location.scope === 'app';
    return candidates.some((candidate) => covers(entry, candidate));
  });
}
