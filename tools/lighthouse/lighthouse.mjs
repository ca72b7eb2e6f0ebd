#!/usr/bin/env node
/**
 * Lighthouse benchmark of the portal as it is shipped: the BFF serving the built web app
 * (prerendered pages, brotli, immutable assets), never `vite preview`. Mobile preset (simulated
 * throttling: RTT 150 ms, 1.6 Mbps, CPU ×4) in Debian's Chromium, each page N times (rounds
 * alternate the pages, after one uncounted warm-up run of each), medians printed with the
 * targets of issue #9. On demand, not in CI.
 *
 *   pnpm --filter @portal/lighthouse bench                      # starts API + BFF on the embedded defaults
 *   pnpm --filter @portal/lighthouse bench -- --url http://127.0.0.1:3000   # an already running portal
 *   options: --runs 5  --pages home,login  --json results.json
 *
 * Requires `pnpm exec turbo run build` first (apps/api, apps/bff, apps/web dist).
 * @see docs/benchmarks.md
 */
/* global document -- the page.evaluate / waitForFunction callbacks run in the browser */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '@portal/config/chromium';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const ROOT = new URL('../../', import.meta.url).pathname;
const CHROME_PATH = process.env.CHROME_PATH ?? CHROMIUM_PATH;
// The workspace's flags (they keep Chromium off this machine's closed network), headless.
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS, '--disable-dev-shm-usage'];
const DEMO_USER = { email: 'petr.svoboda@example.cz', password: 'Heslo123!' };
const NOT_FOUND_MESSAGE = 'Stránka nebyla nalezena.';

/** The pages of issue #9 and their targets. `login`: measured with a logged-in session. */
const PAGES = {
  home: { path: '/', access: 'public' },
  login: { path: '/prihlaseni', access: 'public' },
  publicSupport: { path: '/verejna-podpora', access: 'public' },
  publicMeetingRooms: { path: '/zasedacky', access: 'public' },
  plannedOutages: { path: '/planovane-vypadky', access: 'public' },
  incidents: { path: '/hlaseni-incidentu', access: 'login' },
};
const TARGETS = {
  public: { performance: 98, accessibility: 100, lcpMs: 1000 },
  login: { performance: 95, accessibility: 100, lcpMs: 2000 },
};

// `pnpm … bench -- --runs 5` passes the `--` through.
const argv = process.argv.slice(2);
if (argv[0] === '--') argv.shift();
const { values: args } = parseArgs({
  args: argv,
  options: {
    url: { type: 'string' },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string', default: Object.keys(PAGES).join(',') },
    json: { type: 'string' },
  },
});
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');
const pageKeys = args.pages
  .split(',')
  .map((key) => key.trim())
  .filter(Boolean);
for (const key of pageKeys)
  if (!PAGES[key]) throw new Error(`unknown page "${key}" (known: ${Object.keys(PAGES).join(', ')})`);

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');

// --- the portal -------------------------------------------------------------------------------
const children = [];
function stopChildren() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('exit', stopChildren);
process.on('SIGINT', () => process.exit(130));

async function waitFor(url, name) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${name} did not answer within 90 s (${url})`);
}

function start(script, env) {
  const child = spawn(process.execPath, [join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  return child;
}

/** The API on a fresh embedded database and the BFF in front of it, on ports of their own. */
async function startPortal() {
  const apiPort = Number(process.env.LIGHTHOUSE_API_PORT ?? 4690);
  const bffPort = Number(process.env.LIGHTHOUSE_BFF_PORT ?? 3690);
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
  start('apps/api/dist/server.js', {
    PORT: String(apiPort),
    DATA_DIR: dataDir,
    PORTAL_URL: `http://localhost:${bffPort}`,
  });
  await waitFor(`http://127.0.0.1:${apiPort}/health`, 'the API');
  start('apps/bff/dist/server.js', {
    PORT: String(bffPort),
    UPSTREAM_URL: `http://127.0.0.1:${apiPort}`,
    // Every page load of the benchmark comes from one address; the per-address limits would
    // count them all as one visitor.
    RATE_LIMIT_LOGIN_PER_MINUTE: '1000',
    RATE_LIMIT_NOT_FOUND_PER_MINUTE: '1000',
  });
  await waitFor(`http://127.0.0.1:${bffPort}/healthz`, 'the BFF');
  return `http://localhost:${bffPort}`;
}

/** Keeps the latest value of each cookie from `Set-Cookie` answers (log-in rotates the session). */
function remember(jar, response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const name = pair.slice(0, pair.indexOf('='));
    if (name) jar.set(name, pair);
  }
  return [...jar.values()].join('; ');
}

/** Logs the demo user in through the BFF (and selects the tenant); returns the Cookie header. */
async function logIn(base) {
  const headers = { 'x-csrf': '1', 'content-type': 'application/json', origin: base };
  const jar = new Map();
  const login = await fetch(`${base}/api/session`, { method: 'POST', headers, body: JSON.stringify(DEMO_USER) });
  if (!login.ok) throw new Error(`log-in failed: ${login.status} ${await login.text()}`);
  let cookie = remember(jar, login);
  const session = await login.json();
  if (!session.selectedTenantId && session.tenants?.length) {
    const selected = await fetch(`${base}/api/session/tenant`, {
      method: 'PUT',
      headers: { ...headers, cookie },
      body: JSON.stringify({ tenantId: session.tenants[0].id }),
    });
    if (!selected.ok) throw new Error(`selecting the tenant failed: ${selected.status}`);
    cookie = remember(jar, selected);
  }
  return cookie;
}

// --- measuring --------------------------------------------------------------------------------
/** Does the address show a real page (not the app's 404 or an error page)? */
async function probe(browser, url) {
  const page = await browser.newPage();
  try {
    const response = await page.goto(url, { waitUntil: 'networkidle0', timeout: 60_000 });
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-app-started'), { timeout: 30_000 });
    const text = await page.evaluate(() => document.querySelector('main')?.textContent ?? '');
    const finalPath = new URL(page.url()).pathname;
    if (!response?.ok()) return `HTTP ${response?.status()}`;
    if (text.includes(NOT_FOUND_MESSAGE)) return 'not found (no such page in this build)';
    if (finalPath !== new URL(url).pathname) return `redirected to ${finalPath}`;
    return null;
  } finally {
    await page.close();
  }
}

async function measure(port, url) {
  const flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing = (category) =>
    lhr.categories[category].auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    failing: { accessibility: failing('accessibility'), bestPractices: failing('best-practices') },
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

// --- main -------------------------------------------------------------------------------------
const loadBefore = load();
const base = args.url ?? (await startPortal());
const cookie = pageKeys.some((key) => PAGES[key].access === 'login') ? await logIn(base) : null;

/**
 * The session cookie lives in the browser only while a logged-in page is measured, so the
 * public pages are measured as an anonymous visitor gets them (prerendered). Lighthouse keeps
 * cookies across its storage reset. (An `extraHeaders` Cookie would not reach the page's own
 * requests the same way.)
 */
async function useSession(browser, loggedIn) {
  const cookies = (cookie ?? '')
    .split('; ')
    .filter(Boolean)
    .map((pair) => {
      const index = pair.indexOf('=');
      return {
        name: pair.slice(0, index),
        value: pair.slice(index + 1),
        url: base,
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
      };
    });
  if (loggedIn) await browser.setCookie(...cookies);
  else await browser.deleteCookie(...cookies);
}

const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
const samples = Object.fromEntries(pageKeys.map((key) => [key, []]));
const skipped = {};
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  for (const key of pageKeys) {
    await useSession(browser, PAGES[key].access === 'login');
    const problem = await probe(browser, `${base}${PAGES[key].path}`);
    if (problem) skipped[key] = problem;
  }
  const measured = pageKeys.filter((key) => !skipped[key]);
  // One Lighthouse run of each page first, not counted: a new browser profile pays one-time
  // costs (font and disk caches) on its first runs, and the freshly started API and BFF are
  // still compiling their hot paths; figures should describe a visit, not the machine warming up.
  for (const key of measured) {
    await useSession(browser, PAGES[key].access === 'login');
    await measure(chrome.port, `${base}${PAGES[key].path}`);
  }
  for (let round = 1; round <= runs; round += 1) {
    for (const key of measured) {
      await useSession(browser, PAGES[key].access === 'login');
      const sample = await measure(chrome.port, `${base}${PAGES[key].path}`);
      samples[key].push(sample);
      console.error(
        `round ${round}/${runs} ${key}: perf ${sample.performance}, LCP ${Math.round(sample.lcpMs)} ms, TBT ${Math.round(sample.tbtMs)} ms`,
      );
    }
  }
  await browser.disconnect();
} finally {
  await chrome.kill();
  stopChildren();
}

const loadAfter = load();
const rows = [];
console.log(`\nLighthouse 12 mobile, ${runs} run(s) per page, medians; ${base}`);
console.log(`load average before ${loadBefore}, after ${loadAfter} (2 cores shared: figures are noisy)\n`);
console.log('| page | path | perf | a11y | best pr. | FCP ms | LCP ms | TBT ms | CLS | target |');
console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---|');
for (const key of pageKeys) {
  const { path, access } = PAGES[key];
  if (skipped[key]) {
    console.log(`| ${key} | ${path} | – | – | – | – | – | – | – | ${skipped[key]} |`);
    rows.push({ page: key, path, skipped: skipped[key] });
    continue;
  }
  const list = samples[key];
  const m = (field) => median(list.map((sample) => sample[field]));
  const target = access === 'login' ? TARGETS.login : TARGETS.public;
  const misses = [
    m('performance') < target.performance && `perf < ${target.performance}`,
    m('accessibility') < target.accessibility && `a11y < ${target.accessibility}`,
    m('lcpMs') > target.lcpMs && `LCP > ${target.lcpMs} ms`,
  ].filter(Boolean);
  const row = {
    page: key,
    path,
    performance: m('performance'),
    accessibility: m('accessibility'),
    bestPractices: m('bestPractices'),
    fcpMs: Math.round(m('fcpMs')),
    lcpMs: Math.round(m('lcpMs')),
    tbtMs: Math.round(m('tbtMs')),
    cls: Number(m('cls').toFixed(3)),
    failing: [...new Set(list.flatMap((sample) => [...sample.failing.accessibility, ...sample.failing.bestPractices]))],
    samples: list,
  };
  rows.push(row);
  console.log(
    `| ${key} | ${path} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.fcpMs} | ${row.lcpMs} | ${row.tbtMs} | ${row.cls} | ${misses.length ? `missed: ${misses.join(', ')}` : 'met'} |`,
  );
}
const failing = rows.filter((row) => row.failing?.length);
if (failing.length) {
  console.log('\nAccessibility and best-practice audits not passed (any run):');
  for (const row of failing) console.log(`  ${row.page}: ${row.failing.join(', ')}`);
}
if (args.json) {
  writeFileSync(
    args.json,
    `${JSON.stringify({ date: new Date().toISOString(), base, runs, loadBefore, loadAfter, rows }, null, 2)}\n`,
  );
}
process.exit(0);
