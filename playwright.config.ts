/**
 * Browser tests in the system Chromium (never a downloaded browser) against the real server,
 * started here on a loopback port with a fresh embedded database.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3111);

/**
 * Specs that move the server's dev clock (rescission, recording, notary hours, reminders) or need it
 * moved (the co-deed notary session runs in notary hours): they run one at a time, in the `clocked`
 * project. Every other spec runs in `steady`, two at a time, and must neither move the clock nor depend
 * on the time of day. `npm run test:e2e` runs the two projects one after the other, each on a fresh
 * server (scripts/e2e.sh), so no clock moves under a steady spec. A new spec that moves the clock (or
 * calls anything in closing-api.ts that does: moveClock, toWeekdayMorning, fundApi) belongs here.
 */
const CLOCKED = [
  'borrower-closing-paths',
  'borrower-closing',
  'borrower-conditions',
  'borrower-submission',
  'chat',
  'co-deed',
  'co-owners',
  'mail-preferences',
  'mail-reminder',
  'phone-width',
  'phone-width-closing',
  'route-matrix',
].map((name) => `**/${name}.spec.ts`);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'heloc-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // The most any project runs at once (2 cores: the server, the runner and the browsers share them).
  workers: 2,
  projects: [
    { name: 'steady', testIgnore: CLOCKED, workers: 2 },
    { name: 'clocked', testMatch: CLOCKED, workers: 1 },
  ],
  // No retry, on CI either: a test that fails once is a bug to fix, not a hiccup to absorb. The CI
  // retry was dropped once the co-deed test (the PDF viewer's page tracking) was deterministic: 3 runs
  // of 3 green with CI=true and --retries=0 (2026-11-24).
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    url: `http://127.0.0.1:${port}/readyz`,
    // Generous: the first start migrates a fresh database, and a busy shared machine slows it down.
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The clock staff may move forward (rescission, recording, notary hours): modules/dev-clock.
      DEV_CLOCK_CONTROL: 'true',
    },
  },
});
