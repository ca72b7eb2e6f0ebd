import type { Redis } from 'ioredis';
import type { UpstreamTokens } from '../upstream/upstream-auth.js';
import type { SessionReadCache } from './session-read-cache.js';
import { isLive, type SessionPatch, type SessionRecord, type SessionStore } from './session-store.js';

/**
 * Sessions in Redis, so any BFF instance can serve any request.
 *
 * Each session is one string key holding the record as JSON, so the read every proxied request
 * makes is a single `GET` and a single `JSON.parse`. (It was a hash with a JSON value per
 * field: `HGETALL` returned 18 bulk strings to parse and nine values to decode, about twice the
 * client CPU of a `GET` per read in a micro-benchmark, and more work for redis-server on the
 * same cores.) Writes are rare (login, tenant selection, the idle-timeout touch at most once a
 * minute, a token renewal every few minutes) and read-modify-write: the record is read,
 * changed here and stored by a Lua compare-and-set that succeeds only while the key still holds
 * exactly the bytes that were read, retried on a concurrent change. So a patch never loses
 * another writer's fields, a destroyed session is never recreated, and tokens are replaced
 * only while the expected refresh token is stored.
 *
 * The key expires at the earlier of the absolute end and the idle deadline; the session
 * manager checks both on every read as well.
 *
 * Per-user index (docs/architecture.md §4, "log out everywhere"): a set of session ids per user,
 * expiring with the longest-lived session in it. Ids of sessions that ended by expiry are
 * pruned at the user's next login and ignored by `destroyAllForUser`.
 *
 * The keys are `<prefix>sess:<id>` and `<prefix>user-sessions:<user id>`. Sessions stored by
 * earlier releases under `<prefix>session:<id>` (hashes) are not read: after the upgrade those
 * users log in again, and the old keys expire by themselves.
 */

/**
 * KEYS[1] session; ARGV: the value read, the new value, ttl ms (0 keeps the key's ttl).
 * Sets the new value only while the key still holds the value that was read.
 */
const COMPARE_AND_SET = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
if tonumber(ARGV[3]) > 0 then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
else
  redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
end
return 1`;

/**
 * KEYS[1] session, KEYS[2] the user's index; ARGV: session id, record, ttl ms. Creates the
 * session and lists it in the index, whose expiry is moved out to the session's if shorter
 * (PTTL is -1 for a new set, so a new index always gets one).
 */
const CREATE = `
redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
redis.call('SADD', KEYS[2], ARGV[1])
if redis.call('PTTL', KEYS[2]) < tonumber(ARGV[3]) then redis.call('PEXPIRE', KEYS[2], ARGV[3]) end
return 1`;

/** Concurrent writes to one session are rare; this many lost races means something is wrong. */
const MAX_WRITE_ATTEMPTS = 20;

interface SessionCommands {
  portalSessionCompareAndSet(key: string, expected: string, value: string, ttlMs: string): Promise<number>;
  portalSessionCreate(key: string, indexKey: string, id: string, value: string, ttlMs: string): Promise<number>;
}

export class RedisSessionStore implements SessionStore {
  private readonly commands: SessionCommands;

  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly idleTimeoutMs: number,
    private readonly now: () => number = Date.now,
    /** Tracked instance-local copies of the records read (session-read-cache.ts); none without. */
    private readonly cache: SessionReadCache | null = null,
  ) {
    // defineCommand sends EVALSHA (the script body only once per connection), and is idempotent
    // when several stores share one connection.
    redis.defineCommand('portalSessionCompareAndSet', { numberOfKeys: 1, lua: COMPARE_AND_SET });
    redis.defineCommand('portalSessionCreate', { numberOfKeys: 2, lua: CREATE });
    this.commands = redis as unknown as SessionCommands;
  }

  private key(id: string): string {
    return `${this.keyPrefix}sess:${id}`;
  }

  private userKey(userId: string): string {
    return `${this.keyPrefix}user-sessions:${userId}`;
  }

  /** Milliseconds until the session ends by itself, whichever limit comes first. */
  private ttlMs(record: Pick<SessionRecord, 'absoluteExpiresAt' | 'lastActiveAt'>): number {
    return Math.max(1, Math.min(record.absoluteExpiresAt, record.lastActiveAt + this.idleTimeoutMs) - this.now());
  }

  async get(id: string): Promise<SessionRecord | null> {
    const key = this.key(id);
    let raw = this.cache?.get(key);
    if (raw === undefined) {
      const readStartedAt = this.cache?.beforeRead() ?? 0;
      raw = (await this.redis.get(key)) ?? undefined;
      if (raw === undefined) return null;
      this.cache?.remember(key, raw, readStartedAt);
    }
    // Parsed per request: callers get a record of their own, never the cached one.
    const session = JSON.parse(raw) as SessionRecord;
    if (session.absoluteExpiresAt <= this.now()) return null;
    return session;
  }

  async create(id: string, record: SessionRecord): Promise<void> {
    this.cache?.forget(this.key(id));
    const userId = String(record.user.id);
    await this.commands.portalSessionCreate(
      this.key(id),
      this.userKey(userId),
      id,
      JSON.stringify(record),
      String(this.ttlMs(record)),
    );
    await this.pruneIndex(userId);
  }

  async patch(id: string, patch: SessionPatch): Promise<void> {
    if (Object.keys(patch).length === 0) return;
    await this.update(id, (record) => {
      // Concurrent requests may all decide to move the idle deadline; one write is enough.
      const onlyTouch = Object.keys(patch).length === 1 && patch.lastActiveAt !== undefined;
      if (onlyTouch && record.lastActiveAt >= (patch.lastActiveAt ?? 0)) return null;
      const next = { ...record, ...patch };
      // Only a real use moves the idle deadline (and so the key's expiry); the absolute end never moves.
      return { record: next, ttlMs: patch.lastActiveAt === undefined ? 0 : this.ttlMs(next) };
    });
  }

  async replaceTokens(id: string, expectedRefreshToken: string, tokens: UpstreamTokens): Promise<boolean> {
    return this.update(id, (record) => {
      if (record.refreshToken !== expectedRefreshToken) return null;
      const { accessToken, accessExpiresAt, refreshToken } = tokens;
      return { record: { ...record, accessToken, accessExpiresAt, refreshToken }, ttlMs: 0 };
    });
  }

  async destroy(id: string): Promise<void> {
    this.cache?.forget(this.key(id));
    const raw = await this.redis.getdel(this.key(id));
    if (raw === null) return;
    const record = JSON.parse(raw) as SessionRecord;
    await this.redis.srem(this.userKey(String(record.user.id)), id);
  }

  async destroyAllForUser(userId: string, options: { except?: string } = {}): Promise<SessionRecord[]> {
    const indexKey = this.userKey(userId);
    const ids = (await this.redis.smembers(indexKey)).filter((id) => id !== options.except);
    if (ids.length === 0) return [];
    // GETDEL, so two concurrent "log out everywhere" calls each end a session only once (and
    // the upstream logout of its refresh token happens once).
    for (const id of ids) this.cache?.forget(this.key(id));
    const values = await Promise.all(ids.map((id) => this.redis.getdel(this.key(id))));
    await this.redis.srem(indexKey, ...ids);
    return values.filter((raw): raw is string => raw !== null).map((raw) => JSON.parse(raw) as SessionRecord);
  }

  async listForUser(userId: string): Promise<Array<{ id: string; record: SessionRecord }>> {
    const ids = await this.redis.smembers(this.userKey(userId));
    if (ids.length === 0) return [];
    const values = await this.redis.mget(ids.map((id) => this.key(id)));
    const now = this.now();
    return ids.flatMap((id, index) => {
      const raw = values[index];
      if (raw === null || raw === undefined) return [];
      const record = JSON.parse(raw) as SessionRecord;
      return isLive(record, now, this.idleTimeoutMs) ? [{ id, record }] : [];
    });
  }

  async count(): Promise<number> {
    let count = 0;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${this.keyPrefix}sess:*`, 'COUNT', 500);
      cursor = next;
      count += keys.length;
    } while (cursor !== '0');
    return count;
  }

  /** The Redis connection belongs to the app, which closes it once everything using it is done. */
  async close(): Promise<void> {
    await this.cache?.close();
  }

  /**
   * Read, change, compare-and-set, again on a lost race. `change` returns null for "nothing to
   * write". Returns whether a change was stored; false also when the session does not exist.
   */
  private async update(
    id: string,
    change: (record: SessionRecord) => { record: SessionRecord; ttlMs: number } | null,
  ): Promise<boolean> {
    const key = this.key(id);
    for (let attempt = 1; attempt <= MAX_WRITE_ATTEMPTS; attempt += 1) {
      const raw = await this.redis.get(key);
      if (raw === null) return false;
      const changed = change(JSON.parse(raw) as SessionRecord);
      if (changed === null) return false;
      this.cache?.forget(key);
      const stored = await this.commands.portalSessionCompareAndSet(
        key,
        raw,
        JSON.stringify(changed.record),
        String(changed.ttlMs),
      );
      if (stored === 1) return true;
    }
    throw new Error(`session write lost ${MAX_WRITE_ATTEMPTS} races in a row`);
  }

  /** Drops ids of sessions that have expired from the user's index, so it stays small. */
  private async pruneIndex(userId: string): Promise<void> {
    const indexKey = this.userKey(userId);
    const ids = await this.redis.smembers(indexKey);
    if (ids.length <= 1) return;
    const alive = await Promise.all(ids.map((id) => this.redis.exists(this.key(id))));
    const gone = ids.filter((_id, index) => alive[index] === 0);
    if (gone.length > 0) await this.redis.srem(indexKey, ...gone);
  }
}
