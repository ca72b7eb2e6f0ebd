import type { Answer } from './http-client.js';

/** One request that did not get the answer the simulated user wanted. */
export interface Failure {
  /** Seconds since the start of the run. */
  at: number;
  actor: string;
  step: string;
  /** HTTP status; 0 when there was no answer. */
  status: number;
  /** `code` of the error body, or the connection error. */
  code: string;
  message: string | null;
  /** A 5xx whose JSON body has a Czech `message`: an error the portal meant to give. */
  clean: boolean;
  /** A later try of the same operation succeeded. */
  recovered: boolean;
}

interface StepStats {
  /** Durations of the answers that were what the user wanted, in ms. */
  ok: number[];
  errors: number;
  /** Expected refusals that are not errors (a slot someone else booked: 409). */
  expected: number;
}

// Letters only Czech text has; every message of the BFF and API contains at least one.
const CZECH_LETTERS = /[áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ]/;

export function errorBody(answer: Answer): { code: string; message: string | null } {
  if (answer.status === 0) return { code: answer.error ?? 'no_answer', message: null };
  const body = answer.body;
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const { code, message } = body as { code?: unknown; message?: unknown };
    return {
      code: typeof code === 'string' ? code : 'no_code',
      message: typeof message === 'string' ? message : null,
    };
  }
  return { code: typeof body === 'string' && body.startsWith('<') ? 'html_body' : 'not_json', message: null };
}

export function isCleanServerError(answer: Answer): boolean {
  const { message } = errorBody(answer);
  return answer.status >= 500 && message !== null && CZECH_LETTERS.test(message);
}

/** Latencies, errors and failures of one run, shared by every simulated user. */
export class Recorder {
  readonly startedAt = performance.now();
  endedAt: number | null = null;
  readonly steps = new Map<string, StepStats>();
  readonly failures: Failure[] = [];
  /** Authenticated requests answered 401: the session the user had was gone. */
  readonly lostSessions: Array<{ at: number; actor: string; step: string; code: string }> = [];

  seconds(): number {
    return ((this.endedAt ?? performance.now()) - this.startedAt) / 1000;
  }

  private stats(step: string): StepStats {
    let stats = this.steps.get(step);
    if (!stats) {
      stats = { ok: [], errors: 0, expected: 0 };
      this.steps.set(step, stats);
    }
    return stats;
  }

  ok(step: string, answer: Answer): void {
    this.stats(step).ok.push(answer.ms);
  }

  expected(step: string): void {
    this.stats(step).expected += 1;
  }

  failed(actor: string, step: string, answer: Answer): Failure {
    this.stats(step).errors += 1;
    const { code, message } = errorBody(answer);
    const failure: Failure = {
      at: this.seconds(),
      actor,
      step,
      status: answer.status,
      code,
      message,
      clean: isCleanServerError(answer),
      recovered: false,
    };
    this.failures.push(failure);
    return failure;
  }

  sessionLost(actor: string, step: string, answer: Answer): void {
    this.lostSessions.push({ at: this.seconds(), actor, step, code: errorBody(answer).code });
  }

  /** Requests answered as wanted per second, over the whole run. */
  throughput(): number {
    let total = 0;
    for (const stats of this.steps.values()) total += stats.ok.length;
    return total / this.seconds();
  }

  /** The printed table: one line per step, then the error statuses. */
  report(order: readonly string[] = []): string {
    const lines: string[] = [];
    // The steps in the order a user goes through them; any others after them.
    const rank = (step: string) => (order.includes(step) ? order.indexOf(step) : order.length);
    const steps = [...this.steps].sort(([a], [b]) => rank(a) - rank(b));
    const rows = steps.map(([step, stats]) => {
      const sorted = [...stats.ok].sort((a, b) => a - b);
      return [
        step,
        String(sorted.length),
        (sorted.length / this.seconds()).toFixed(1),
        ms(percentile(sorted, 50)),
        ms(percentile(sorted, 95)),
        ms(percentile(sorted, 99)),
        ms(sorted.at(-1)),
        String(stats.errors),
      ];
    });
    const header = ['step', 'ok', 'ok/s', 'p50', 'p95', 'p99', 'max', 'errors'];
    lines.push(...table([header, ...rows]));
    let requests = 0;
    let errors = 0;
    for (const stats of this.steps.values()) {
      requests += stats.ok.length + stats.errors + stats.expected;
      errors += stats.errors;
    }
    lines.push('');
    lines.push(
      `${requests} requests in ${this.seconds().toFixed(1)} s: ${this.throughput().toFixed(1)} answered as wanted per second, ` +
        `${errors} errors${errors > 0 ? ` (${errorStatuses(this.failures)})` : ''}`,
    );
    const expected = [...this.steps].filter(([, stats]) => stats.expected > 0);
    if (expected.length > 0) {
      lines.push(
        `expected refusals (not errors): ${expected.map(([step, stats]) => `${step} ${stats.expected}`).join(', ')}`,
      );
    }
    return lines.join('\n');
  }
}

/** "502 upstream_unavailable ×3, 0 ECONNRESET ×1" */
export function errorStatuses(failures: Failure[]): string {
  const counts = new Map<string, number>();
  for (const failure of failures) {
    const key = `${failure.status} ${failure.code}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([key, count]) => `${key} ×${count}`)
    .join(', ');
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: number[], p: number): number | undefined {
  if (sorted.length === 0) return undefined;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

function ms(value: number | undefined): string {
  return value === undefined ? '–' : `${Math.round(value)} ms`;
}

/** Columns padded to their widest cell; the first left-aligned, the rest right-aligned. */
export function table(rows: string[][]): string[] {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
  return rows.map((row) =>
    row
      .map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0)))
      .join('  '),
  );
}
