/**
 * Boot, in stages (docs/decisions/007-prerendered-public-pages.md): each is a dynamic import or a
 * call, followed by a yield, so the browser runs them as separate short tasks instead of one
 * long one (Total Blocking Time) and can paint and handle input in between. The build puts each
 * stage's modules in one chunk (build/boot-stage-chunks.ts) and preloads them all
 * (`modulepreload`, vite.config.ts and scripts/prerender.mjs), so the split adds no network
 * round trip; the bundle budget counts them as first load.
 */
// The design system's global styles (reset, token variables) as a static stylesheet, built
// from the theme instead of at start-up (packages/ui/src/theme/global-css.ts).
import '@portal/ui/global.css';
import { installChunkErrorReload, isChunkLoadError, reloadForNewBuild } from '#src/lib/chunk-reload.ts';
import { yieldToMain } from '#src/lib/yield-to-main.ts';

installChunkErrorReload();

try {
  // 1. Chakra's styled-system code and the portal's theme, evaluated.
  const { portalSystemSteps } = await import('@portal/ui/system');
  await yieldToMain();
  // 2. The system itself (createSystem: configuration, tokens, conditions, utilities), a step
  //    per task.
  for (const steps = portalSystemSteps(); !steps.next().done;) await yieldToMain();
  await yieldToMain();
  // 3. React DOM.
  await import('react-dom/client');
  await yieldToMain();
  // 4. The app: router, data layer, texts, shell; then it renders or hydrates the page.
  const { startApp } = await import('#src/app/start.tsx');
  await startApp();
} catch (error) {
  // A boot chunk vanished under us (a deploy between the HTML and its chunks): reload once.
  if (!(isChunkLoadError(error) && reloadForNewBuild())) throw error;
}
