import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/** Whether React is hydrating prerendered markup right now (set by the app's start-up). */
let hydrating = false;

/**
 * Brackets the hydration of a prerendered page (app/start.tsx): from just before `hydrateRoot`
 * until the routed content has committed.
 */
export function startHydration() {
  hydrating = true;
}

export function finishHydration() {
  hydrating = false;
}

const subscribe = () => () => {};
const clientSnapshot = () => !hydrating;
const serverSnapshot = () => false;

/**
 * False while the server prerenders and during hydration of its markup, true from then on (and
 * at once in a client-rendered page). Parts of a prerendered page that depend on API data or on
 * the browser render their build-time stand-in (a skeleton of the same size) until this is true,
 * so hydration finds exactly the prerendered markup.
 *
 * The switch after hydration is a transition: React renders the real content (a list of API
 * data, often the largest part of the page) in short, interruptible slices.
 *
 * The client snapshot is false while hydrating, the same as the server's. Were it true, React
 * would check it right after the hydrating commit, find it changed and re-render the component
 * synchronously – and when that component is the layout around a still dehydrated Suspense
 * boundary (the routed content), React hydrates the whole boundary in that one synchronous task
 * (seen as a 300 ms task under Lighthouse's CPU throttling).
 */
export function useHydrated(): boolean {
  const rendersOnClient = useSyncExternalStore(subscribe, clientSnapshot, serverSnapshot);
  const [hydrated, setHydrated] = useState(rendersOnClient);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
