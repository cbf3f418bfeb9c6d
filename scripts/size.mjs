#!/usr/bin/env node
/**
 * Size budget of the first screen: builds the web app, then adds up the bytes of JS and CSS a browser
 * receives for each way in — the entry chunk with its static imports and CSS, plus the lazy chunks of
 * the routes that screen renders — and fails when any is above the budget in gzip. Sizes are those of
 * the files the server sends: the build's .gz and .br copies (apps/web/build/precompress.ts), the file
 * itself when it has none (small files are sent as they are).
 * Usage: npm run size [-- --no-build]
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const BUDGET_BYTES = 150 * 1024;
/**
 * Ways into the product and the route modules each first screen renders (the build groups what they
 * load from the same file: apps/web/build/first-screen-modules.ts). "app index → login": a visitor
 * opening /account/heloc/ is sent to login (spec 1 §6), a full page load of the host router;
 * "registration": a new borrower arriving from a partner's link.
 */
const FIRST_SCREENS = JSON.parse(
  readFileSync(new URL('../apps/web/build/first-screens.json', import.meta.url), 'utf8'),
);

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');

if (!process.argv.includes('--no-build')) {
  execSync('npm run build -w @heloc/web', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest');

function filesOf(routeModules) {
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(entryKey);
  for (const key of routeModules) {
    if (!manifest[key])
      throw new Error(`route module ${key} is not a chunk of the build; update scripts/size.mjs`);
    visit(key);
  }
  return files;
}

/** Bytes sent for `file` to a browser accepting `suffix` (.gz or .br): its copy, else the file. */
const servedSize = (file, suffix) => {
  const copy = path.join(dist, `${file}${suffix}`);
  return statSync(existsSync(copy) ? copy : path.join(dist, file)).size;
};
const gzipOf = (file) => servedSize(file, '.gz');
const brotliOf = (file) => servedSize(file, '.br');
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

let failed = false;
for (const [name, routeModules] of Object.entries(FIRST_SCREENS)) {
  const files = [...filesOf(routeModules)].sort();
  const total = files.reduce((sum, file) => sum + gzipOf(file), 0);
  const totalBrotli = files.reduce((sum, file) => sum + brotliOf(file), 0);
  console.log(`\n${name}:`);
  for (const file of files) {
    console.log(
      `  ${file.padEnd(48)} ${kb(gzipOf(file)).padStart(10)} gzip ${kb(brotliOf(file)).padStart(10)} brotli`,
    );
  }
  console.log(
    `first screen (${name}): ${kb(total)} gzip, ${kb(totalBrotli)} brotli (budget ${kb(BUDGET_BYTES)} gzip)`,
  );
  if (total > BUDGET_BYTES) {
    console.error(`size budget exceeded by ${kb(total - BUDGET_BYTES)}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
