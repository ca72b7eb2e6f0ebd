import type { Redis } from 'ioredis';
import type { SessionPatch, SessionRecord, SessionStore, SessionTokens } from './session-store.js';

/**
 * Sessions in Redis, so any BFF instance can serve any request. One hash per session, each field
 * JSON-encoded, so a patch touches only its fields and the compare-and-set of the tokens is one
 * Lua script (atomic in Redis). The key expires at the earlier of the absolute lifetime and the
 * idle deadline; the session manager checks both on every read as well.
 */

const TOKEN_FIELDS = ['accessToken', 'accessExpiresAt', 'refreshToken'] as const;

/** KEYS[1] session; ARGV: ttl ms, then field/value pairs. Only an existing session is patched. */
const PATCH_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
for i = 2, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
if tonumber(ARGV[1]) > 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return 1`;

/** KEYS[1] session; ARGV: expected refresh token (JSON), then field/value pairs. */
const REPLACE_TOKENS_SCRIPT = `
if redis.call('HGET', KEYS[1], 'refreshToken') ~= ARGV[1] then return 0 end
for i = 2, #ARGV, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
return 1`;

export class RedisSessionStore implements SessionStore {
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly idleTimeoutMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  private key(id: string): string {
    return `${this.keyPrefix}session:${id}`;
  }

  /** Milliseconds until the session ends by itself, whichever limit comes first. */
  private ttlMs(record: Pick<SessionRecord, 'absoluteExpiresAt' | 'lastActiveAt'>): number {
    return Math.max(1, Math.min(record.absoluteExpiresAt, record.lastActiveAt + this.idleTimeoutMs) - this.now());
  }

  async get(id: string): Promise<SessionRecord | null> {
    const fields = await this.redis.hgetall(this.key(id));
    if (!fields.refreshToken) return null;
    const record = Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, JSON.parse(value) as unknown]));
    const session = record as unknown as SessionRecord;
    if (session.absoluteExpiresAt <= this.now()) return null;
    return session;
  }

  async create(id: string, record: SessionRecord): Promise<void> {
    const key = this.key(id);
    await this.redis.multi().hset(key, encode(record)).pexpire(key, this.ttlMs(record)).exec();
  }

  async patch(id: string, patch: SessionPatch): Promise<void> {
    const fields = Object.entries(encode(patch)).flat();
    if (fields.length === 0) return;
    let ttl = 0;
    if (patch.lastActiveAt !== undefined) {
      // Only a real use moves the idle deadline; the absolute end never moves.
      const absolute = await this.redis.hget(this.key(id), 'absoluteExpiresAt');
      if (absolute === null) return;
      ttl = this.ttlMs({ absoluteExpiresAt: Number(absolute), lastActiveAt: patch.lastActiveAt });
    }
    await this.redis.eval(PATCH_SCRIPT, 1, this.key(id), String(ttl), ...fields);
  }

  async replaceTokens(id: string, expectedRefreshToken: string, tokens: SessionTokens): Promise<boolean> {
    const fields = TOKEN_FIELDS.flatMap((name) => [name, JSON.stringify(tokens[name])]);
    const stored = await this.redis.eval(
      REPLACE_TOKENS_SCRIPT,
      1,
      this.key(id),
      JSON.stringify(expectedRefreshToken),
      ...fields,
    );
    return stored === 1;
  }

  async destroy(id: string): Promise<void> {
    await this.redis.del(this.key(id));
  }

  async count(): Promise<number> {
    let count = 0;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.keyPrefix}session:*`, 'COUNT', 500);
      cursor = next;
      count += keys.length;
    } while (cursor !== '0');
    return count;
  }

  /** The Redis connection belongs to the app, which closes it once everything using it is done. */
  async close(): Promise<void> {}
}

function encode(values: object): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (value !== undefined) fields[name] = JSON.stringify(value);
  }
  return fields;
}
