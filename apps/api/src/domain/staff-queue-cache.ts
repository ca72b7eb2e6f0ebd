import { LRUCache } from 'lru-cache';
import type { Database } from '../db/database.js';
import type { ListPage } from './prepared-lists.js';

/**
 * Staff queue pages this process has computed, each with the generation it was computed at
 * (the sum of `staff_queue_generations`, read in the page's own statement, so both come from
 * one snapshot). The queue's statement is given the generation of the page kept for its key
 * and computes the page only when the database's generation differs; the caller's checks run
 * every time. A kept page is therefore served only while no ticket, message or name it could
 * show has changed since, in this instance or any other: triggers in the database count every
 * such change (migration 0015), so several API instances need no messages between them.
 *
 * Why: clerks open the queue far more often than tickets change, and a page of 200,000 tickets'
 * queue is most of a request's database time (docs/benchmarks.md, "The staff queue").
 */
export interface CachedStaffPage {
  /** The generation the page was computed at, as the database returned it (decimal text). */
  generation: string;
  page: ListPage;
}

/** What the kept pages may take: a page of 100 tickets is about 80 KB of JSON text. */
export const STAFF_QUEUE_CACHE_BYTES = 16 * 1024 * 1024;

const caches = new WeakMap<Database, LRUCache<string, CachedStaffPage>>();

/** This database's kept pages (one cache per database handle, as tests open several). */
export function staffQueueCacheFor(db: Database): LRUCache<string, CachedStaffPage> {
  let cache = caches.get(db);
  if (cache === undefined) {
    cache = new LRUCache<string, CachedStaffPage>({
      maxSize: STAFF_QUEUE_CACHE_BYTES,
      // JavaScript strings are UTF-16; the rest of an entry is small beside its JSON text.
      sizeCalculation: (entry, key) => 2 * (entry.page.json.length + key.length) + 64,
    });
    caches.set(db, cache);
  }
  return cache;
}
