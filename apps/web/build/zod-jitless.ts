/**
 * Vite plugin: zod runs "jitless" in the browser build. On the first object schema it builds, zod
 * probes whether it may compile code with `new Function` (its fast parsers); the page's Content
 * Security Policy allows scripts from our origin only, so the probe is refused and every page load
 * raised a CSP violation (script-src 'unsafe-eval') before zod fell back to its plain parsers — a
 * violation a report endpoint would count on every visit, for code that could never run here.
 *
 * The setting has to be in place before the first schema is built, and schemas are built while the
 * modules load, before any of our code runs; zod keeps its settings on `globalThis.__zod_globalConfig`,
 * which its core module creates. So that creation starts from `{ jitless: true }`. A zod whose core
 * no longer creates it this way fails the build instead of quietly probing again.
 */
import type { Plugin } from 'vite';

const ZOD_CORE = /[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/;
const CREATED = '(_a.__zod_globalConfig = {})';
const CREATED_JITLESS = '(_a.__zod_globalConfig = { jitless: true })';

/** zod's core module with its settings created jitless; throws when the creation is not found. */
export function jitlessCore(source: string): string {
  if (source.split(CREATED).length !== 2) {
    throw new Error(`zod-jitless: zod's core module no longer creates its settings as ${CREATED}`);
  }
  return source.replace(CREATED, CREATED_JITLESS);
}

export function zodJitless(): Plugin {
  return {
    name: 'zod-jitless',
    apply: 'build',
    transform(code, id) {
      return ZOD_CORE.test(id) ? { code: jitlessCore(code), map: null } : null;
    },
  };
}
