import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { bootStageChunks } from './build/boot-stage-chunks.ts';
import { assertValidEnv } from './src/config/env-schema.ts';

/** Stops the dev server or the build on a bad `VITE_*` value (docs/architecture.md §3: validated at start-up). */
const validateEnv = (): Plugin => ({
  name: 'portal:validate-env',
  configResolved(config) {
    assertValidEnv(config.env);
  },
});

/**
 * Stamps the build with an id derived from its output, written to `build-meta.json`. The BFF
 * reports it in the runtime configuration, and the app reloads when it changes (docs/product.md §4).
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
 * `main.tsx` loads the rest of the app as dynamic imports (boot stages in tasks of their own).
 * Vite preloads only an entry's static imports, so without this the browser would find the
 * stages one after another; here every chunk they need gets a `modulepreload` link.
 */
const preloadBootStages = (): Plugin => ({
  name: 'portal:preload-boot-stages',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(_html, { bundle, chunk }) {
      if (!bundle || !chunk) return [];
      const files = new Set<string>();
      const visit = (fileName: string) => {
        const item = bundle[fileName];
        if (files.has(fileName) || item?.type !== 'chunk') return;
        files.add(fileName);
        item.imports.forEach(visit);
      };
      chunk.dynamicImports.forEach(visit);
      for (const already of [chunk.fileName, ...chunk.imports]) files.delete(already);
      return [...files].map((fileName) => ({
        tag: 'link',
        attrs: { rel: 'modulepreload', crossorigin: true, href: `/${fileName}` },
        injectTo: 'head' as const,
      }));
    },
  },
});

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|webmanifest)$/;

/**
 * Brotli (quality 11) and gzip (level 9) copies of every text asset, written beside it, so the
 * BFF sends them as they are (@fastify/static `preCompressed`) instead of compressing per
 * request or not at all (docs/decisions/007-prerendered-public-pages.md, item 5).
 */
const precompress = (): Plugin => ({
  name: 'portal:precompress',
  apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
  async writeBundle({ dir }, bundle) {
    if (!dir) return;
    const brotli = promisify(brotliCompress);
    const gzipAsync = promisify(gzip);
    await Promise.all(
      Object.keys(bundle)
        .filter((fileName) => COMPRESSIBLE.test(fileName))
        .map(async (fileName) => {
          const path = join(dir, fileName);
          const source = await readFile(path);
          if (source.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length },
            }),
            gzipAsync(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
    );
  },
});

/**
 * The SPA is served by the BFF in production (one origin, strict CSP with `script-src 'self'`),
 * so the build must not emit inline scripts; Vite's default output has none.
 * In development `/api` is proxied to the BFF so cookies stay first-party.
 */
export default defineConfig({
  plugins: [
    react(),
    validateEnv(),
    buildMeta(),
    bootStageChunks(fileURLToPath(import.meta.url)),
    preloadBootStages(),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    // Read by scripts/prerender.mjs (which chunks a prerendered page preloads), then removed.
    manifest: true,
    target: 'es2022',
    sourcemap: true,
    // Avoid the inline modulepreload polyfill (a CSP `script-src 'self'` would block it anyway;
    // every browser we support has native modulepreload).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      treeshake: {
        // Chakra's theme module builds its unused `defaultThemeConfig` with `defineConfig(…)`, an
        // identity function the bundler cannot see is pure; the call kept every recipe of Chakra
        // (≈ 15 KB gzip, date picker, combobox…) in the first load of every page. The portal's
        // system (packages/ui/src/theme/system.ts) registers only the recipes it renders.
        manualPureFunctions: ['defineConfig'],
      },
    },
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
