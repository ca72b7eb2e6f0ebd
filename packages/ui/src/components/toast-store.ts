import { createToaster } from '@chakra-ui/react';

/**
 * The toast queue, kept apart from the `Toaster` component so that pages can raise toasts
 * from the first bundle while the Toaster (zag machine + ark, ≈13 KB gzip) loads on first use.
 * The Toaster picks up toasts created before it mounted (`store.getVisibleToasts()`).
 */

export type ToastSeverity = 'info' | 'success' | 'warn' | 'error';

/** A toast as docs/product.md models it (§3). */
export interface ToastMessage {
  /** Replaces an existing toast with the same id instead of adding another. */
  id?: string;
  severity?: ToastSeverity;
  summary?: string;
  detail?: string;
  /** Milliseconds on screen; `Infinity` keeps it until closed. */
  life?: number;
  /** Lets related toasts be removed together (`removeGroup`). */
  group?: string;
  closable?: boolean;
}

/** Success and error toasts live 3000 ms (docs/product.md §9); informative ones get longer to be read. */
const DEFAULT_LIFE: Record<ToastSeverity, number> = {
  success: 3000,
  error: 3000,
  info: 5000,
  warn: 5000,
};

const CHAKRA_TYPE = {
  info: 'info',
  success: 'success',
  warn: 'warning',
  error: 'error',
} as const;

export const toaster = createToaster({
  placement: 'bottom-start',
  pauseOnPageIdle: true,
  // The stack is cleared 200 ms after the last message leaves (docs/product.md §9).
  removeDelay: 200,
  max: 5,
});

const groups = new Map<string, Set<string>>();

function forget(id: string) {
  for (const [name, ids] of groups) {
    if (ids.delete(id) && ids.size === 0) groups.delete(name);
  }
}

/** Adds a toast and returns its id. */
function add(message: ToastMessage): string {
  const severity = message.severity ?? 'info';
  const id = toaster.create({
    // An explicit `id: undefined` would overwrite the store's generated id.
    ...(message.id ? { id: message.id } : {}),
    type: CHAKRA_TYPE[severity],
    title: message.summary,
    description: message.detail,
    duration: message.life ?? DEFAULT_LIFE[severity],
    closable: message.closable ?? true,
    onStatusChange: (details) => {
      if (details.status === 'unmounted') forget(id);
    },
  });
  if (message.group) {
    const ids = groups.get(message.group) ?? new Set<string>();
    ids.add(id);
    groups.set(message.group, ids);
  }
  return id;
}

function remove(id: string) {
  toaster.dismiss(id);
}

function removeGroup(group: string) {
  const ids = groups.get(group);
  if (!ids) return;
  for (const id of ids) toaster.dismiss(id);
  groups.delete(group);
}

function removeAll() {
  toaster.dismiss();
  groups.clear();
}

/** Ids of the toasts currently in a group (for tests and diagnostics). */
function groupIds(group: string): string[] {
  return [...(groups.get(group) ?? [])];
}

/**
 * Calls `listener` once, as soon as any toast exists. Lets the app load the Toaster
 * component only when the first message is raised.
 */
function onFirstToast(listener: () => void): () => void {
  if (toaster.getCount() > 0) {
    listener();
    return () => {};
  }
  let done = false;
  const unsubscribe = toaster.subscribe(() => {
    if (done) return;
    done = true;
    // Deferred: the store notifies before it records the toast.
    queueMicrotask(() => {
      unsubscribe();
      listener();
    });
  });
  return () => {
    done = true;
    unsubscribe();
  };
}

export const toast = { add, remove, removeGroup, removeAll, groupIds, onFirstToast };
