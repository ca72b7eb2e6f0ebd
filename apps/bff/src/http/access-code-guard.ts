import type { Redis } from 'ioredis';
import { BffError, errorMessages } from './errors.js';

/**
 * Failed access-code attempts per client. Memory for one instance, Redis when several
 * instances must share the count (the same REDIS_URL as sessions and rate limits).
 */
export interface FailureCounter {
  /** Failures counted for `key` in its current window, and the milliseconds until the window ends. */
  peek(key: string): Promise<{ count: number; resetInMs: number }>;
  /** Counts one failure; the first one opens a window of `windowMs`. */
  add(key: string, windowMs: number): Promise<void>;
}

export class MemoryFailureCounter implements FailureCounter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async peek(key: string): Promise<{ count: number; resetInMs: number }> {
    const window = this.windows.get(key);
    const now = this.now();
    if (window === undefined || window.resetAt <= now) return { count: 0, resetInMs: 0 };
    return { count: window.count, resetInMs: window.resetAt - now };
  }

  async add(key: string, windowMs: number): Promise<void> {
    const now = this.now();
    // Expired windows are swept now and then, so a flood of addresses cannot grow the map forever.
    if (this.windows.size > 10_000)
      for (const [name, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(name);
    const window = this.windows.get(key);
    if (window === undefined || window.resetAt <= now) this.windows.set(key, { count: 1, resetAt: now + windowMs });
    else window.count += 1;
  }
}

/** INCR, and the expiry only with the first failure, so the window is fixed (not sliding). */
const ADD_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

export class RedisFailureCounter implements FailureCounter {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  private key(key: string): string {
    return `${this.keyPrefix}access-code-failures:${key}`;
  }

  async peek(key: string): Promise<{ count: number; resetInMs: number }> {
    const [count, ttl] = await Promise.all([this.redis.get(this.key(key)), this.redis.pttl(this.key(key))]);
    return { count: Number(count ?? 0), resetInMs: Math.max(0, ttl) };
  }

  async add(key: string, windowMs: number): Promise<void> {
    await this.redis.eval(ADD_SCRIPT, 1, this.key(key), String(windowMs));
  }
}

/**
 * Guessing access codes (public support requests: `?code=` on the id's calls). Every wrong code
 * and every unknown id answer the same 404 upstream, and both count as a failure of the client
 * IP, whatever id was tried; once `maxFailures` are counted in the window, every access-code call
 * of that client answers 429 with `Retry-After` until the window ends – a right code too, so a
 * limited client learns nothing. Successful calls count nothing, so a visitor whose page polls
 * their request is never limited.
 */
export class AccessCodeGuard {
  constructor(
    private readonly counter: FailureCounter,
    private readonly options: { maxFailures: number; windowMs: number },
  ) {}

  /** Throws 429 when the client has used up its failures. */
  async assertAllowed(clientIp: string): Promise<void> {
    const { count, resetInMs } = await this.counter.peek(clientIp);
    if (count < this.options.maxFailures) return;
    throw new BffError(429, 'too_many_requests', errorMessages.tooManyAccessCodeFailures, undefined, {
      'retry-after': String(Math.max(1, Math.ceil(resetInMs / 1000))),
    });
  }

  async recordFailure(clientIp: string): Promise<void> {
    await this.counter.add(clientIp, this.options.windowMs);
  }
}
