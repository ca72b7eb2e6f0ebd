import { createHash } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { assertValidEnv } from './src/config/env-schema.ts';

/** Stops the dev server or the build on a bad `VITE_*` value (C11: validated at boot). */
const validateEnv = (): Plugin => ({
  name: 'portal:validate-env',
  configResolved(config) {
    assertValidEnv(config.env);
  },
});

/**
 * Stamps the build with an id derived from its output, written to `build-meta.json`. The BFF
 * reports it in the runtime configuration, and the app reloads when it changes (spec §4).
 */
const buildMeta = (): Plugin => ({
  name: 'portal:build-meta',
  apply: 'build',
  generateBundle(_options, bundle) {
    const hash = createHash('sha256');
    for (const fileName of Object.keys(bundle).sort()) hash.update(fileName);
    this.emitFile({
      type: 'asset',
      fileName: 'build-meta.json',
      source: JSON.stringify({ buildId: hash.digest('hex').slice(0, 16) }),
    });
  },
});

/**
 * The SPA is served by the BFF in production (one origin, strict CSP with `script-src 'self'`),
 * so the build must not emit inline scripts; Vite's default output has none.
 * In development `/api` is proxied to the BFF so cookies stay first-party.
 */
export default defineConfig({
  plugins: [react(), validateEnv(), buildMeta()],
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: true,
    // Avoid the inline modulepreload polyfill (a CSP `script-src 'self'` would block it anyway;
    // every browser we support has native modulepreload).
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
  preview: { port: 4173 },
});
