import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App, createApp } from '#src/app/app.tsx';
import { reloadOnNewBuild } from '#src/app/new-build.ts';
import { installUnhandledErrorToasts } from '#src/app/unhandled-errors.ts';
import { installChunkErrorReload } from '#src/lib/chunk-reload.ts';
import { startErrorReporting } from '#src/lib/error-reporting.ts';
import { initI18n } from '#src/lib/i18n.ts';
import { runtimeConfigQueryOptions } from '#src/lib/runtime-config.ts';

installChunkErrorReload();
installUnhandledErrorToasts();
initI18n();

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

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>,
);
