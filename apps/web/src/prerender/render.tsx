/**
 * The build's prerender bundle (Vite SSR build, run by scripts/prerender.mjs in Node): renders
 * each page of `PRERENDERED_PAGES` for an anonymous visitor with the BFF's default flags, with
 * Emotion's critical CSS, exactly as the client's first render will produce it.
 * @see {@link https://emotion.sh/docs/ssr#advanced-approach}
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { RuntimeConfig, Session } from '@portal/sdk/client';
import { QueryClient } from '@tanstack/react-query';
import { isValidElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from '#src/app/provider.tsx';
import { createRoutes } from '#src/app/router.tsx';
import type { RouteModule } from '#src/app/routes/route-module.ts';
import type { FeatureFlag } from '#src/config/paths.ts';
import { initI18n } from '#src/lib/i18n.ts';
import { DEFAULT_FEATURES, runtimeConfigQueryOptions } from '#src/lib/runtime-config.ts';
import { sessionQueryKey } from '#src/lib/session.ts';
import type { PrerenderAssumptions } from '#src/lib/prerender/assumptions.ts';
import { takePrerenderedTitle } from '#src/lib/prerender/document-title.ts';
import { prerenderedStyleTags, STYLE_CACHE_KEY } from '#src/lib/prerender/styles.ts';
import { PRERENDERED_PAGES, prerenderedPath, type PrerenderedPage } from './pages.ts';

export { PRERENDERED_PAGES, prerenderedPath };

/** The BFF's configuration when no variable is set (root README, Configuration → BFF). */
export const DEFAULT_CONFIG: RuntimeConfig = {
  features: DEFAULT_FEATURES,
  hideTenantLogin: false,
  botProtection: { provider: null, siteKey: null },
  sentry: { dsn: null, environment: 'production' },
  buildId: 'prerender',
};

/**
 * The logged-in user a tenant page is rendered for: a stand-in whose every value is marked, so
 * the build can check that none of it reached the markup. A tenant page's shell is served to
 * every logged-in user; anything personal (names, the tenant) renders in the browser.
 */
const STAND_IN = 'prerender-stand-in';
const STAND_IN_SESSION: Session = {
  user: {
    id: 0,
    email: `${STAND_IN}@prerender.invalid`,
    first_name: STAND_IN,
    last_name: STAND_IN,
    display_name: STAND_IN,
    phone: null,
    is_staff: false,
  },
  tenants: [{ id: STAND_IN, name: STAND_IN }],
  selectedTenantId: STAND_IN,
};

// Every route module, to check that the router renders the module a page declares.
const routeModules = import.meta.glob<RouteModule>([
  '/src/app/routes/**/*.tsx',
  '!/src/app/routes/**/*.test.tsx',
  // Not route modules (statically imported by the router).
  '!/src/app/routes/root.tsx',
]);

/** The config, with every read of a flag (or of hideTenantLogin) written down in `assumes`. */
function recordingConfig(config: RuntimeConfig, assumes: PrerenderAssumptions): RuntimeConfig {
  const features = new Proxy(config.features, {
    get(target, key, receiver) {
      if (typeof key === 'string' && key in target) {
        assumes.features[key as FeatureFlag] = target[key as FeatureFlag];
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
    ownKeys(target) {
      Object.assign(assumes.features, target);
      return Reflect.ownKeys(target);
    },
  });
  return new Proxy(config, {
    get(target, key, receiver) {
      if (key === 'features') return features;
      if (key === 'hideTenantLogin') assumes.hideTenantLogin = target.hideTenantLogin;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

export interface PrerenderedMarkup {
  path: string;
  /** The app's markup, for `#root`. */
  html: string;
  /** Emotion's critical style tags (`css-global` ones included), for `<head>`. */
  styles: string;
  /** The document title the page sets, when it sets one. */
  title: string | null;
  assumes: PrerenderAssumptions;
}

export async function renderPage(
  page: PrerenderedPage,
  config: RuntimeConfig = DEFAULT_CONFIG,
): Promise<PrerenderedMarkup> {
  const path = prerenderedPath(page);
  initI18n('cs');
  const visitor = page.visitor ?? 'anonymous';
  const assumes: PrerenderAssumptions = { visitor, features: {} };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(runtimeConfigQueryOptions().queryKey, recordingConfig(config, assumes));
  queryClient.setQueryData(sessionQueryKey, visitor === 'tenant' ? STAND_IN_SESSION : null);

  // Loaders run as in the browser: the guard, then the page's own loader; `lazy` resolves.
  const handler = createStaticHandler(createRoutes(queryClient));
  const context = await handler.query(new Request(new URL(path, 'http://prerender.invalid')));
  if (context instanceof Response) {
    throw new Error(
      `${path}: the router answered ${context.status} ${context.headers.get('location') ?? ''} instead of the page`,
    );
  }
  if (context.errors) {
    throw new Error(`${path}: a loader failed while prerendering: ${JSON.stringify(context.errors)}`);
  }
  const leaf = context.matches.at(-1)?.route;
  const declared = routeModules[`/${page.module}`];
  if (!declared) throw new Error(`${path}: no route module ${page.module}`);
  // Data routers turn a route's `Component` into `element`.
  const rendered = leaf?.Component ?? (isValidElement(leaf?.element) ? leaf.element.type : null);
  if (leaf?.id !== page.route || rendered !== (await declared()).default) {
    throw new Error(`${path}: the router renders route "${leaf?.id ?? '?'}", not ${page.module}`);
  }

  // compat: styles go only into the cache (extracted below), not inline beside elements.
  const cache = createCache({ key: STYLE_CACHE_KEY });
  cache.compat = true;
  const emotionServer = createEmotionServer(cache);
  const router = createStaticRouter(handler.dataRoutes, context);
  takePrerenderedTitle();
  const html = renderToString(
    <CacheProvider value={cache}>
      <AppProvider queryClient={queryClient}>
        {/* No hydration data script: the CSP forbids inline scripts, and the client runs its
            loaders itself (the page's chunk is preloaded, config and session are fetched). */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </CacheProvider>,
  );
  if (html.includes(STAND_IN)) {
    throw new Error(
      `${path}: the stand-in user's data reached the markup; a tenant page must render personal data in the browser only`,
    );
  }
  const styles = prerenderedStyleTags(emotionServer.extractCriticalToChunks(html).styles);
  queryClient.clear();
  return { path, html, styles, title: takePrerenderedTitle(), assumes };
}
