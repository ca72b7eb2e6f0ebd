/**
 * An instance-wide retry budget (docs/architecture.md §4, Retries): retries may add at most `ratio` of the calls made
 * in the last `windowMs`, so when the upstream fails every call (an outage, an overload), this
 * instance sends it at most (1 + ratio) times its own traffic instead of twice as much. A
 * small allowance of `minPerSecond` retries is always there, so a quiet instance still retries
 * the odd transient failure.
 *
 * The same idea as Envoy's retry budget (`budget_percent`, 20 % by default) and Finagle's
 * RetryBudget (a 10 s window with a minimum of retries per second); the Google SRE book keeps a
 * client's retries under 10 % of its requests. Counted in one-second buckets, so the window
 * slides without storing every call.
 */
export interface RetryBudgetOptions {
  /** Retries allowed as a share of calls in the window, 0–1. 0 leaves only the minimum. */
  ratio: number;
  /** Retries allowed per second of the window whatever the traffic. */
  minPerSecond: number;
  windowMs?: number;
  now?: () => number;
}

const BUCKET_MS = 1_000;

export class RetryBudget {
  private readonly buckets: Array<{ second: number; calls: number; retries: number }>;
  private readonly ratio: number;
  private readonly minRetries: number;
  private readonly now: () => number;

  constructor(options: RetryBudgetOptions) {
    const windowMs = options.windowMs ?? 10_000;
    const size = Math.max(1, Math.round(windowMs / BUCKET_MS));
    this.buckets = Array.from({ length: size }, () => ({ second: -1, calls: 0, retries: 0 }));
    this.ratio = options.ratio;
    this.minRetries = options.minPerSecond * ((size * BUCKET_MS) / 1_000);
    this.now = options.now ?? Date.now;
  }

  /** Counts one call (a first attempt) towards the budget. */
  recordCall(): void {
    this.bucket().calls += 1;
  }

  /** Takes a retry from the budget if one is left; false means "answer without retrying". */
  tryRetry(): boolean {
    const { calls, retries } = this.totals();
    if (retries >= Math.max(this.minRetries, this.ratio * calls)) return false;
    this.bucket().retries += 1;
    return true;
  }

  private bucket() {
    const second = Math.floor(this.now() / BUCKET_MS);
    const bucket = this.buckets[second % this.buckets.length] as { second: number; calls: number; retries: number };
    if (bucket.second !== second) {
      bucket.second = second;
      bucket.calls = 0;
      bucket.retries = 0;
    }
    return bucket;
  }

  private totals(): { calls: number; retries: number } {
    const oldest = Math.floor(this.now() / BUCKET_MS) - this.buckets.length + 1;
    let calls = 0;
    let retries = 0;
    for (const bucket of this.buckets) {
      if (bucket.second < oldest) continue;
      calls += bucket.calls;
      retries += bucket.retries;
    }
    return { calls, retries };
  }
}
