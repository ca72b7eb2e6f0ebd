import { Box, Button } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
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
import { useHydrated } from '#src/lib/prerender/use-hydrated.ts';
import { useRuntimeConfig } from '#src/lib/runtime-config.ts';
import { incidentNewsQueryOptions } from '#src/lib/incident-news.ts';
import { isStaff, selectedTenantId, useSession } from '#src/lib/session.ts';

// Menus (zag machines + floating-ui) are only needed once someone is logged in.
const AccountControls = lazy(() => import('./account-controls.tsx'));
// The staff menu and its strings load only for a staff session.
const StaffMenu = lazy(() => import('./staff/staff-menu.tsx'));

/**
 * Puts focus on the page's h1 (made focusable with tabindex=-1), or on the main landmark when
 * the page has none, so a screen reader announces the new page by its heading and the next Tab
 * continues from the top of the content.
 */
export function focusPageHeading() {
  const main = document.getElementById(MAIN_CONTENT_ID);
  const heading = main?.querySelector('h1');
  if (heading) {
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus();
  } else {
    main?.focus();
  }
}

/**
 * After client-side navigation to another page, focus moves to the new page's heading. Within a
 * page (another query: a statement of the billing list, a filter) focus stays where the page put
 * it, unless the element that had it is gone – then it would fall back to the document's body,
 * and the heading takes it instead.
 */
function useFocusOnNavigation() {
  const location = useLocation();
  const previous = useRef(location);
  useEffect(() => {
    const before = previous.current;
    previous.current = location;
    if (before.key === location.key) return;
    const pageChanged = before.pathname !== location.pathname;
    // A task later, after the focus moves queued in this turn: a menu whose item navigated
    // returns focus to its button in a microtask, which must not win over the new page.
    const timer = setTimeout(() => {
      const lost = document.activeElement === null || document.activeElement === document.body;
      if (pageChanged || lost) focusPageHeading();
    });
    return () => clearTimeout(timer);
  }, [location]);
}

export function RootLayout() {
  const { t } = useTranslation();
  const session = useSession();
  const config = useRuntimeConfig();
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  useFocusOnNavigation();
  // How many incidents have news: a tenant's, with a tenant chosen, after hydration (personal).
  const newsEnabled =
    hydrated &&
    session !== null &&
    !isStaff(session) &&
    selectedTenantId(session) !== null &&
    !config.hideTenantLogin &&
    config.features.incidents;
  const { data: news } = useQuery({ ...incidentNewsQueryOptions(), enabled: newsEnabled });
  const newsCount = newsEnabled ? (news?.tickets_with_news ?? 0) : 0;

  let actions = null;
  if (session) {
    // Personal (the user's name, the tenants): never in a prerendered page, which any logged-in
    // user may be sent; it renders after hydration, in place of a placeholder of its size (the
    // height of a `size="sm"` button, so the header does not grow and shift the page when the
    // controls appear).
    const placeholder = <Box h="9" minW="24" aria-hidden="true" />;
    actions = hydrated ? (
      <Suspense fallback={placeholder}>
        <AccountControls session={session} config={config} />
      </Suspense>
    ) : (
      placeholder
    );
  } else if (pathname !== ROUTES.login.path) {
    actions = (
      <Button asChild variant="outline" size="sm">
        <RouterLink to={ROUTES.login.path}>{t('header.login')}</RouterLink>
      </Button>
    );
  }

  const menu = isStaff(session) ? (
    hydrated ? (
      <Suspense fallback={<Box h="9" aria-hidden="true" />}>
        <StaffMenu />
      </Suspense>
    ) : null
  ) : (
    <MainMenu
      entries={mainMenuEntries(config, session)}
      labelOf={(key) => t(`mainMenu.entries.${key}.title`)}
      badgeOf={(key) =>
        key === 'incidents' && newsCount > 0
          ? { count: newsCount, label: t('incidentNews.menuLabel', { count: newsCount }) }
          : null
      }
    />
  );

  return (
    <AppShell actions={actions} menu={menu}>
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
