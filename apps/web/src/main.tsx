import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App, createApp } from '#src/app/app.tsx';
import { reloadOnNewBuild } from '#src/app/new-build.ts';
import { installChunkErrorReload } from '#src/lib/chunk-reload.ts';
import { initI18n } from '#src/lib/i18n.ts';

installChunkErrorReload();
initI18n();

const { queryClient, router } = createApp(createBrowserRouter);
reloadOnNewBuild(router, queryClient);
const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>,
);
