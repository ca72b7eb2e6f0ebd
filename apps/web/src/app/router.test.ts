import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteKey } from '#src/config/paths.ts';
import { createRoutes } from './router.tsx';

function registeredIds(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [...(route.id ? [route.id] : []), ...registeredIds(route.children ?? [])]);
}

describe('route registration', () => {
  const ids = registeredIds(createRoutes(new QueryClient()));

  // A `pending` route is in the table ahead of its screen; it is registered once built.
  const built = (Object.keys(ROUTES) as RouteKey[]).filter((key) => !('pending' in ROUTES[key]));

  it('registers every route of the table', () => {
    for (const key of built) expect(ids, key).toContain(key);
  });

  it('registers no pending route', () => {
    for (const key of Object.keys(ROUTES) as RouteKey[]) {
      if ('pending' in ROUTES[key]) expect(ids, key).not.toContain(key);
    }
  });

  it.each<RouteKey>(built)('registers %s, code-split, with its table path', (key) => {
    const route = createRoutes(new QueryClient())[0]?.children?.[0]?.children?.find((child) => child.id === key);
    expect(route).toBeDefined();
    expect(route?.lazy).toBeDefined();
    expect(route?.Component).toBeUndefined();
    expect(route?.index ? '/' : route?.path).toBe(ROUTES[key].path);
  });

  it('ends with the catch-all 404', () => {
    expect(ids.at(-1)).toBe('not-found');
  });
});
