import type { RuntimeConfig } from '@portal/sdk/client';
import type { QueryClient } from '@tanstack/react-query';
import type { Location, Navigation } from 'react-router';
import { runtimeConfigQueryOptions } from '#src/lib/runtime-config.ts';

interface SubscribableRouter {
  subscribe: (listener: (state: { navigation: Navigation; location: Location }) => void) => () => void;
}

const configKey = runtimeConfigQueryOptions().queryKey;

/**
 * docs/product.md §2: the page reloads on a new build. The runtime config carries the deployed `buildId`
 * and is refetched in the background (window focus once stale); when it differs from the one
 * the page started with, the next navigation becomes a full page load of its target, so the
 * user moves on to the new build instead of old chunks that may no longer exist.
 */
export function reloadOnNewBuild(
  router: SubscribableRouter,
  queryClient: QueryClient,
  load: (href: string) => void = (href) => window.location.assign(href),
) {
  let startedWith: string | undefined;
  return router.subscribe(({ navigation }) => {
    const buildId = queryClient.getQueryData<RuntimeConfig>(configKey)?.buildId;
    if (!buildId) return;
    startedWith ??= buildId;
    if (navigation.state === 'loading' && buildId !== startedWith) {
      const { pathname, search, hash } = navigation.location;
      load(`${pathname}${search}${hash}`);
    }
  });
}
