import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner for every unit and integration suite; each workspace is a project so
// `vitest run --project server` can re-run the server suite against a real PostgreSQL.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on CI's two cores, where most
    // of a file's time is waiting (importing, PostgreSQL, PGlite, timers), so at least two run side by
    // side; a larger machine keeps the default.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'domain',
          root: 'packages/domain',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'borrower-driver',
          root: 'packages/borrower-driver',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api-client',
          root: 'packages/api-client',
          include: ['src/**/*.test.ts'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'chat-ui',
          root: 'packages/chat-ui',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // The browser app's DOM set-up (matchers, cleanup, what Mantine reads that jsdom lacks), as the console's.
          setupFiles: ['../../apps/web/src/testing/setup.ts'],
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          // scripts/: the sandbox driver (scripts/simulator/) is tested beside its code.
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // Test files share the modules a worker has imported (Fastify, drizzle, the app: importing
          // them again for each file was two thirds of the suite's time); each file still builds its
          // own app on its own database, so no state crosses files through them.
          isolate: false,
          // PGlite start-up is a few seconds; integration suites share one database per file.
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // The repository's own tools: scripts/lib's slow link (the TLS terminator has no test of its own;
          // bench:web fails when a page does not arrive over HTTP/2 through it).
          name: 'tools',
          include: ['scripts/**/*.test.mjs'],
          environment: 'node',
        },
      },
      'apps/web/vite.config.ts',
      'apps/ops/vite.config.ts',
    ],
  },
});
