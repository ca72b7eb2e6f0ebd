import { QueryClient } from '@tanstack/react-query';
import type { Location, Navigation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { runtimeConfigQueryOptions } from '#src/lib/runtime-config.ts';
import { buildConfig } from '#src/testing/factories.ts';
import { reloadOnNewBuild } from './new-build.ts';

type Listener = (state: { navigation: Navigation; location: Location }) => void;

function setup() {
  let listener: Listener = () => {};
  const router = {
    subscribe: (next: Listener) => {
      listener = next;
      return () => {};
    },
  };
  const queryClient = new QueryClient();
  const load = vi.fn();
  reloadOnNewBuild(router, queryClient, load);
  const location = { pathname: '/profil', search: '?a=1', hash: '', state: null, key: 'k' } as Location;
  const emit = (state: 'idle' | 'loading') =>
    listener({
      navigation: (state === 'idle' ? { state: 'idle' } : { state: 'loading', location }) as Navigation,
      location,
    });
  const setBuild = (buildId: string) =>
    queryClient.setQueryData(runtimeConfigQueryOptions().queryKey, buildConfig({ buildId }));
  return { emit, setBuild, load };
}

describe('reload on a new build', () => {
  it('keeps client-side navigation while the build is the same', () => {
    const { emit, setBuild, load } = setup();
    setBuild('a');
    emit('idle');
    emit('loading');
    expect(load).not.toHaveBeenCalled();
  });

  it('turns the next navigation into a full page load once the build changed', () => {
    const { emit, setBuild, load } = setup();
    setBuild('a');
    emit('idle');
    setBuild('b');
    emit('idle');
    expect(load).not.toHaveBeenCalled();
    emit('loading');
    expect(load).toHaveBeenCalledWith('/profil?a=1');
  });
});
