/**
 * The engine's borrower writes take their bodies from the domain's ENGINE_WRITES, the map the web's
 * typed calls read their body types from (issue 18: one request schema per write endpoint, shared by
 * Fastify and the web client). This reads every engine route file and fails when a route declares its
 * body some other way (an inline z.object would let the web and the server drift apart), when a
 * route's body is another path's entry, or when the map lists a path no route serves.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE_COMMANDS, ENGINE_WRITES } from '@heloc/domain';

const ENGINE = new URL('.', import.meta.url).pathname;
const ROUTE_DIRS = ['routes', 'submission/routes', 'closing/routes'];

type Route = { file: string; method: string; path: string; body: string | null };

/** Each `app.<method>(`${BASE}/path`, { … schema: { body: … } })` of the engine's route files. */
function engineRoutes(): Route[] {
  const routes: Route[] = [];
  for (const dir of ROUTE_DIRS) {
    for (const name of readdirSync(join(ENGINE, dir))) {
      if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
      const source = readFileSync(join(ENGINE, dir, name), 'utf8');
      const starts = [...source.matchAll(/app\.(get|post|put|patch|delete)\(\s*`\$\{BASE\}\/([^`]+)`/g)];
      starts.forEach((start, index) => {
        const block = source.slice(start.index, starts[index + 1]?.index ?? source.length);
        const body = /\n\s+body: ([^\n]+?),?\n/.exec(block.split(/\n\s+async \(/)[0]!)?.[1] ?? null;
        routes.push({ file: `${dir}/${name}`, method: start[1]!.toUpperCase(), path: start[2]!, body });
      });
    }
  }
  return routes;
}

/** conditions/:conditionUuid/phone-number → conditions/phone-number (the map's key). */
const actionOf = (path: string) => path.replace(/\/:[A-Za-z]+/g, '');

describe('engine request bodies', () => {
  const routes = engineRoutes();

  it('finds the engine routes (the scan still matches how routes are written)', () => {
    expect(routes.filter((route) => route.method === 'POST').length).toBeGreaterThan(30);
  });

  it('every engine write with a JSON body takes it from ENGINE_WRITES under its own path', () => {
    const wrong = routes
      .filter((route) => route.body !== null)
      .filter((route) => route.body !== `ENGINE_WRITES['${actionOf(route.path)}']`)
      .map((route) => `${route.file}: ${route.method} ${route.path} body ${route.body}`);
    expect(wrong).toEqual([]);
  });

  it('every ENGINE_WRITES entry is the body of exactly one POST route; the commands take none', () => {
    const posts = routes.filter((route) => route.method === 'POST');
    for (const action of Object.keys(ENGINE_WRITES)) {
      const serving = posts.filter((route) => actionOf(route.path) === action && route.body !== null);
      expect(
        serving.map((route) => route.path),
        action,
      ).toHaveLength(1);
    }
    for (const command of ENGINE_COMMANDS) {
      const route = posts.find((each) => each.path === command);
      expect(route, command).toBeDefined();
      expect(route!.body, command).toBeNull();
    }
  });
});
