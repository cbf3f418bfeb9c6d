// `tsc` for every workspace, as many at once as there are cores: each run is single-threaded, and the
// app projects re-check the domain sources they import, so one after another took ~130 s on two cores.
// Prints each project's errors together; exits 1 when any project fails.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

// Every workspace and the browser tests, so a new workspace is checked without being listed here; the
// slowest first, so the last to start is a short one.
const { workspaces } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const SLOWEST = ['apps/server', 'apps/web', 'apps/ops'];
const PROJECTS = [...new Set([...SLOWEST, ...workspaces, 'e2e'])];

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const tsc = spawn(process.execPath, ['node_modules/typescript/bin/tsc', '-p', project], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    tsc.stdout.on('data', (chunk) => (output += chunk));
    tsc.stderr.on('data', (chunk) => (output += chunk));
    tsc.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} ${project} (${seconds} s)`);
      if (output) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...PROJECTS];
const results = await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), queue.length) }, async () => {
    let passed = true;
    for (let project = queue.shift(); project; project = queue.shift())
      passed = (await check(project)) && passed;
    return passed;
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
