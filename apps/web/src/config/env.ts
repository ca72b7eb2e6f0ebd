/**
 * Build-time public settings: the only place that reads `import.meta.env` (docs/architecture.md §3).
 * Validated by `assertValidEnv` (env-schema.ts) when Vite starts, so no validator ships in the
 * boot bundle. Operator settings come at runtime from GET /api/config instead.
 */
export const env = {
  /** BFF origin; empty means the same origin that served the SPA. */
  apiBaseUrl: (import.meta.env.VITE_API_BASE_URL ?? '').trim(),
  /**
   * True only in the build's prerender bundle (Vite's SSR build), where pages render for an
   * anonymous visitor without a server to call (scripts/prerender.mjs).
   */
  prerendering: import.meta.env.SSR,
} as const;
