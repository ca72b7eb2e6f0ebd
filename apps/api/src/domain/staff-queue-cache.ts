import { LRUCache } from 'lru-cache';
import type { Database } from '../db/database.js';
import type { NotificationHandlers, NotificationListener } from '../db/listen.js';
import type { ListPage } from './prepared-lists.js';
import type { StaffVerdict } from './staff.js';

/**
 * Staff queue pages this process has computed, each with the generation it was computed at
 * (the sum of `staff_queue_generations`, read in the page's own statement, so both come from
 * one snapshot). The queue's statement is given the generation of the page kept for its key
 * and computes the page only when the database's generation differs; the caller's checks run
 * every time. A kept page is therefore served only while no ticket, message or name it could
 * show has changed since, in this instance or any other: triggers in the database count every
 * such change (migration 0015), so several API instances need no messages between them.
 *
 * On PostgreSQL the instance also listens for the triggers' notifications (migration 0016):
 * while it listens and none has arrived since the database last confirmed a page and the
 * caller's standing (active, staff, second factor, buildings), both are served without a
 * statement at all. Any notification, any change request this instance answers and any gap in
 * listening start a new epoch, after which the statement confirms them again.
 *
 * Why: clerks open the queue far more often than tickets change, and a page of 200,000 tickets'
 * queue is most of a request's database time (docs/benchmarks.md, "The staff queue").
 */
export interface CachedStaffPage {
  /** The generation the page was computed at, as the database returned it (decimal text). */
  generation: string;
  page: ListPage;
  /** The epoch in which the database last confirmed the page; null when not listening then. */
  confirmedIn: number | null;
}

/** What the kept pages may take: a page of 100 tickets is about 80 KB of JSON text. */
export const STAFF_QUEUE_CACHE_BYTES = 16 * 1024 * 1024;

/** The channel of migration 0016's notifications. */
export const STAFF_QUEUE_CHANNEL = 'portal_staff_queue';

/** Staff members whose standing an instance keeps (a bounded map; forgotten ones are re-read). */
const MAX_KEPT_CALLERS = 10_000;

interface QueueState {
  pages: LRUCache<string, CachedStaffPage>;
  listening: boolean;
  /** Moves on every notification, change request and gap in listening. */
  epoch: number;
  callers: Map<number, { epoch: number; verdict: StaffVerdict }>;
}

const states = new WeakMap<Database, QueueState>();

/** This database's state (one per database handle, as tests open several). */
function stateOf(db: Database): QueueState {
  let state = states.get(db);
  if (state === undefined) {
    state = {
      pages: new LRUCache<string, CachedStaffPage>({
        maxSize: STAFF_QUEUE_CACHE_BYTES,
        // JavaScript strings are UTF-16; the rest of an entry is small beside its JSON text.
        sizeCalculation: (entry, key) => 2 * (entry.page.json.length + key.length) + 64,
      }),
      listening: false,
      epoch: 0,
      callers: new Map(),
    };
    states.set(db, state);
  }
  return state;
}

/** This database's kept pages. */
export function staffQueueCacheFor(db: Database): LRUCache<string, CachedStaffPage> {
  return stateOf(db).pages;
}

/**
 * The current epoch while the instance listens, else null: read it before sending a
 * statement, and what that statement confirms holds in this epoch (a notification that
 * arrives meanwhile has already moved it on, so the confirmation is conservatively stale).
 */
export function listeningEpoch(db: Database): number | null {
  const state = stateOf(db);
  return state.listening ? state.epoch : null;
}

/** The caller's standing the database confirmed in `epoch`, if it did. */
export function keptVerdict(db: Database, userId: number, epoch: number): StaffVerdict | undefined {
  const kept = stateOf(db).callers.get(userId);
  return kept?.epoch === epoch ? kept.verdict : undefined;
}

export function keepVerdict(db: Database, userId: number, epoch: number, verdict: StaffVerdict): void {
  const { callers } = stateOf(db);
  if (!callers.has(userId) && callers.size >= MAX_KEPT_CALLERS) callers.clear();
  callers.set(userId, { epoch, verdict });
}

/** Starts a new epoch: what was confirmed before must be confirmed again. */
export function staffQueueChanged(db: Database): void {
  stateOf(db).epoch += 1;
}

/** Whether the instance listens for the queue's notifications now. */
export function listensForStaffQueue(db: Database): boolean {
  return stateOf(db).listening;
}

/** Listens for migration 0016's notifications through `listen` (DatabaseHandle.listen). */
export function watchStaffQueue(
  db: Database,
  listen: (channel: string, handlers: NotificationHandlers) => NotificationListener,
  onError: (error: Error) => void,
): NotificationListener {
  const state = stateOf(db);
  return listen(STAFF_QUEUE_CHANNEL, {
    onNotification: () => {
      state.epoch += 1;
    },
    onListening: (listening) => {
      // Either way a new epoch: notifications may have been missed before listening began.
      state.epoch += 1;
      state.listening = listening;
    },
    onError,
  });
}
