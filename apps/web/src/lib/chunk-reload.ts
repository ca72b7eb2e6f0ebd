/**
 * After a deploy, old hashed chunks disappear and lazy routes fail to load; the page then
 * reloads to pick up the new build (spec §4). A timestamp in sessionStorage stops a reload
 * loop when the chunk is missing for another reason.
 */
const STORAGE_KEY = 'portal:chunk-reload-at';
const MIN_INTERVAL_MS = 10_000;

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/** Reloads the page unless it just did; returns whether a reload was started. */
export function reloadForNewBuild(reload: () => void = () => window.location.reload()): boolean {
  const last = Number(sessionStorage.getItem(STORAGE_KEY) ?? 0);
  if (Date.now() - last < MIN_INTERVAL_MS) return false;
  sessionStorage.setItem(STORAGE_KEY, String(Date.now()));
  reload();
  return true;
}

/** Vite reports failed preloads of lazy chunks with this event. */
export function installChunkErrorReload(reload?: () => void) {
  window.addEventListener('vite:preloadError', (event) => {
    // Handled: no unhandled rejection (and no error toast) for the failed import.
    if (reloadForNewBuild(reload)) event.preventDefault();
  });
}
