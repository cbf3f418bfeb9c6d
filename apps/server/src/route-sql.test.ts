/**
 * Route files hold no SQL (issue 18, "one place per rule"): a route parses, authorizes, calls a
 * service or a repository and answers; every query lives in a repository (or store) beside it. This
 * scans every server source file whose name says it serves routes and fails on a query call, so the
 * rule cannot silently break again. Move the query into the module's repository.ts instead of
 * widening these patterns.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = new URL('.', import.meta.url).pathname;

/** What a query looks like in Drizzle: the builders, raw SQL, the relational API, the driver. */
const QUERY_PATTERNS: readonly { name: string; pattern: RegExp }[] = [
  { name: "import from 'drizzle-orm'", pattern: /from\s+'drizzle-orm(\/[^']*)?'/ },
  { name: 'value import of the schema', pattern: /import\s+\{[^}]*\bschema\b[^}]*\}\s+from\s+'[^']*\/db'/ },
  { name: 'value import from db/schema', pattern: /import\s+(?!type\b)[^;]*from\s+'[^']*\/db\/schema'/ },
  { name: '.select(', pattern: /\.select(Distinct)?\(/ },
  { name: '.insert(', pattern: /\.insert\(/ },
  { name: '.update(', pattern: /\.update\(\s*schema\./ },
  { name: '.delete( of a table', pattern: /\.delete\(\s*schema\./ },
  { name: '.execute(', pattern: /\.execute\(/ },
  { name: 'sql`…`', pattern: /\bsql`/ },
  { name: 'relational query', pattern: /\.query\.\w+\.find(First|Many)\(/ },
];

/** Server source files that serve routes: routes.ts, *-routes.ts, route-helpers.ts and routes/ folders. */
export function isRouteFile(path: string): boolean {
  if (!path.endsWith('.ts') || path.endsWith('.test.ts')) return false;
  return (
    /(^|\/)routes\//.test(path) || /(^|[/-])routes?(-[\w-]+)?\.ts$/.test(path) || /routes\.ts$/.test(path)
  );
}

/** The query calls in a source text (comments stripped first: prose may mention `.select(`). */
export function queryCallsIn(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return QUERY_PATTERNS.filter(({ pattern }) => pattern.test(code)).map(({ name }) => name);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : [path];
  });
}

describe('route files hold no SQL', () => {
  it('recognises a query call and an HTTP-only route (the scan can fail)', () => {
    expect(queryCallsIn('const [row] = await tx\n  .select()\n  .from(schema.jobs);')).toContain('.select(');
    expect(queryCallsIn("await app.db.update(schema.jobs).set({ status: 'dead' });")).toContain('.update(');
    expect(queryCallsIn('await tx.execute(sql`select 1`);')).toEqual(['.execute(', 'sql`…`']);
    expect(queryCallsIn("import { and, eq } from 'drizzle-orm';")).toEqual(["import from 'drizzle-orm'"]);
    expect(queryCallsIn("import { schema } from '../../db';")).toEqual(['value import of the schema']);
    // HTTP verbs, a Map, a hash and prose are not queries.
    const http = [
      'app.delete(`${BASE}/x`, { schema: {} }, async () => listThings(app.db));',
      'seen.delete(key); hash.update(bytes);',
      "import type { CoDeedCondition } from '../../../db/schema';",
      "import type { Executor } from '../../db';",
      '/** Reads with .select( in the repository. */',
    ].join('\n');
    expect(queryCallsIn(http)).toEqual([]);
    expect(isRouteFile('modules/staff/routes.ts')).toBe(true);
    expect(isRouteFile('modules/staff/reports-routes.ts')).toBe(true);
    expect(isRouteFile('engine/closing/routes/notary-choice.ts')).toBe(true);
    expect(isRouteFile('engine/route-helpers.ts')).toBe(true);
    expect(isRouteFile('modules/staff/routes.test.ts')).toBe(false);
    expect(isRouteFile('modules/staff/repository.ts')).toBe(false);
  });

  it('no route file under src/ contains a query call', () => {
    const routeFiles = sourceFiles(SRC)
      .map((path) => relative(SRC, path))
      .filter(isRouteFile);
    // The scan must see the route files, or it proves nothing.
    expect(routeFiles.length).toBeGreaterThan(30);
    const offenders = routeFiles
      .map((path) => ({ path, calls: queryCallsIn(readFileSync(join(SRC, path), 'utf8')) }))
      .filter((each) => each.calls.length > 0)
      .map((each) => `${each.path}: ${each.calls.join(', ')}`);
    expect(offenders).toEqual([]);
  });
});
