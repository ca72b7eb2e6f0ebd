import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { UpstreamTokens } from '../upstream/upstream-auth.js';

/**
 * What token renewal shares beyond one process: the 30 s result cache keyed by the old refresh
 * token, and a lock per refresh token so only one instance calls the upstream. In one process
 * the in-memory single-flight of TokenRenewal already gives exclusivity, so the memory
 * coordination grants every lock at once.
 */
export interface RenewalLock {
  release(): Promise<void>;
}

export interface RenewalCoordination {
  cached(refreshToken: string): Promise<UpstreamTokens | null>;
  remember(refreshToken: string, tokens: UpstreamTokens, ttlMs: number): Promise<void>;
  /** The lock for this refresh token, or null when another instance holds it. */
  tryLock(refreshToken: string): Promise<RenewalLock | null>;
  isLocked(refreshToken: string): Promise<boolean>;
}

export class MemoryRenewalCoordination implements RenewalCoordination {
  private readonly recent = new Map<string, { tokens: UpstreamTokens; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async cached(refreshToken: string): Promise<UpstreamTokens | null> {
    const now = this.now();
    for (const [token, entry] of this.recent) {
      if (entry.expiresAt <= now) this.recent.delete(token);
    }
    return this.recent.get(refreshToken)?.tokens ?? null;
  }

  async remember(refreshToken: string, tokens: UpstreamTokens, ttlMs: number): Promise<void> {
    this.recent.set(refreshToken, { tokens, expiresAt: this.now() + ttlMs });
  }

  async tryLock(): Promise<RenewalLock> {
    return { release: async () => undefined };
  }

  async isLocked(): Promise<boolean> {
    return false;
  }
}

/** Deletes the lock only while it is still ours (its lease may have run out and been retaken). */
const RELEASE_SCRIPT = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * Coordination across instances through Redis. Keys hold a SHA-256 of the refresh token, never
 * the token. The lock lease must outlast the upstream refresh call (its whole deadline), or a
 * second instance could refresh the same token while the first is still waiting for its answer.
 */
export class RedisRenewalCoordination implements RenewalCoordination {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly leaseMs: number,
  ) {}

  private key(kind: 'renewal' | 'renewal-lock', refreshToken: string): string {
    return `${this.keyPrefix}${kind}:${createHash('sha256').update(refreshToken).digest('base64url')}`;
  }

  async cached(refreshToken: string): Promise<UpstreamTokens | null> {
    const value = await this.redis.get(this.key('renewal', refreshToken));
    return value === null ? null : (JSON.parse(value) as UpstreamTokens);
  }

  async remember(refreshToken: string, tokens: UpstreamTokens, ttlMs: number): Promise<void> {
    await this.redis.set(this.key('renewal', refreshToken), JSON.stringify(tokens), 'PX', ttlMs);
  }

  async tryLock(refreshToken: string): Promise<RenewalLock | null> {
    const key = this.key('renewal-lock', refreshToken);
    const owner = randomBytes(16).toString('hex');
    const taken = await this.redis.set(key, owner, 'PX', this.leaseMs, 'NX');
    if (taken !== 'OK') return null;
    return {
      release: async () => {
        await this.redis.eval(RELEASE_SCRIPT, 1, key, owner);
      },
    };
  }

  async isLocked(refreshToken: string): Promise<boolean> {
    return (await this.redis.exists(this.key('renewal-lock', refreshToken))) === 1;
  }
}
