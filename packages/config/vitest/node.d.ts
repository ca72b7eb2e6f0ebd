import type { ViteUserConfig } from 'vitest/config';

/** Shared Vitest preset for Node services: colocated tests, no globals. */
export declare const nodeTestConfig: ViteUserConfig;
