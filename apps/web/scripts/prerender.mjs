#!/usr/bin/env node
/**
 * Prerenders the public first pages (src/prerender/pages.ts) after `vite build`: builds the
 * SSR bundle src/prerender/render.tsx, renders each page in Node and writes
 * dist/prerendered/<route>.html plus dist/prerendered/manifest.json, which the BFF reads
 * (apps/bff/src/routes/spa). Each page is dist/index.html with
 *   - the page's markup in #root, marked `data-prerendered` (path and the flags it assumed),
 *   - Emotion's critical CSS in <head> and the page's own <title>,
 *   - modulepreload links for the entry, the boot stages and the route module's chunks,
 *   - instead of Vite's module script, a tiny inline loader that inserts it after the first
 *     frame, so the first paint never waits for JavaScript (the BFF allows exactly this script
 *     by its sha256 in the CSP); until the app has started, it holds a form submitted early
 *     instead of letting the browser send it natively (a login's password must never land in
 *     a URL), and the app submits it again once it has started.
 * @see shared/reference/frontend-performance.md ("The recipe that reached 99–100")
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { firstLoadKeys } from './first-load.mjs';

const WEB = join(dirname(fileURLToPath(import.meta.url)), '..');
const DIST = join(WEB, 'dist');
const OUT = join(DIST, 'prerendered');
const SSR_OUT = join(WEB, 'node_modules', '.cache', 'prerender');

/** Set on <html> by src/app/start.tsx once React owns the page (src/lib/prerender/assumptions.ts). */
const STARTED_ATTRIBUTE = 'data-app-started';
/** A form submitted before that is held and marked; the app submits it again once started. */
const PENDING_SUBMIT_ATTRIBUTE = 'data-submit-pending';

/**
 * The loader. Constant text (the entry's address is read from its own data attribute), so its
 * CSP hash changes only when this code does. requestAnimationFrame runs before the next paint,
 * the timeout after it.
 */
export const LOADER = `(function(s){var h=document.documentElement;document.addEventListener('submit',function(e){if(h.hasAttribute('${STARTED_ATTRIBUTE}'))return;e.preventDefault();e.target.setAttribute('${PENDING_SUBMIT_ATTRIBUTE}','')},true);requestAnimationFrame(function(){setTimeout(function(){var m=document.createElement('script');m.type='module';m.crossOrigin='';m.src=s.getAttribute('data-entry');document.head.appendChild(m)})})})(document.currentScript)`;

const escapeAttribute = (value) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (value) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function replaceOnce(html, search, replacement, what) {
  if (!html.includes(search)) throw new Error(`dist/index.html: ${what} not found`);
  return html.replace(search, () => replacement);
}

const manifestPath = join(DIST, '.vite', 'manifest.json');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const template = readFileSync(join(DIST, 'index.html'), 'utf8');

await build({
  configFile: join(WEB, 'vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: 'src/prerender/render.tsx', outDir: SSR_OUT, emptyOutDir: true, sourcemap: false, minify: false, manifest: false },
});
const { renderPage, PRERENDERED_PAGES } = await import(pathToFileURL(join(SSR_OUT, 'render.js')).href);

const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>\n?/.exec(template);
if (!entryScript) throw new Error('dist/index.html: the module script of the entry was not found');
const entrySrc = entryScript[1];

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const pages = [];
for (const page of PRERENDERED_PAGES) {
  const { path, html, styles, title, assumes } = await renderPage(page);
  const preloads = [...firstLoadKeys(manifest, [page.module])]
    .flatMap((key) => [manifest[key].file, ...(manifest[key].css ?? [])])
    .map((file) => `/${file}`)
    .filter((href) => href !== entrySrc && !template.includes(`href="${href}"`));
  const preloadTags = preloads
    .map((href) =>
      href.endsWith('.css') ? `<link rel="stylesheet" crossorigin href="${href}">` : `<link rel="modulepreload" crossorigin href="${href}">`,
    )
    .join('\n    ');

  let out = template;
  // The entry is preloaded at once but started by the loader, after the first paint.
  out = replaceOnce(out, entryScript[0], `<link rel="modulepreload" crossorigin href="${entrySrc}">\n`, 'entry script');
  out = replaceOnce(out, '</head>', `  ${preloadTags}\n    ${styles}\n  </head>`, '</head>');
  if (title) out = out.replace(/<title>[^<]*<\/title>/, `<title>${escapeText(title)}</title>`);
  const marker = escapeAttribute(JSON.stringify({ path, assumes }));
  out = replaceOnce(out, '<div id="root"></div>', `<div id="root" data-prerendered="${marker}">${html}</div>`, '#root');
  out = replaceOnce(out, '</body>', `<script data-entry="${entrySrc}">${LOADER}</script>\n  </body>`, '</body>');

  const file = `${page.route}.html`;
  writeFileSync(join(OUT, file), out);
  pages.push({ path, file, ignoredSearchParams: page.ignoredSearchParams ?? [], assumes });
  console.log(`prerendered ${path} → dist/prerendered/${file} (${(out.length / 1024).toFixed(1)} KB, assumes ${JSON.stringify(assumes)})`);
}
writeFileSync(join(OUT, 'manifest.json'), `${JSON.stringify({ pages }, null, 2)}\n`);
// Vite's manifest was only for this script; the server need not publish it.
rmSync(dirname(manifestPath), { recursive: true, force: true });
