import { useSyncExternalStore } from 'react';

/**
 * The public requests this browser knows the access code of: created here, or opened here with
 * id + code (from the e-mail link or the open form). Kept in localStorage, because a visitor has
 * no account and the code is the only key to their request; newest first.
 */
export interface RememberedRequest {
  id: number;
  code: string;
  subject: string;
  /** ISO timestamp of the request's creation. */
  created: string;
  category: 'support' | 'fault_report' | 'order';
}

export const REMEMBERED_REQUESTS_KEY = 'portal:public-support:requests';
const CATEGORIES = new Set(['support', 'fault_report', 'order']);
const listeners = new Set<() => void>();

function isRemembered(value: unknown): value is RememberedRequest {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    Number.isInteger(entry.id) &&
    (entry.id as number) > 0 &&
    typeof entry.code === 'string' &&
    entry.code.length > 0 &&
    typeof entry.subject === 'string' &&
    typeof entry.created === 'string' &&
    CATEGORIES.has(entry.category as string)
  );
}

let cachedText: string | null | undefined;
let cachedList: readonly RememberedRequest[] = [];

/** The remembered list; entries that do not look right (edited by hand, older shapes) are skipped. */
export function readRememberedRequests(): readonly RememberedRequest[] {
  let text: string | null;
  try {
    text = window.localStorage.getItem(REMEMBERED_REQUESTS_KEY);
  } catch {
    // Storage blocked (privacy settings): nothing is remembered, the pages still work with codes.
    return [];
  }
  // The same array while the stored text is unchanged, as useSyncExternalStore requires.
  if (text === cachedText) return cachedList;
  cachedText = text;
  try {
    const parsed: unknown = text === null ? [] : JSON.parse(text);
    cachedList = Array.isArray(parsed) ? parsed.filter(isRemembered) : [];
  } catch {
    cachedList = [];
  }
  return cachedList;
}

function write(list: readonly RememberedRequest[]): boolean {
  try {
    window.localStorage.setItem(REMEMBERED_REQUESTS_KEY, JSON.stringify(list));
  } catch {
    return false;
  } finally {
    for (const listener of listeners) listener();
  }
  return true;
}

/** Adds or refreshes a request (newest first). False when the browser refused to store it. */
export function rememberRequest(entry: RememberedRequest): boolean {
  const others = readRememberedRequests().filter((item) => item.id !== entry.id);
  return write([entry, ...others].sort((a, b) => b.created.localeCompare(a.created) || b.id - a.id));
}

export function forgetRequest(id: number): void {
  write(readRememberedRequests().filter((item) => item.id !== id));
}

export function rememberedRequest(id: number): RememberedRequest | undefined {
  return readRememberedRequests().find((item) => item.id === id);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same portal remembers or forgets too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === REMEMBERED_REQUESTS_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The remembered list, re-rendering when it changes (here or in another tab). */
export function useRememberedRequests(): readonly RememberedRequest[] {
  return useSyncExternalStore(subscribe, readRememberedRequests, () => []);
}
