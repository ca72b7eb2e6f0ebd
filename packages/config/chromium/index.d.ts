/** Debian's Chromium, the whole browser: what Lighthouse measures and screenshots are taken in. */
export declare const CHROMIUM_PATH: string;

/** Debian's headless shell of the same Chromium build: what the Playwright suites run in. */
export declare const CHROMIUM_HEADLESS_SHELL_PATH: string;

/** The flags every launch needs; a tool adds its own (headless mode, shared memory). */
export declare const CHROMIUM_FLAGS: readonly string[];
