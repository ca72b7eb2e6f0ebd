import type { Redis } from 'ioredis';

/**
 * Remembers used bot-protection proofs until they expire anyway. `claim` is atomic: of two
 * concurrent submissions of one proof exactly one gets true (Redis `SET NX PX`; in memory the
 * check and the write happen in one synchronous step).
 */
export interface ReplayStore {
  claim(id: string, ttlMs: number): Promise<boolean>;
}

export class MemoryReplayStore implements ReplayStore {
  private readonly used = new Map<string, number>();

  async claim(id: string, ttlMs: number): Promise<boolean> {
    const now = Date.now();
    // Entries are swept by expiry, never evicted early, so a proof cannot be replayed by
    // flooding the store (the capped map of altcha-lib's examples drops the oldest entries).
    if (this.used.size > 10_000) for (const [key, expiresAt] of this.used) if (expiresAt <= now) this.used.delete(key);
    const expiresAt = this.used.get(id);
    if (expiresAt !== undefined && expiresAt > now) return false;
    this.used.set(id, now + ttlMs);
    return true;
  }
}

export class RedisReplayStore implements ReplayStore {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  async claim(id: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(`${this.keyPrefix}bot-proof:${id}`, '1', 'PX', Math.max(1, ttlMs), 'NX')) === 'OK';
  }
}
