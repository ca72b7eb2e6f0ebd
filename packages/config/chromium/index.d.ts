/** Debian's Chromium. */
export declare const CHROMIUM_PATH: string;

/** The flags every launch needs; a tool adds its own (headless mode, shared memory). */
export declare const CHROMIUM_FLAGS: readonly string[];
