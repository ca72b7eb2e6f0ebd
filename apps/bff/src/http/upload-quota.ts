import type { Redis } from 'ioredis';
import { BffError, errorMessages } from './errors.js';

/** Whether bytes were taken, and the milliseconds until the window ends. */
export interface TakenBytes {
  taken: boolean;
  resetInMs: number;
}

/**
 * Bytes counted per client in a fixed window. Memory for one instance, Redis when several
 * instances must share the count (the same REDIS_URL as sessions and rate limits).
 */
export interface ByteCounter {
  /**
   * Adds `bytes` to `key` when the sum stays within `max`, opening a window of `windowMs` with
   * the first bytes.
   */
  take(key: string, bytes: number, max: number, windowMs: number): Promise<TakenBytes>;
}

export class MemoryByteCounter implements ByteCounter {
  private readonly windows = new Map<string, { bytes: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async take(key: string, bytes: number, max: number, windowMs: number): Promise<TakenBytes> {
    const now = this.now();
    // Expired windows are swept now and then, so a flood of addresses cannot grow the map forever.
    if (this.windows.size > 10_000)
      for (const [name, entry] of this.windows) if (entry.resetAt <= now) this.windows.delete(name);
    let window = this.windows.get(key);
    if (window === undefined || window.resetAt <= now) {
      window = { bytes: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
    }
    const taken = window.bytes + bytes <= max;
    if (taken) window.bytes += bytes;
    return { taken, resetInMs: window.resetAt - now };
  }
}

/**
 * Atomically: the bytes are added only when the sum stays within the limit, and the window's
 * expiry is set with its first bytes (fixed, not sliding). Answers [taken, ms left].
 */
const TAKE_SCRIPT = `
local used = tonumber(redis.call('GET', KEYS[1]) or '0')
local bytes = tonumber(ARGV[1])
if used + bytes > tonumber(ARGV[2]) then
  return {0, redis.call('PTTL', KEYS[1])}
end
redis.call('INCRBY', KEYS[1], bytes)
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[3]) end
return {1, redis.call('PTTL', KEYS[1])}`;

export class RedisByteCounter implements ByteCounter {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  async take(key: string, bytes: number, max: number, windowMs: number): Promise<TakenBytes> {
    const [taken, ttl] = (await this.redis.eval(
      TAKE_SCRIPT,
      1,
      `${this.keyPrefix}upload-bytes:${key}`,
      String(bytes),
      String(max),
      String(windowMs),
    )) as [number, number];
    // No key yet (nothing taken, a single upload above the limit): the whole window is ahead.
    return { taken: taken === 1, resetInMs: ttl > 0 ? ttl : windowMs };
  }
}

/**
 * The upload volume of anonymous visitors (the fault report's photos: public support
 * attachments, authorised by an access code only). Each client IP may send `maxBytes` in a
 * window of a day from its first upload; the declared size of an upload is counted before it
 * is streamed on, whether the upstream then keeps the files or not (the bytes have been
 * sent). An upload that would go over answers 429 with `Retry-After` (the rest of the window)
 * before any of its bytes reach the upstream.
 */
export class UploadQuota {
  constructor(
    private readonly counter: ByteCounter,
    private readonly options: { maxBytes: number; windowMs: number },
  ) {}

  async take(clientIp: string, bytes: number): Promise<void> {
    const { taken, resetInMs } = await this.counter.take(clientIp, bytes, this.options.maxBytes, this.options.windowMs);
    if (taken) return;
    throw new BffError(429, 'upload_quota_exceeded', errorMessages.uploadQuotaExceeded, undefined, {
      'retry-after': String(Math.max(1, Math.ceil(resetInMs / 1000))),
    });
  }
}
