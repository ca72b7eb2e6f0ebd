// How every Chromium the workspace starts (Playwright's suites, the Lighthouse benchmark) is
// launched: Debian's build, and the networking flags without which Chromium floods this
// machine's closed network with connections that are refused (docs/architecture.md §7).

/** Debian's Chromium, the whole browser: what Lighthouse measures and screenshots are taken in. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Debian's headless shell of the same Chromium build (package chromium-headless-shell): the same
 * Blink and V8 without the browser's own user interface, which is what Playwright itself runs
 * headless tests in. On this two-core machine it took a quarter less time for the same e2e
 * walks, and the e2e suites are CPU-bound on the browser.
 */
export const CHROMIUM_HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/** The flags every launch needs; a tool adds its own (headless mode, shared memory). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
