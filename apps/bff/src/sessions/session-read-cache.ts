import type { Redis } from 'ioredis';

/** The channel Redis publishes tracking invalidations on (RESP2 clients, `REDIRECT`). */
const INVALIDATE_CHANNEL = '__redis__:invalidate';

interface Entry {
  raw: string;
  cachedAt: number;
}

export interface SessionReadCacheOptions {
  /** Entries kept at most; the oldest go first. */
  maxEntries?: number;
  /** Even with tracking, an entry is re-read after this long (defence in depth). */
  maxAgeMs?: number;
  now?: () => number;
}

/**
 * An instance-local copy of the session records this BFF instance read, kept correct by Redis
 * itself: server-assisted client-side caching (`CLIENT TRACKING … BCAST PREFIX <sessions>`).
 * Whenever any client changes, deletes or expires a session key – another BFF instance's
 * logout, token renewal or touch – Redis publishes the key on `__redis__:invalidate` and every
 * instance drops its copy. A request then costs no Redis round trip when its session has not
 * changed, which is most requests (the throughput target of the benchmark in README.md;
 * docs/decisions/002-bff-sessions-and-upstream-transport.md).
 *
 * Invalidations arrive on a second connection, so a read's reply and an invalidation can cross:
 * a value is remembered only when no invalidation at all arrived while it was being read. While
 * either connection is down or tracking is not (yet) confirmed, nothing is cached and every read
 * goes to Redis, so a lost invalidation can never leave a logged-out session usable.
 */
export class SessionReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly subscriber: Redis;
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  /** Counts invalidations and outages; a read that saw it change stores nothing. */
  private epoch = 0;
  private enabled = false;
  private closed = false;
  /** The invalidation connection's client id once it has subscribed; new with every reconnect. */
  private subscriberId: number | undefined;
  /** One `enable` at a time: both connections' 'ready' events may fire together. */
  private enabling: Promise<void> = Promise.resolve();

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    options: SessionReadCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.now = options.now ?? Date.now;
    // No automatic re-subscription: after a reconnect `enable` asks the new connection's id
    // first, which a connection in subscriber mode can no longer answer.
    this.subscriber = redis.duplicate({ lazyConnect: true, enableAutoPipelining: false, autoResubscribe: false });
    this.subscriber.on('messageBuffer', (channel: Buffer, message: Buffer | Buffer[] | null) => {
      if (channel.toString() !== INVALIDATE_CHANNEL) return;
      this.epoch += 1;
      // null: Redis flushed its tracking table (FLUSHALL, a lost redirect): forget everything.
      if (!Array.isArray(message)) this.entries.clear();
      else for (const key of message) this.entries.delete(key.toString());
    });
    this.subscriber.on('ready', () => (this.subscriberId = undefined));
    for (const connection of [redis, this.subscriber]) {
      connection.on('ready', () => void this.enable());
      for (const event of ['close', 'reconnecting', 'end', 'error']) connection.on(event, () => this.disable());
    }
  }

  /** Connects the invalidation channel and turns tracking on; reads are cached from then on. */
  async start(): Promise<void> {
    // Errors are handled by the 'error' listener (caching stays off); ioredis reconnects.
    await this.subscriber.connect().catch(() => undefined);
    await this.enable();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.disable();
    await this.subscriber.quit().catch(() => this.subscriber.disconnect());
  }

  get active(): boolean {
    return this.enabled;
  }

  /** The stored JSON of `key` when it is cached and still valid. */
  get(key: string): string | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (this.now() - entry.cachedAt >= this.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.raw;
  }

  /** Call before reading `key` from Redis; pass the result to `remember`. */
  beforeRead(): number {
    return this.epoch;
  }

  /** Keeps what a read returned, unless anything was invalidated meanwhile. */
  remember(key: string, raw: string, readStartedAt: number): void {
    if (!this.enabled || this.epoch !== readStartedAt) return;
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, { raw, cachedAt: this.now() });
  }

  /** This instance changes or deletes `key`: its own copy goes at once (Redis's message follows). */
  forget(key: string): void {
    this.epoch += 1;
    this.entries.delete(key);
  }

  private disable(): void {
    this.enabled = false;
    this.epoch += 1;
    this.entries.clear();
  }

  private enable(): Promise<void> {
    this.enabling = this.enabling.then(() => this.turnTrackingOn());
    return this.enabling;
  }

  private async turnTrackingOn(): Promise<void> {
    if (this.closed || this.enabled || this.redis.status !== 'ready' || this.subscriber.status !== 'ready') return;
    try {
      if (this.subscriberId === undefined) {
        const id = Number(await this.subscriber.client('ID'));
        await this.subscriber.subscribe(INVALIDATE_CHANNEL);
        this.subscriberId = id;
      }
      // OFF first: tracking options cannot be changed while on (a reconnect brings a new id).
      await this.redis.client('TRACKING', 'OFF');
      await this.redis.call(
        'CLIENT',
        'TRACKING',
        'ON',
        'REDIRECT',
        String(this.subscriberId),
        'BCAST',
        'PREFIX',
        `${this.keyPrefix}sess:`,
      );
      if (this.redis.status === 'ready' && this.subscriber.status === 'ready' && !this.closed) {
        this.epoch += 1;
        this.enabled = true;
      }
    } catch {
      // Redis refused (e.g. older than 6) or went away: reads stay uncached until the next 'ready'.
      this.disable();
    }
  }
}
