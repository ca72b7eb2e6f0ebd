import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { rateLimitEvents } from '../db/schema.js';

export interface AttemptRule {
  /** Attempts allowed within the window; the next one is refused. */
  limit: number;
  windowSeconds: number;
}

/**
 * django-allauth's default limits that the portal's upstream keeps (upstream.yaml: login
 * answers `too_many_login_attempts`, the reset request 429). Keyed by the lower-cased e-mail
 * address only: every request reaches us from the BFF's address, so a per-IP limit would
 * throttle all tenants at once.
 * @see {@link https://docs.allauth.org/en/latest/account/rate_limits.html}
 */
export const ATTEMPT_RULES = {
  /** allauth `login_failed`: 5 per 300 s per key; a successful login clears the count. */
  loginFailed: { limit: 5, windowSeconds: 300 },
  /** allauth `reset_password`: 5 per minute per key. */
  resetPassword: { limit: 5, windowSeconds: 60 },
  /** Wrong current passwords on the profile's password change: 5 per 300 s per account. */
  changePassword: { limit: 5, windowSeconds: 300 },
} as const satisfies Record<string, AttemptRule>;

type Scope = keyof typeof ATTEMPT_RULES;

const LONGEST_WINDOW_SECONDS = Math.max(...Object.values(ATTEMPT_RULES).map((rule) => rule.windowSeconds));

export class AttemptLimits {
  readonly #db: Database;

  constructor(db: Database) {
    this.#db = db;
  }

  /** Whether the rule's limit is used up for this key. */
  async isExhausted(scope: Scope, key: string): Promise<boolean> {
    const rule = ATTEMPT_RULES[scope];
    const [row] = await this.#db
      .select({ value: count() })
      .from(rateLimitEvents)
      .where(
        and(
          eq(rateLimitEvents.scope, scope),
          eq(rateLimitEvents.key, normaliseKey(key)),
          // The database clock, so instances with skewed clocks agree.
          gt(rateLimitEvents.createdAt, sql`now() - make_interval(secs => ${rule.windowSeconds})`),
        ),
      );
    return (row?.value ?? 0) >= rule.limit;
  }

  async record(scope: Scope, key: string): Promise<void> {
    await this.#db.insert(rateLimitEvents).values({ scope, key: normaliseKey(key) });
  }

  async clear(scope: Scope, key: string): Promise<void> {
    await this.#db
      .delete(rateLimitEvents)
      .where(and(eq(rateLimitEvents.scope, scope), eq(rateLimitEvents.key, normaliseKey(key))));
  }

  /** Drops events no window can count any more. */
  async prune(): Promise<void> {
    await this.#db
      .delete(rateLimitEvents)
      .where(lt(rateLimitEvents.createdAt, sql`now() - make_interval(secs => ${LONGEST_WINDOW_SECONDS})`));
  }
}

function normaliseKey(key: string): string {
  return key.trim().toLowerCase();
}
