/// <reference types="vitest/config" />
/**
 * Build and unit-test configuration of the borrower web app. The server serves `dist/` under
 * /account/heloc/ (assets at /account/heloc/assets/…) and injects the organisation data into index.html.
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  base: '/account/heloc/',
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: scripts/size.mjs walks it to sum the first screen's chunks.
    manifest: true,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup.ts'],
  },
});
