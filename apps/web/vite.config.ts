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
 * The SPA is served by the BFF in production (one origin, strict CSP with `script-src 'self'`),
 * so the build must not emit inline scripts; Vite's default output has none.
 * In development `/api` is proxied to the BFF so cookies stay first-party.
 */
export default defineConfig({
  plugins: [react(), validateEnv()],
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
