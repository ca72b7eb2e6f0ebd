import { toast } from '@portal/ui/toast';
import i18next from 'i18next';
import { isChunkLoadError, reloadForNewBuild } from '#src/lib/chunk-reload.ts';
import { errorMessage, isApiError } from '#src/lib/errors.ts';

export const UNHANDLED_ERROR_GROUP = 'unhandled-errors';

// Browser noise that is not a failure of ours: layout observers that skipped a frame, and
// errors from cross-origin scripts (extensions) whose details the browser hides.
const BENIGN = /^(ResizeObserver loop|Script error\.?$)/;

/**
 * docs/product.md §8: an error nobody handled becomes one error toast – the server's message for an HTTP
 * error, else the error's own message. (Sentry, when running, captures these itself through
 * its global handlers.) A failed chunk load reloads the page once instead (docs/product.md §4).
 */
export function showUnhandledError(error: unknown, reload?: () => void) {
  // A lazy chunk outside routing (menus, toaster) failed: a new build is out – reload once.
  if (isChunkLoadError(error)) {
    reloadForNewBuild(reload);
    return;
  }
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  if (!isApiError(error) && BENIGN.test(message)) return;
  toast.add({
    severity: 'error',
    summary: i18next.t('common:errors.unhandled'),
    detail: errorMessage(error),
    group: UNHANDLED_ERROR_GROUP,
  });
}

export function installUnhandledErrorToasts(target: Window = window) {
  target.addEventListener('error', (event) => {
    // Resource load failures (img, script) reach window only in the capture phase; ignore them.
    if (!(event instanceof ErrorEvent)) return;
    showUnhandledError(event.error ?? event.message);
  });
  target.addEventListener('unhandledrejection', (event) => showUnhandledError(event.reason));
}
