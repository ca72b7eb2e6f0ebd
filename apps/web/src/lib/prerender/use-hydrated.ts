import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server prerenders and during hydration of its markup, true from then on (and
 * at once in a client-rendered page). Parts of a prerendered page that depend on API data or on
 * the browser render their build-time stand-in (a skeleton of the same size) until this is true,
 * so hydration finds exactly the prerendered markup.
 *
 * The switch after hydration is a transition: React renders the real content (a list of API
 * data, often the largest part of the page) in short, interruptible slices instead of one long
 * task, which `useSyncExternalStore`'s own catch-up render would be (it is always synchronous).
 */
export function useHydrated(): boolean {
  // The server snapshot during hydration and on the server, the client one in a client render.
  const rendersOnClient = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const [hydrated, setHydrated] = useState(rendersOnClient);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
