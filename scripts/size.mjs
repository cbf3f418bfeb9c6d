#!/usr/bin/env node
/**
 * Size budget of the first screen: builds the web app, then adds up the gzip size of the JS and
 * CSS a browser loads for /account/heloc/ — the entry chunk with its static imports and CSS,
 * plus the lazy chunk(s) of the first route — and fails above the budget.
 * Usage: npm run size [-- --no-build]
 */
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
/** Route modules rendered on the first screen (the app index). */
const FIRST_SCREEN_MODULES = ['src/app/routes/app/overview.tsx'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');

if (!process.argv.includes('--no-build')) {
  execSync('npm run build -w @heloc/web', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest');

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);
for (const key of FIRST_SCREEN_MODULES) {
  if (!manifest[key])
    throw new Error(`first-screen module ${key} is not a chunk of the build; update scripts/size.mjs`);
  visit(key);
}

let total = 0;
const rows = [...files].sort().map((file) => {
  const bytes = readFileSync(path.join(dist, file));
  const gzip = gzipSync(bytes, { level: 9 }).length;
  total += gzip;
  return { file, raw: bytes.length, gzip };
});
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
for (const row of rows)
  console.log(`${row.file.padEnd(48)} ${kb(row.raw).padStart(10)} ${kb(row.gzip).padStart(10)} gzip`);
console.log(`first screen: ${kb(total)} gzip (budget ${kb(BUDGET_BYTES)})`);
if (total > BUDGET_BYTES) {
  console.error(`size budget exceeded by ${kb(total - BUDGET_BYTES)}`);
  process.exit(1);
}
