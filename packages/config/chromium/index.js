// How every Chromium the workspace starts (Playwright's suites, the Lighthouse benchmark) is
// launched: Debian's build, and the networking flags without which Chromium floods this
// machine's closed network with connections that are refused (docs/architecture.md §7).

/** Debian's Chromium. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** The flags every launch needs; a tool adds its own (headless mode, shared memory). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
