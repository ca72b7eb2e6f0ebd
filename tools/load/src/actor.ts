import { setTimeout as sleep } from 'node:timers/promises';
import type { Answer, BrowserClient } from './http-client.js';
import type { Failure, Recorder } from './recorder.js';

/** Tries of one operation: the first and five retries, about 8 s of back-off in all. */
const MAX_ATTEMPTS = 6;
const FIRST_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 4_000;
/** A Retry-After longer than this is not waited for (the user gives up). */
const MAX_RETRY_AFTER_MS = 60_000;

export interface StepRules {
  /** The answer the user wanted. */
  ok: (answer: Answer) => boolean;
  /** A refusal that is part of normal use and handled by the caller (a slot already taken). */
  expected?: (answer: Answer) => boolean;
}

/**
 * A simulated user that behaves like the web app: a failed operation is tried again after a
 * growing pause (as a user presses the button again; creates keep their Idempotency-Key), a
 * 401 on a session that was logged in means the session is gone (recorded, then a new log-in).
 */
export abstract class Actor {
  /** Set after a log-in; a 401 while set is a lost session. */
  protected loggedIn = false;

  constructor(
    readonly name: string,
    protected readonly client: BrowserClient,
    protected readonly recorder: Recorder,
  ) {}

  /** Logs in again after a lost session; false when that failed too. */
  protected abstract logInAgain(): Promise<boolean>;

  protected async step(name: string, send: () => Promise<Answer>, rules: StepRules): Promise<Answer | null> {
    const failures: Failure[] = [];
    for (let attempt = 1; ; attempt += 1) {
      const answer = await send();
      if (rules.ok(answer)) {
        this.recorder.ok(name, answer);
        for (const failure of failures) failure.recovered = true;
        return answer;
      }
      if (rules.expected?.(answer)) {
        // A proper answer the user understands (the slot is taken, it is already cancelled).
        this.recorder.expected(name);
        for (const failure of failures) failure.recovered = true;
        return answer;
      }
      failures.push(this.recorder.failed(this.name, name, answer));
      if (answer.status === 401 && this.loggedIn) {
        this.recorder.sessionLost(this.name, name, answer);
        this.loggedIn = false;
        if (attempt < MAX_ATTEMPTS && (await this.logInAgain())) continue;
        return null;
      }
      if (!isRetriable(answer) || attempt >= MAX_ATTEMPTS) return null;
      await sleep(pauseBefore(attempt, answer));
    }
  }

  /** A plain GET with this user's session and address, for the checks after a run. */
  get(path: string): Promise<Answer> {
    return this.client.call('GET', path);
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/** No answer, a server error or "too many requests": worth trying again; other 4xx are not. */
function isRetriable(answer: Answer): boolean {
  return answer.status === 0 || answer.status === 429 || answer.status >= 500;
}

/** Retry-After when the portal sends one (429, 503), else exponential back-off with jitter. */
function pauseBefore(attempt: number, answer: Answer): number {
  const retryAfter = Number(answer.headers['retry-after']);
  if (Number.isFinite(retryAfter) && retryAfter > 0) return Math.min(retryAfter * 1000, MAX_RETRY_AFTER_MS);
  const base = Math.min(FIRST_BACKOFF_MS * 2 ** (attempt - 1), MAX_BACKOFF_MS);
  return base * (0.75 + Math.random() * 0.5);
}
