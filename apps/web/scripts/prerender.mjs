#!/usr/bin/env node
/**
 * Prerenders the public first pages (src/prerender/pages.ts) after `vite build`: builds the
 * SSR bundle src/prerender/render.tsx, renders each page in Node and writes
 * dist/prerendered/<route>.html plus dist/prerendered/manifest.json, which the BFF reads
 * (apps/bff/src/routes/spa). Each page is dist/index.html with
 *   - the page's markup in #root, marked `data-prerendered` (path and the flags it assumed),
 *   - the build's stylesheets (the design system's global CSS) and Emotion's critical CSS
 *     inline in <head>, and the page's own <title>: the first paint needs no request but the
 *     document's,
 *   - instead of Vite's module script and modulepreload links, a tiny inline loader that, once
 *     the page has been painted, preloads the entry, the boot stages and the route module's
 *     chunks and inserts the entry's script, so neither the first paint nor the work before it
 *     waits for or competes with JavaScript (the BFF allows exactly this script by its sha256
 *     in the CSP); until the app has started, it holds a form submitted early instead of
 *     letting the browser send it natively (a login's password must never land in a URL), and
 *     the app submits it again once it has started.
 * @see docs/decisions/007-prerendered-public-pages.md ("The recipe that reached 99–100")
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
/** Module preloads the loader starts per task. */
const PRELOADS_PER_TASK = 3;

/** Starts the app anyway after this long should the browser report no paint. */
const PAINT_WAIT_LIMIT_MS = 3000;

/**
 * The loader. Constant text (the addresses come from its own data attributes), so its CSP hash
 * changes only when this code does. The entry and the preloads start once the browser reports
 * the page painted (a `paint` performance entry); `requestAnimationFrame` and a timeout were
 * not enough – the timeout's task, with the requests it starts, ran before the frame reached
 * the screen and delayed the first paint by as much. In a hidden tab nothing is painted, so the
 * app starts at once; where paint timing is missing, after the next frame. Starting a request
 * costs the main thread a few milliseconds (more under DevTools), so the preloads go out a few
 * per task instead of all in one long task.
 */
export const LOADER = `(function(s){var h=document.documentElement,d=document.head,q=s.getAttribute('data-preload').split(' ');document.addEventListener('submit',function(e){if(h.hasAttribute('${STARTED_ATTRIBUTE}'))return;e.preventDefault();e.target.setAttribute('${PENDING_SUBMIT_ATTRIBUTE}','')},true);function p(){q.splice(0,${PRELOADS_PER_TASK}).forEach(function(u){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=u;d.appendChild(l)});if(q.length)setTimeout(p)}var started=0;function go(){if(started)return;started=1;var m=document.createElement('script');m.type='module';m.crossOrigin='';m.src=s.getAttribute('data-entry');d.appendChild(m);p()}var P=window.PerformanceObserver,t=P&&P.supportedEntryTypes||[];if(document.visibilityState==='hidden')go();else if(t.indexOf('paint')<0)requestAnimationFrame(function(){setTimeout(go)});else{new P(function(l,o){o.disconnect();setTimeout(go)}).observe({type:'paint',buffered:true});setTimeout(go,${PAINT_WAIT_LIMIT_MS})}})(document.currentScript)`;

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
  build: {
    ssr: 'src/prerender/render.tsx',
    outDir: SSR_OUT,
    emptyOutDir: true,
    sourcemap: false,
    minify: false,
    manifest: false,
  },
});
const { renderPage, PRERENDERED_PAGES } = await import(pathToFileURL(join(SSR_OUT, 'render.js')).href);

const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>\n?/.exec(template);
if (!entryScript) throw new Error('dist/index.html: the module script of the entry was not found');
const entrySrc = entryScript[1];

/** dist/index.html's modulepreload links and stylesheets, which a prerendered page replaces. */
const MODULE_PRELOAD = /[ \t]*<link rel="modulepreload" crossorigin href="([^"]+)">\n?/g;
const STYLESHEET = /<link rel="stylesheet" crossorigin href="([^"]+)">/g;
const templatePreloads = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
const templateStylesheets = new Set([...template.matchAll(STYLESHEET)].map((match) => match[1]));
/** The template's stylesheets inline: a first paint that needs no request but the document. */
let pageTemplate = template.replace(MODULE_PRELOAD, '').replace(STYLESHEET, (_link, href) => {
  const css = readFileSync(join(DIST, href), 'utf8').replace(/\n*(?:\/\*# sourceMappingURL=[^*]*\*\/\s*)?$/, '');
  if (css.includes('</style')) throw new Error(`${href} cannot be inlined: it contains "</style"`);
  return `<style>${css}</style>`;
});
pageTemplate = replaceOnce(pageTemplate, entryScript[0], '', 'entry script');

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const pages = [];
for (const page of PRERENDERED_PAGES) {
  const { path, html, styles, title, assumes } = await renderPage(page);
  const firstLoad = [...firstLoadKeys(manifest, [page.module])].map((key) => manifest[key]);
  // Styles come inline from the template (the entry's stylesheet) or from Emotion; a route
  // chunk with a stylesheet of its own would need it inline too.
  const ownCss = firstLoad.flatMap((chunk) => chunk.css ?? []).filter((file) => !templateStylesheets.has(`/${file}`));
  if (ownCss.length > 0) throw new Error(`${page.module}: stylesheets not in index.html: ${ownCss.join(', ')}`);
  // In the order the app needs them: the boot stages, then the page's route chunks.
  const preloads = [...new Set([...templatePreloads, ...firstLoad.map((chunk) => `/${chunk.file}`)])].filter(
    (href) => href !== entrySrc,
  );

  let out = pageTemplate;
  out = replaceOnce(out, '</head>', `  ${styles}\n  </head>`, '</head>');
  if (title) out = out.replace(/<title>[^<]*<\/title>/, `<title>${escapeText(title)}</title>`);
  const marker = escapeAttribute(JSON.stringify({ path, assumes }));
  out = replaceOnce(out, '<div id="root"></div>', `<div id="root" data-prerendered="${marker}">${html}</div>`, '#root');
  const loader = `<script data-entry="${entrySrc}" data-preload="${preloads.join(' ')}">${LOADER}</script>`;
  out = replaceOnce(out, '</body>', `${loader}\n  </body>`, '</body>');

  const file = `${page.route}.html`;
  writeFileSync(join(OUT, file), out);
  pages.push({ path, file, ignoredSearchParams: page.ignoredSearchParams ?? [], assumes });
  console.log(
    `prerendered ${path} → dist/prerendered/${file} (${(out.length / 1024).toFixed(1)} KB, assumes ${JSON.stringify(assumes)})`,
  );
}
writeFileSync(join(OUT, 'manifest.json'), `${JSON.stringify({ pages }, null, 2)}\n`);
// Vite's manifest was only for this script; the server need not publish it.
rmSync(dirname(manifestPath), { recursive: true, force: true });
