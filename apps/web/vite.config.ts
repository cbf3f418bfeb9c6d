/// <reference types="vitest/config" />
/**
 * Build and unit-test configuration of the borrower web app. The server serves `dist/` under
 * /account/heloc/ (assets at /account/heloc/assets/…) and injects the organisation data into index.html.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstScreenModules } from './build/first-screen-modules';
import { lazySchemas } from './build/lazy-schemas';
import { precompress } from './build/precompress';
import { routePreloads } from './build/route-preloads';
import { zodJitless } from './build/zod-jitless';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema';

// react-router's package exports always point at its development build (extra checks and
// warnings); production bundles use the production build it ships beside it.
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

// The release error reports and telemetry sessions carry: RELEASE from the build environment (CI puts
// the commit there), else the web package's version.
const release =
  process.env.RELEASE ??
  (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string })
    .version;

// Our own modules that may join the first screen's shared chunk. Pages only reached later (legal
// pages, the application frame and its step screens, dashboard, settings), the chat window, the form
// helpers and the engine's domain logic stay in their own chunks, and so do the modals of the later
// screens (Mantine's Modal comes with them) and the step screens' query gate (Alert, Loader: the profile
// step's chunk reaches it, but the login and registration screens never show it), and so do the
// schemas only the signed-in shell reads (notifications, wallet, the loan officer, the feedback form), and
// the domain modules only later screens use (the closing's schemas, document types, bank and file
// formats, disclosures): a module joins the shared chunk whole, with every export any chunk reads, so
// one the first screens merely reach through the domain's index brought all of it (2 KB gzip of
// login and registration in these). The shared HTTP
// client (@heloc/api-client) is the borrower app's transport, on every screen like lib/api-client.
const OUR_SHARED_MODULES =
  /apps[\\/]web[\\/]src[\\/](?!features[\\/](legal|pre-offer|submission|closing|dashboard|settings|chat|heloc-signer|shell[\\/]components[\\/]loan-officer)[\\/]|platform[\\/](application-frame|application-flow|pdf-viewer)[\\/]|lib[\\/](forms[\\/]|lazy-view\.)|components[\\/]ui[\\/](processing-modal|location-alert|query-gate)\.)|packages[\\/]domain[\\/]src[\\/](?!(progress|heloc-math|machine|routing|underwriting|calendar|polling|chat|disclosures|enums[\\/]documents|format[\\/](routing-number|file-size|sentence)|schemas[\\/](borrower-steps|submission|notification|wallet|closing|feedback|loan-originator))\b)|packages[\\/]api-client[\\/]src[\\/]/;

// The borrower app runs on Preact's React compatibility layer (issue 17: react-dom alone was 64 KB gzip
// of the first screen's 206; Preact with its compat layer is ~11 KB). Every import of React — ours,
// Mantine's, the router's, TanStack Query's, Testing Library's — resolves here, in the build and in the
// unit tests alike, so the tests exercise what ships. The console (apps/ops) stays on React.
const REACT_ON_PREACT = [
  { find: /^react$/, replacement: fileURLToPath(new URL('./src/platform/preact/react.js', import.meta.url)) },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];

export default defineConfig(({ mode }) => {
  const firstScreen = firstScreenModules();
  return {
    plugins: [
      // JSX through React's automatic runtime (aliased to Preact's below). Fast Refresh is React's own
      // and does nothing on Preact, so it is off: in `vite` dev a changed module reloads the page.
      react({ refreshExclude: /./ }),
      zodWithoutJsonSchema(),
      zodJitless(),
      lazySchemas(),
      firstScreen,
      routePreloads(),
      precompress(),
    ],
    // Unit tests resolve packages by their ES module builds ("module"), as the browser build does: the
    // CommonJS ones (react-remove-scroll's, Testing Library's) would `require` React past the aliases.
    ...(mode === 'test' && {
      environments: {
        client: {
          resolve: {
            mainFields: ['module', 'jsnext:main', 'jsnext', 'main'],
            conditions: ['module', 'browser', 'development|production'],
          },
        },
      },
    }),
    define: { __APP_RELEASE__: JSON.stringify(release) },
    base: '/account/heloc/',
    resolve: {
      alias: [
        { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
        ...(mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
        ...REACT_ON_PREACT,
      ],
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // dist/.vite/manifest.json: scripts/size.mjs walks it to sum the first screen's chunks.
      manifest: true,
      rolldownOptions: {
        // The page, and the early requests' own script (src/app/early-requests.ts): application pages
        // name it in their HTML (build/route-preloads.json `run`), so it runs before the page's scripts.
        input: {
          index: fileURLToPath(new URL('./index.html', import.meta.url)),
          'early-requests': fileURLToPath(new URL('./src/app/early-requests-entry.ts', import.meta.url)),
        },
        output: {
          // Our own modules shared by several chunks go into one chunk: left alone the bundler makes
          // dozens of tiny chunks, each paying its own request and gzip overhead (~14 KB of the
          // first screen).
          codeSplitting: {
            groups: [
              {
                name: 'shared',
                minShareCount: 2,
                // Only what a first screen imports: a module two later screens share is not loaded
                // up front just because it is shared.
                test: (id) => OUR_SHARED_MODULES.test(id) && firstScreen.isFirstScreenModule(id),
              },
            ],
          },
        },
      },
    },
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      setupFiles: ['./src/testing/setup.ts'],
      // Libraries that import React go through Vite, so the aliases above reach them too (left to Node
      // they would load React itself beside Preact).
      server: { deps: { inline: true } },
      // use-sync-external-store ships CommonJS only (XState's binding and recharts use it): pre-bundled,
      // it is converted to an ES module with the aliases applied.
      deps: {
        optimizer: {
          client: {
            enabled: true,
            include: [
              'use-sync-external-store/shim',
              'use-sync-external-store/shim/with-selector',
              'use-sync-external-store/with-selector.js',
            ],
          },
        },
      },
      // Test files share the modules a worker has imported (React, Mantine, the router: importing and
      // setting them up again for each file was four fifths of the project's time); the set-up file
      // clears what a test leaves in the DOM, storage and module-level stores.
      isolate: false,
      // Component tests with user-event take 1–2 s alone and several times that on a loaded machine.
      testTimeout: 20_000,
    },
  };
});
