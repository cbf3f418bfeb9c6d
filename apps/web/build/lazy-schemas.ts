/**
 * Vite plugin: the schema constants of the domain and of the browser code (`export const ZName =
 * z.object(…)`, `ZBase.extend(…)`, …) are built the first time something reads them instead of while
 * the modules load. Building zod
 * schemas is costly (each runs zod's constructors and checks set-up), and the domain's index brings
 * hundreds of them into the first screen's chunk although a screen parses with a few: at Lighthouse's
 * 4× CPU slowdown building them took ~180–340 ms of the login page's start-up script, the largest
 * single cost (issue 17). Each constant becomes `lazySchema(() => …)` (`src/platform/lazy-schema.ts`),
 * marked pure, so one no chunk reads is also left out of the bundle. Build only: the server and the
 * unit tests use the modules as written; the browser tests run the built app.
 */
import path from 'node:path';
import MagicString from 'magic-string';
import type { Plugin } from 'vite';

/** The domain, the app and the packages it runs, without their tests. */
export const SCHEMA_SOURCE =
  /[\\/](?:packages[\\/](?:domain|api-client|chat-ui)|apps[\\/]web)[\\/]src[\\/](?!.*\.test\.tsx?$).*\.tsx?$/;
const HELPER = path.join(import.meta.dirname, '../src/platform/lazy-schema.ts');
/**
 * Schema constants are named Z + a capital word (ZOrgData, ZApiErrorBody), as everywhere in the domain;
 * a constant-case name (ZONE_IDS) is not a schema and stays as written (a proxy is no array).
 */
const SCHEMA_NAME = /^Z[A-Z]\w*[a-z]/;

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/**
 * `code` with each top-level `const Z… = <call>` (exported or not) built on first use; null when it
 * has none. Only calls are wrapped: a constant that names another (`ZA = ZB`) or holds a literal is
 * left as it is.
 */
export function wrapSchemaConstants(
  code: string,
  program: { body: AstNode[] },
  helper = HELPER,
): { code: string; map: ReturnType<MagicString['generateMap']> } | null {
  const out = new MagicString(code);
  let wrapped = 0;
  for (const statement of program.body) {
    const declaration =
      statement.type === 'ExportNamedDeclaration' ? (statement.declaration as AstNode | null) : statement;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations as AstNode[]) {
      const name = (declarator.id as { name?: string }).name;
      const init = declarator.init as AstNode | null;
      if (!name || !SCHEMA_NAME.test(name) || init?.type !== 'CallExpression') continue;
      out.prependLeft(init.start, '/* @__PURE__ */ __lazySchema(() => (');
      out.appendRight(init.end, '))');
      wrapped += 1;
    }
  }
  if (wrapped === 0) return null;
  out.prepend(`import { lazySchema as __lazySchema } from ${JSON.stringify(helper)};\n`);
  return { code: out.toString(), map: out.generateMap({ hires: true }) };
}

export function lazySchemas(): Plugin {
  return {
    name: 'lazy-schemas',
    apply: 'build',
    // After the TypeScript transform: the code is JavaScript the bundler's parser reads.
    enforce: 'post',
    transform(code, id) {
      if (!SCHEMA_SOURCE.test(id)) return null;
      return wrapSchemaConstants(code, this.parse(code) as unknown as { body: AstNode[] });
    },
  };
}
