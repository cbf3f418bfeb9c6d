/**
 * Every JSON write of the API takes its body from the domain's registries (issue 18: one request
 * schema per write endpoint, shared by Fastify and the typed web and console calls): the engine's
 * borrower actions from ENGINE_WRITES (engine/request-bodies.test.ts checks how those routes are
 * written), every other write from API_WRITES under its own `METHOD /path`. This builds the real app,
 * sees each route as it registers, and fails when a write declares its body any other way (an inline
 * z.object, or another route's entry), or when a registry entry names a route the server does not
 * serve with that body.
 */
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_WRITES, ENGINE_WRITES } from '@heloc/domain';
import { OffsetClock } from './lib/clock';
import { createTestApp, type TestApp } from './test/app';

const ENGINE_BASE = '/service-application/api/v1/application/heloc/:uuid/';
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

type Route = { key: string; body: unknown };

/** The registry entry a route's body must be: its own key in API_WRITES, else its engine action. */
function registered(key: string): unknown {
  if (key in API_WRITES) return API_WRITES[key as keyof typeof API_WRITES];
  const [method, path] = key.split(' ') as [string, string];
  if (method !== 'POST' || !path.startsWith(ENGINE_BASE)) return undefined;
  // conditions/:conditionUuid/phone-number → conditions/phone-number (the map's key).
  const action = path.slice(ENGINE_BASE.length).replace(/\/:[A-Za-z]+/g, '');
  return ENGINE_WRITES[action as keyof typeof ENGINE_WRITES];
}

describe('request bodies of every write', () => {
  let test: TestApp;
  const routes: Route[] = [];

  beforeAll(async () => {
    // The dev-clock routes exist only on an offset clock (DEV_CLOCK_CONTROL).
    test = await createTestApp(
      {},
      {
        clock: new OffsetClock(),
        onRoute: (route: RouteOptions) => {
          const methods = ([] as string[]).concat(route.method);
          for (const method of methods) {
            routes.push({ key: `${method} ${route.url}`, body: route.schema?.body });
          }
        },
      },
    );
  }, 120_000);
  afterAll(() => test?.close());

  const writes = () => routes.filter((route) => WRITE_METHODS.includes(route.key.split(' ')[0]!));

  it('sees the routes (the hook still runs before the routes register)', () => {
    expect(writes().length).toBeGreaterThan(100);
    expect(writes().some((route) => route.key === 'POST /ops/api/v1/dev/clock')).toBe(true);
  });

  it('every write with a body takes it from its own registry entry', () => {
    const wrong = writes()
      .filter((route) => route.body !== undefined && route.body !== registered(route.key))
      .map((route) => route.key);
    expect(wrong).toEqual([]);
  });

  it('every API_WRITES entry is the body of a route the server serves', () => {
    const served = new Map(routes.map((route) => [route.key, route.body]));
    const missing = Object.entries(API_WRITES)
      .filter(([key, schema]) => served.get(key) !== schema)
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });
});
