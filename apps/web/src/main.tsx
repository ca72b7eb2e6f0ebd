/**
 * Boot, in tasks of its own (shared/reference/frontend-performance.md): this entry is tiny;
 * Chakra's styled system (`createSystem`, the largest single piece of start-up work) is
 * evaluated in one task, the app (React DOM, router, providers) in the next, and rendering or
 * hydrating happens after another yield. Every dynamic import in this file is a boot stage:
 * the build preloads them all (`modulepreload`, vite.config.ts and scripts/prerender.mjs), so
 * the split adds no network round trip, and the bundle budget counts them as first load.
 */
// The design system's global styles (reset, token variables) as a static stylesheet, built
// from the theme instead of at start-up (packages/ui/src/theme/global-css.ts).
import '@portal/ui/global.css';
import { installChunkErrorReload, isChunkLoadError, reloadForNewBuild } from '#src/lib/chunk-reload.ts';
import { yieldToMain } from '#src/lib/yield-to-main.ts';

installChunkErrorReload();

try {
  await import('@portal/ui/system');
  await yieldToMain();
  const { startApp } = await import('#src/app/start.tsx');
  await startApp();
} catch (error) {
  // A boot chunk vanished under us (a deploy between the HTML and its chunks): reload once.
  if (!(isChunkLoadError(error) && reloadForNewBuild())) throw error;
}
