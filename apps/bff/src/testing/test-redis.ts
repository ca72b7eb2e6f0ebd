import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the tests use: this machine's local server unless TEST_REDIS_URL names another. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TestRedis {
  url: string;
  /** A key prefix of its own, so parallel test files and runs never see each other's keys. */
  keyPrefix: string;
  client: Redis;
  keys(): Promise<string[]>;
  /** Deletes every key under the prefix and disconnects. */
  close(): Promise<void>;
}

/**
 * Connects to the test Redis or throws: a Redis test that cannot reach Redis must fail, never
 * be skipped, or a broken set-up would pass silently.
 */
export async function connectTestRedis(): Promise<TestRedis> {
  const client = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3_000 });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new Error(`Redis tests need Redis at ${TEST_REDIS_URL} (set TEST_REDIS_URL): ${String(error)}`, {
      cause: error,
    });
  }
  const keyPrefix = `portal-bff-test:${randomUUID()}:`;
  const keys = async () => {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await client.scan(cursor, 'MATCH', `${keyPrefix}*`, 'COUNT', 1000);
      cursor = next;
      found.push(...batch);
    } while (cursor !== '0');
    return found;
  };
  return {
    url: TEST_REDIS_URL,
    keyPrefix,
    client,
    keys,
    close: async () => {
      const leftovers = await keys();
      if (leftovers.length > 0) await client.del(...leftovers);
      await client.quit();
    },
  };
}
