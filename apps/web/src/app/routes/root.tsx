import { Box, Button } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, Link as RouterLink, useLocation, useNavigate, useRouteError } from 'react-router';
import { describeError } from '#src/components/errors/describe-error.ts';
import { ErrorPage } from '#src/components/errors/error-page.tsx';
import { AppShell, MAIN_CONTENT_ID } from '#src/components/layouts/app-shell.tsx';
import { MainMenu } from '#src/components/navigation/main-menu.tsx';
import { mainMenuEntries } from '#src/components/navigation/main-menu-entries.ts';
import { ROUTES } from '#src/config/paths.ts';
import { isChunkLoadError, reloadForNewBuild } from '#src/lib/chunk-reload.ts';
import { AppStarted } from '#src/lib/prerender/app-started.tsx';
import { useRuntimeConfig } from '#src/lib/runtime-config.ts';
import { useSession } from '#src/lib/session.ts';

// Menus (zag machines + floating-ui) are only needed once someone is logged in.
const AccountControls = lazy(() => import('./account-controls.tsx'));

/** After client-side navigation, move focus to the new page so it is announced from the top. */
function useFocusMainOnNavigation() {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: false });
  }, [pathname]);
}

export function RootLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const config = useRuntimeConfig();
  const { pathname } = useLocation();
  useFocusMainOnNavigation();

  let actions = null;
  if (session) {
    actions = (
      <Suspense fallback={<Box h="8" minW="24" aria-hidden="true" />}>
        <AccountControls session={session} config={config} />
      </Suspense>
    );
  } else if (pathname !== ROUTES.login.path) {
    actions = (
      <Button asChild variant="outline" size="sm">
        <RouterLink to={ROUTES.login.path}>{t('header.login')}</RouterLink>
      </Button>
    );
  }

  return (
    <AppShell actions={actions} menu={<MainMenu entries={mainMenuEntries(config, session)} />}>
      {/* A boundary of its own lets React hydrate the page after the shell, in a separate,
          interruptible task (time-sliced hydration of prerendered pages). Loaders have
          resolved the page's module and data, so on the client it does not suspend. */}
      <Suspense fallback={<Box aria-busy="true" minH="40" />}>
        <Outlet />
        <AppStarted />
      </Suspense>
    </AppShell>
  );
}

/** Painted while the first loaders run: the frame without account controls. */
export function RootHydrateFallback() {
  return (
    <AppShell>
      <Box aria-busy="true" minH="40" />
    </AppShell>
  );
}

/** The shell could not load (config or session call failed): error page in a bare frame. */
export function RootErrorBoundary() {
  const error = useRouteError();
  const navigate = useNavigate();
  if (isChunkLoadError(error) && reloadForNewBuild()) return null;
  const { status, message } = describeError(error);
  return (
    <AppShell>
      <ErrorPage status={status} message={message} onGoHome={() => void navigate('/')} />
      <AppStarted />
    </AppShell>
  );
}
