import type { ViteUserConfig } from 'vitest/config';

/** Shared Vitest preset for the React app: colocated tests in jsdom. */
export declare const domTestConfig: ViteUserConfig;
