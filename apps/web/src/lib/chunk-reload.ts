/**
 * After a deploy, old hashed chunks disappear and lazy routes fail to load; the page then
 * reloads to pick up the new build (docs/product.md §4). A timestamp in sessionStorage stops a reload
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

/**
 * Vite reports failed preloads of a lazy chunk's dependencies with this event, before the
 * import itself rejects. The reload is left to whoever awaited the import – the route error
 * boundary (the router has then committed the target address, so the reload lands there) or
 * the unhandled-rejection handler – because reloading here would reload the page being left.
 * Here it is only marked, so a deploy is visible in the console.
 */
export function installChunkErrorReload() {
  window.addEventListener('vite:preloadError', (event) => {
    console.warn('A chunk of the portal failed to load; the page reloads once.', event);
  });
}
