import { expect } from 'vitest';

/** What `expect.poll` answers: the usual matchers, each awaited. */
type PolledAssertion = ReturnType<typeof expect.poll>;

/**
 * Reads again until the expectation holds, for up to 5 s: for what an API instance shows only
 * once a notification from the database has arrived, a moment after the commit (a change made
 * beside it – by a statement of its own, the CLI, a job or another instance; ADR 014).
 */
export function eventually<T>(read: () => Promise<T>): PolledAssertion {
  return expect.poll(read, { timeout: 5_000, interval: 20 });
}
