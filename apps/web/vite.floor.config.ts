import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Builds the budget floor (budget-floor/) with the app's toolchain and build settings. */
export default defineConfig({
  root: fileURLToPath(new URL('./budget-floor', import.meta.url)),
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('./node_modules/.cache/budget-floor', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    manifest: true,
    modulePreload: { polyfill: false },
  },
});
