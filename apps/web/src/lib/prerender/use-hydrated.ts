import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server prerenders and during hydration of its markup, true from then on (and
 * at once in a client-rendered page). Parts of a prerendered page that depend on API data or on
 * the browser render their build-time stand-in (a skeleton of the same size) until this is true,
 * so hydration finds exactly the prerendered markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
