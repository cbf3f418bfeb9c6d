/**
 * Vite plugin: the chunks each first screen needs beyond the entry, so the server can announce them in
 * the page (`<link rel="modulepreload">`, stylesheets) and the browser fetches them while it still
 * downloads the entry, instead of after running it (one round trip less on a phone).
 * `route-preloads.json` lists, per page path (a regular expression on the URL path), the route modules
 * the router loads lazily there; after the build this writes `dist/.vite/preloads.json`:
 * `[{ path, scripts, styles }]` with every file those modules import statically, less what index.html
 * already loads. The server reads it (apps/server/src/modules/web/routes.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
/** `run`: entries of their own the page runs as soon as they arrive (async module scripts). */
export type RoutePreload = { path: string; scripts: string[]; styles: string[]; run: string[] };
type RouteModules = { path: string; modules: string[]; run?: string[] };

const ROUTES = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'route-preloads.json'), 'utf8'),
) as RouteModules[];

export function routePreloadsFrom(
  manifest: Record<string, ManifestChunk>,
  routes: RouteModules[],
  base: string,
): RoutePreload[] {
  const closure = (keys: string[]) => {
    const files = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`${key} is not a chunk of the build; update build/route-preloads.json`);
      if (files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const css of chunk.css ?? []) files.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    keys.forEach(visit);
    return files;
  };
  const inPage = closure(['index.html']);
  /** A `run` entry's one file: it must run on arrival, so it may wait for no other chunk. */
  const runFile = (key: string) => {
    const chunk = manifest[key];
    if (!chunk?.isEntry) throw new Error(`${key} is not an entry of the build (vite.config.ts input)`);
    if (chunk.imports?.length || chunk.css?.length) {
      throw new Error(
        `${key} imports ${[...(chunk.imports ?? []), ...(chunk.css ?? [])].join(', ')}: it must stand alone`,
      );
    }
    return `${base}${chunk.file}`;
  };
  return routes.map((route) => {
    const files = [...closure(route.modules)].filter((file) => !inPage.has(file));
    return {
      path: route.path,
      scripts: files.filter((file) => file.endsWith('.js')).map((file) => `${base}${file}`),
      styles: files.filter((file) => file.endsWith('.css')).map((file) => `${base}${file}`),
      run: (route.run ?? []).map(runFile),
    };
  });
}

export function routePreloads(): Plugin {
  let outDir = '';
  let base = '/';
  return {
    name: 'route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      base = config.base;
    },
    closeBundle() {
      const manifestDir = path.join(outDir, '.vite');
      const manifest = JSON.parse(readFileSync(path.join(manifestDir, 'manifest.json'), 'utf8')) as Record<
        string,
        ManifestChunk
      >;
      writeFileSync(
        path.join(manifestDir, 'preloads.json'),
        JSON.stringify(routePreloadsFrom(manifest, ROUTES, base), null, 2),
      );
    },
  };
}
