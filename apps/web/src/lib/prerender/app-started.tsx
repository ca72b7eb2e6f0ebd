import { useEffect } from 'react';
import { PENDING_SUBMIT_ATTRIBUTE, STARTED_ATTRIBUTE } from './assumptions.ts';

/**
 * Rendered beside the routed content (inside its Suspense boundary): its effect runs once React
 * has committed that content – hydrated the prerendered markup or replaced it. Only then may
 * the prerendered page's inline loader stop holding form submits. Marking the app started right
 * after `hydrateRoot()` returned was too early: hydration of the boundary is time-sliced, and a
 * submit in between went to the browser, which sent the login form natively, as a GET with the
 * password in the address (seen in e2e on a busy machine).
 */
export function AppStarted() {
  useEffect(markAppStarted, []);
  return null;
}

const startedListeners = new Set<() => void>();

/** Calls `listener` once the app has started (at once if it already has). */
export function whenAppStarted(listener: () => void) {
  if (document.documentElement.hasAttribute(STARTED_ATTRIBUTE)) listener();
  else startedListeners.add(listener);
}

/**
 * React handles form submits from here on. A visitor who submitted a prerendered form before
 * (autofill and Enter) gets it submitted again now, with what the fields hold; a form React
 * replaced instead of hydrating is gone and stays unsent.
 */
function markAppStarted() {
  const root = document.documentElement;
  if (root.hasAttribute(STARTED_ATTRIBUTE)) return;
  root.setAttribute(STARTED_ATTRIBUTE, '');
  for (const listener of startedListeners) listener();
  startedListeners.clear();
  for (const form of document.querySelectorAll<HTMLFormElement>(`form[${PENDING_SUBMIT_ATTRIBUTE}]`)) {
    form.removeAttribute(PENDING_SUBMIT_ATTRIBUTE);
    if (form.isConnected) form.requestSubmit();
  }
}
