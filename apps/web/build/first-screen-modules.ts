/**
 * Vite plugin: which of our modules the first screens load. After the module graph is built it walks
 * the static imports from the app's entry and the route modules of each first screen (the same list
 * `scripts/size.mjs` measures, in first-screens.json); `isFirstScreenModule` then answers for the
 * chunking. Only those go into the chunk every page loads; modules that later screens share stay
 * with those screens instead of weighing on the first one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const webRoot = path.resolve(import.meta.dirname, '..');

export const FIRST_SCREENS: Record<string, string[]> = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'first-screens.json'), 'utf8'),
) as Record<string, string[]>;

export function firstScreenModules(): Plugin & { isFirstScreenModule: (id: string) => boolean } {
  const reachable = new Set<string>();
  return {
    name: 'first-screen-modules',
    apply: 'build',
    isFirstScreenModule: (id) => reachable.has(id),
    buildEnd() {
      reachable.clear();
      const starts = new Set(
        Object.values(FIRST_SCREENS)
          .flat()
          .map((file) => path.join(webRoot, file)),
      );
      const pending: string[] = [];
      for (const id of this.getModuleIds()) {
        const info = this.getModuleInfo(id);
        if (info?.isEntry || starts.has(id)) pending.push(id);
      }
      while (pending.length > 0) {
        const id = pending.pop()!;
        if (reachable.has(id)) continue;
        reachable.add(id);
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}
