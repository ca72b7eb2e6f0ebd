import { and, count, eq, gt, lt, max, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { rateLimitEvents } from '../db/schema.js';

export interface AttemptRule {
  /** Attempts allowed within the window; the next one is refused. */
  limit: number;
  windowSeconds: number;
}

/**
 * django-allauth's default limits that the portal's upstream keeps (upstream.yaml: the reset
 * request 429). Keyed by the lower-cased e-mail address; failed logins by the address *and* the
 * client (see {@link LOGIN_DELAY}), so nobody can lock another person out.
 * @see {@link https://docs.allauth.org/en/latest/account/rate_limits.html}
 */
export const ATTEMPT_RULES = {
  /**
   * Failed logins of one address from one client, counted over an hour; a successful login
   * clears the count. Not a plain limit: {@link AttemptLimits.loginDelay} turns it into delays.
   */
  loginFailed: { limit: 5, windowSeconds: 3600 },
  /** allauth `reset_password`: 5 per minute per key. */
  resetPassword: { limit: 5, windowSeconds: 60 },
  /** Wrong current passwords on the profile's password change: 5 per 300 s per account. */
  changePassword: { limit: 5, windowSeconds: 300 },
  /** Wrong second-factor codes of one user at login, over all their pending logins (ADR 012). */
  secondFactorFailed: { limit: 10, windowSeconds: 3600 },
  /** Wrong codes while activating an authenticator, per account. */
  secondFactorSetup: { limit: 10, windowSeconds: 300 },
} as const satisfies Record<string, AttemptRule>;

/**
 * Growing delays after failed logins of one address from one client: the first
 * `loginFailed.limit` failures cost nothing, then each further attempt must wait
 * `firstSeconds × 2^(failures − limit)` after the last failure, at most `maxSeconds`.
 */
export const LOGIN_DELAY = { firstSeconds: 30, maxSeconds: 900 } as const;

/** The key of failed logins: the address and the client (its IP address as the API sees it). */
export function loginAttemptKey(email: string, client: string): string {
  return `${email}|${client}`;
}

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

  /**
   * Seconds the client must still wait before its next login attempt for this key (0: go
   * ahead), per {@link LOGIN_DELAY}.
   */
  async loginDelay(key: string): Promise<number> {
    const rule = ATTEMPT_RULES.loginFailed;
    const [row] = await this.#db
      .select({
        failures: count(),
        sinceLast: sql<number | string | null>`extract(epoch from now() - ${max(rateLimitEvents.createdAt)})`,
      })
      .from(rateLimitEvents)
      .where(
        and(
          eq(rateLimitEvents.scope, 'loginFailed'),
          eq(rateLimitEvents.key, normaliseKey(key)),
          gt(rateLimitEvents.createdAt, sql`now() - make_interval(secs => ${rule.windowSeconds})`),
        ),
      );
    const failures = row?.failures ?? 0;
    if (failures < rule.limit || row?.sinceLast === null || row?.sinceLast === undefined) return 0;
    const delay = Math.min(LOGIN_DELAY.firstSeconds * 2 ** (failures - rule.limit), LOGIN_DELAY.maxSeconds);
    const remaining = delay - Number(row.sinceLast);
    return remaining > 0 ? Math.ceil(remaining) : 0;
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
