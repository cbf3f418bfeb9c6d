/// <reference types="vitest/config" />
/**
 * Build and unit-test configuration of the borrower web app. The server serves `dist/` under
 * /account/heloc/ (assets at /account/heloc/assets/…) and injects the organisation data into index.html.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { zodWithoutJsonSchema } from './build/zod-without-json-schema';

// react-router's package exports always point at its development build (extra checks and
// warnings); production bundles use the production build it ships beside it.
const reactRouterProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

export default defineConfig(({ mode }) => ({
  plugins: [react(), zodWithoutJsonSchema()],
  base: '/account/heloc/',
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(mode === 'production' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : []),
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: scripts/size.mjs walks it to sum the first screen's chunks.
    manifest: true,
    rolldownOptions: {
      output: {
        // Our own modules shared by several chunks go into one chunk: left alone the bundler makes
        // dozens of tiny chunks, each paying its own request and gzip overhead (~14 KB of the
        // first screen).
        codeSplitting: {
          groups: [
            {
              name: 'shared',
              minShareCount: 2,
              // Pages only reached later (legal pages, the application frame and its step screens,
              // dashboard, settings), the form helpers and the engine's domain logic stay in their
              // own chunks, and so do the modals of the later screens (Mantine's Modal comes with them).
              test: /apps[\\/]web[\\/]src[\\/](?!features[\\/](legal|application-frame|application-flow|pre-offer|closing|dashboard|settings)[\\/]|lib[\\/]forms[\\/]|components[\\/]ui[\\/](processing-modal|location-alert)\.)|packages[\\/]domain[\\/]src[\\/](?!(progress|heloc-math|machine|routing|underwriting|calendar|polling)\b)/,
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
  },
}));
