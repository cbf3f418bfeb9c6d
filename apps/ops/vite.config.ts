/**
 * The operations app (agent desk) for lender staff. The server serves `dist/` under /ops/; in
 * development `npm run dev -w @heloc/ops` proxies the API to a server on PORT (default 3000).
 */
/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react()],
  base: '/ops/',
  build: { outDir: 'dist', emptyOutDir: true },
  test: {
    name: 'ops',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // The same DOM set-up as the borrower app (matchers, clean-up, the browser APIs jsdom lacks).
    setupFiles: ['../web/src/testing/setup.ts'],
    // Isolated, unlike the web project: the panels' tests replace the API module (vi.mock), which a
    // module registry shared between files would hand to the next file too.
    // The panels' tests type into forms with user-event: ~2 s alone, past 20 s while the whole suite and
    // other work share two cores.
    testTimeout: 40_000,
  },
  server: {
    proxy: {
      '/identity': api,
      '/identity-broker': api,
      '/service-ops': api,
      '/service-omni-proxy': { target: api, ws: true },
    },
  },
});
