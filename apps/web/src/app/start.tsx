import { CacheProvider } from '@emotion/react';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { reloadOnNewBuild } from '#src/app/new-build.ts';
import { installUnhandledErrorToasts } from '#src/app/unhandled-errors.ts';
import { startErrorReporting } from '#src/lib/error-reporting.ts';
import { initI18n } from '#src/lib/i18n.ts';
import { runtimeConfigQueryOptions } from '#src/lib/runtime-config.ts';
import { sessionQueryOptions } from '#src/lib/session.ts';
import { yieldToMain } from '#src/lib/yield-to-main.ts';
import { whenAppStarted } from '#src/lib/prerender/app-started.tsx';
import { createBrowserStyleCache } from '#src/lib/prerender/styles.ts';
import { finishHydration, startHydration } from '#src/lib/prerender/use-hydrated.ts';
import { assumptionsHold, readPrerenderMarker, type PrerenderMarker } from '#src/lib/prerender/assumptions.ts';
import { App, createApp } from './app.tsx';

type BrowserRouter = ReturnType<typeof createBrowserRouter>;

/** Resolves once the router has run the first match's loaders and resolved its `lazy` modules. */
function settled(router: BrowserRouter): Promise<void> {
  const done = () => router.state.initialized && router.state.navigation.state === 'idle';
  if (done()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe(() => {
      if (!done()) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Hydrate only what the client would render the same way: the router ended on the prerendered
 * path without an error (no guard redirect, e.g. a logged-in visitor on /prihlaseni), and the
 * real config and session are those the page was rendered for. Anything else is rendered
 * afresh (createRoot replaces the prerendered markup), so there is never a hydration mismatch.
 */
async function canHydrate(marker: PrerenderMarker, router: BrowserRouter, queryClient: QueryClient) {
  await settled(router);
  const { location, errors } = router.state;
  if (errors || location.pathname !== marker.path) return false;
  // Both are cached by the loaders that just ran, so these resolve without a request.
  const [config, session] = await Promise.all([
    queryClient.ensureQueryData(runtimeConfigQueryOptions()),
    queryClient.ensureQueryData(sessionQueryOptions()),
  ]);
  return assumptionsHold(marker.assumes, config, session);
}

/**
 * RouterProvider takes the router's state when it first renders and listens only from its first
 * commit, so a change in between is lost (seen when the first render was a transition: the page
 * stayed on its loading frame). Hydration as a transition spans many tasks; should the router
 * change meanwhile (a revalidation), it publishes its state again once the app has started.
 */
function republishMissedRouterChanges(router: BrowserRouter) {
  let missed = false;
  const stopWatching = router.subscribe(() => {
    missed = true;
  });
  whenAppStarted(() => {
    stopWatching();
    if (missed) void router.revalidate();
  });
}

export async function startApp() {
  installUnhandledErrorToasts();
  initI18n();
  // Start-up in short tasks (Total Blocking Time): the router starts its first loaders as it is
  // created, in a task of its own.
  await yieldToMain();

  const { queryClient, router } = createApp(createBrowserRouter);
  reloadOnNewBuild(router, queryClient);
  // Shares the root loader's config request; Sentry's chunk is fetched only when a DSN is set.
  queryClient
    .ensureQueryData(runtimeConfigQueryOptions())
    .then(startErrorReporting)
    .catch(() => {
      // No config: the root error page says so; there is nothing to report to.
    });

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks #root');
  const app = (
    <StrictMode>
      <CacheProvider value={createBrowserStyleCache()}>
        <App queryClient={queryClient} router={router} />
      </CacheProvider>
    </StrictMode>
  );

  const marker = readPrerenderMarker(container);
  if (marker && (await canHydrate(marker, router, queryClient))) {
    await yieldToMain();
    republishMissedRouterChanges(router);
    startHydration();
    whenAppStarted(finishHydration);
    // As a transition, hydration is time-sliced: React yields to the browser every few
    // milliseconds instead of hydrating the whole page in one long task.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    // Not a transition: while the router still loads this renders only the frame (short), and
    // it commits in the same task, so RouterProvider listens before the router can change. The
    // router renders the page itself as a transition (time-sliced) once its loaders are done.
    createRoot(container).render(app);
  }
  // The app counts as started (the prerendered page's loader stops holding form submits) once
  // the routed content has committed: lib/prerender/app-started.tsx, rendered by the root route.
}
