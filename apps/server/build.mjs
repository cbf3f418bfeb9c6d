/**
 * Production build of the server: src/main.ts bundled by esbuild into dist/ (ES modules, code
 * splitting so tracing and the server load as separate chunks, as main.ts imports them). Our own
 * code and @heloc/domain (TypeScript source) are bundled; every npm dependency stays external and
 * is installed by `npm ci --omit=dev`. Run with `node dist/main.js`.
 */
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const domain = JSON.parse(
  readFileSync(new URL('../../packages/domain/package.json', import.meta.url), 'utf8'),
);
const external = [...Object.keys(pkg.dependencies), ...Object.keys(domain.dependencies ?? {})]
  .filter((name) => name !== '@heloc/domain')
  .flatMap((name) => [name, `${name}/*`]);

rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
const result = await build({
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  external,
  metafile: true,
  logLevel: 'warning',
  // Bundled CommonJS helpers may call require(): give ESM output one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.log(
  `server built: dist/ (${Object.keys(result.metafile.outputs).length} files, ${(bytes / 1024).toFixed(0)} KB)`,
);
