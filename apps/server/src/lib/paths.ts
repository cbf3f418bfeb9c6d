/**
 * Where the server's own files are, found from this module's location by looking upwards, so the
 * same code works from TypeScript sources (src/…, run by tsx) and from the bundle (dist/…, run by
 * node): the server package is the first directory up holding drizzle/meta/_journal.json.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error('server files not found: no drizzle/meta/_journal.json above the code');
    dir = parent;
  }
}

/** apps/server */
export const serverRoot = findServerRoot();
/** The repository (the monorepo root, two levels above the server package). */
export const repoRoot = path.resolve(serverRoot, '../..');
export const migrationsFolder = path.join(serverRoot, 'drizzle');
