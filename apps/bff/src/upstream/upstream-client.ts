import { EventEmitter } from 'node:events';
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool, errors as undiciErrors, type Dispatcher } from 'undici';
import { BffError, errorMessages } from '../http/errors.js';
import { RetryBudget, type RetryBudgetOptions } from './retry-budget.js';

/**
 * Every call the BFF makes to the upstream goes through here, so the retry rule
 * (docs/product.md §7, docs/architecture.md §4) is applied exactly once and in one place:
 * - statuses 408, 409, 425, 429, 500, 502, 503, 504 and network failures are retried;
 * - a request without a body once, a request with a body never (unless the caller marks it
 *   idempotent, e.g. because it carries an `Idempotency-Key` the upstream honours);
 * - `Retry-After` is read as seconds (or an HTTP date) and capped: above the cap, no retry;
 * - each try has its own timeout covering headers and body; TLS certificates are verified;
 * - retries come out of an instance-wide budget (a share of the calls, `retry-budget.ts`), so
 *   an upstream that fails everything sees at most that much extra load from this instance.
 * undici is used directly rather than @fastify/reply-from, whose built-in 503 retries, millisecond
 * `Retry-After` and unverified TLS would each have to be switched off (see docs/decisions/002-bff-sessions-and-upstream-transport.md).
 *
 * Several upstream instances (`UPSTREAM_URL=http://a,http://b`) are balanced here, round robin
 * over one undici Pool each (docs/decisions/010-files-in-the-database.md):
 * - a retry goes to another instance than the attempt it repeats;
 * - an instance that refuses the connection (or cannot be reached) never got the request, so
 *   the call moves on to the next instance at once, whatever its method, outside the retry
 *   rule and budget – each instance is tried at most once per call;
 * - an instance that refused a connection or dropped one is left out until its health path
 *   (`/health`) answers 2xx again, probed every half second meanwhile; when every instance is
 *   out, calls go to them anyway.
 */

export const RETRYABLE_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const MAX_RETRY_AFTER_MS = 2_000;

export type UpstreamMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface UpstreamRequest {
  method: UpstreamMethod;
  /** Path and query string, e.g. `/api/v1/support_tickets/?page=2`. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer | Readable;
  /** Allows one retry even though the request has a body (it carries an idempotency key). */
  idempotent?: boolean;
}

export interface UpstreamResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: Dispatcher.ResponseData['body'];
}

export interface UpstreamClientOptions {
  /** The upstream's base URL, or several instances' (balanced; see the top of this file). */
  baseUrl: string | readonly string[];
  /** Path probed on an instance left out after a failure, to take it back (default `/health`). */
  healthPath?: string;
  /** How often a left-out instance is probed (default 500 ms). */
  healthProbeIntervalMs?: number;
  timeoutMs: number;
  /** Total time for a call including its retry; defaults to two tries plus a second. */
  deadlineMs?: number;
  /** Extra delay before a retry when the upstream gives no Retry-After (jittered). */
  retryBackoffMs?: number;
  /** Instance-wide retry budget; 20 % of calls plus one retry a second when unset. */
  retryBudget?: RetryBudgetOptions;
  /** Told how every attempt ended and how long it took (metrics). */
  onAttempt?: (outcome: 'ok' | 'error_status' | 'timeout' | 'network_error', seconds: number) => void;
}

/** One upstream instance: its connection pool, and whether it is left out after a failure. */
interface Instance {
  readonly origin: string;
  /** Path of the base URL (an upstream mounted below `/`), without a trailing slash. */
  readonly basePath: string;
  readonly pool: Pool;
  down: boolean;
  probe: NodeJS.Timeout | undefined;
}

/** Failures that happen before the request leaves: the instance never saw it. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
]);
const errorCode = (error: unknown) => (error instanceof Error ? (error as { code?: unknown }).code : undefined);
const wasNotSent = (error: unknown) => NOT_SENT_CODES.has(String(errorCode(error)));
/** The instance went away under the request (killed, restarted): it may or may not have run it. */
const wasDropped = (error: unknown) => wasNotSent(error) || errorCode(error) === 'UND_ERR_SOCKET';

export class UpstreamClient {
  private readonly instances: Instance[];
  private next = 0;
  private closed = false;
  private readonly retryBudget: RetryBudget;

  constructor(private readonly options: UpstreamClientOptions) {
    this.retryBudget = new RetryBudget(options.retryBudget ?? { ratio: 0.2, minPerSecond: 1 });
    const urls = typeof options.baseUrl === 'string' ? [options.baseUrl] : [...options.baseUrl];
    if (urls.length === 0) throw new Error('UpstreamClient needs at least one base URL');
    this.instances = urls.map((url) => {
      const base = new URL(url);
      return {
        origin: base.origin,
        basePath: base.pathname.replace(/\/+$/, ''),
        // One origin each, so Pools rather than an Agent: no URL parsing and origin lookup per request.
        pool: new Pool(base.origin, {
          // HTTP/1.1 keep-alive connections, as before undici 8 offered HTTP/2 to TLS servers by
          // default: the per-try timeouts and the retry rules assume one request per connection.
          allowH2: false,
          connections: 128,
          headersTimeout: options.timeoutMs,
          bodyTimeout: options.timeoutMs,
          connect: { rejectUnauthorized: true, timeout: Math.min(options.timeoutMs, 5_000) },
        }),
        down: false,
        probe: undefined,
      };
    });
  }

  /** The upstream instances' origins and whether each is in use (for readiness and tests). */
  instanceStates(): { origin: string; up: boolean }[] {
    return this.instances.map((instance) => ({ origin: instance.origin, up: !instance.down }));
  }

  /** Round robin over the instances in use that this call has not tried; any untried one when none is in use. */
  private pick(tried: ReadonlySet<Instance>): Instance | undefined {
    const count = this.instances.length;
    let fallback: Instance | undefined;
    for (let step = 0; step < count; step += 1) {
      const instance = this.instances[(this.next + step) % count] as Instance;
      if (tried.has(instance)) continue;
      if (!instance.down) {
        this.next = (this.next + step + 1) % count;
        return instance;
      }
      fallback ??= instance;
    }
    if (fallback !== undefined) this.next = (this.instances.indexOf(fallback) + 1) % count;
    return fallback;
  }

  /** Leaves the instance out and probes it until it answers again. */
  private markDown(instance: Instance): void {
    if (this.instances.length === 1 || instance.down || this.closed) return;
    instance.down = true;
    const interval = this.options.healthProbeIntervalMs ?? 500;
    const probe = async () => {
      instance.probe = undefined;
      if (this.closed) return;
      if (await this.probeInstance(instance, this.options.healthPath ?? '/health', Math.min(interval * 2, 2_000))) {
        instance.down = false;
        return;
      }
      if (!this.closed) instance.probe = setTimeout(() => void probe(), interval).unref();
    };
    instance.probe = setTimeout(() => void probe(), interval).unref();
  }

  async request(upstreamRequest: UpstreamRequest): Promise<UpstreamResponse> {
    const hasBody = upstreamRequest.body !== undefined;
    // A streamed body can be sent only once, so it is never retried.
    const bodyIsReplayable =
      !hasBody || typeof upstreamRequest.body === 'string' || Buffer.isBuffer(upstreamRequest.body);
    const mayRetry = bodyIsReplayable && (!hasBody || upstreamRequest.idempotent === true);
    const attempts = mayRetry ? 2 : 1;
    const deadline = Date.now() + (this.options.deadlineMs ?? this.options.timeoutMs * 2 + 1_000);
    // A retry is worth starting only if it still has a useful share of a try's time.
    const fitsBeforeDeadline = (delayMs: number) =>
      deadline - Date.now() - delayMs >= Math.min(this.options.timeoutMs, 250);
    this.retryBudget.recordCall();
    const tried = new Set<Instance>();
    let instance = this.pick(tried) as Instance;

    for (let attempt = 1; ; attempt += 1) {
      const isLastAttempt = attempt >= attempts;
      let response: UpstreamResponse;
      try {
        response = await this.send(
          upstreamRequest,
          Math.max(1, Math.min(this.options.timeoutMs, deadline - Date.now())),
          instance,
        );
      } catch (error) {
        if (wasDropped(error)) this.markDown(instance);
        tried.add(instance);
        const untried = this.pick(tried);
        if (wasNotSent(error) && bodyIsReplayable && untried !== undefined && fitsBeforeDeadline(0)) {
          // Never reached the instance: on to the next one, not counted as a retry.
          instance = untried;
          attempt -= 1;
          continue;
        }
        instance = untried ?? this.pick(new Set()) ?? instance;
        const delay = this.backoff();
        if (isLastAttempt || !fitsBeforeDeadline(delay) || !this.retryBudget.tryRetry()) throw toBffError(error);
        await sleep(delay);
        continue;
      }
      if (isLastAttempt || !RETRYABLE_STATUSES.has(response.statusCode)) return response;
      const delay = retryDelay(response.headers['retry-after'], this.backoff());
      if (delay === null || !fitsBeforeDeadline(delay) || !this.retryBudget.tryRetry()) return response;
      // The first answer is discarded; drain it so the connection can be reused.
      await response.body.dump().catch(() => undefined);
      tried.add(instance);
      instance = this.pick(tried) ?? instance;
      await sleep(delay);
    }
  }

  /** Convenience for the BFF's own calls: sends JSON and reads a JSON answer. */
  async json(upstreamRequest: Omit<UpstreamRequest, 'body'> & { json?: unknown }): Promise<{
    statusCode: number;
    headers: UpstreamResponse['headers'];
    data: unknown;
  }> {
    const { json, ...rest } = upstreamRequest;
    const headers: Record<string, string> = { accept: 'application/json', ...rest.headers };
    let body: string | undefined;
    if (json !== undefined) {
      body = JSON.stringify(json);
      headers['content-type'] = 'application/json';
    }
    const response = await this.request({ ...rest, headers, ...(body === undefined ? {} : { body }) });
    const text = await response.body.text().catch((error: unknown) => {
      throw toBffError(error);
    });
    if (text === '') return { statusCode: response.statusCode, headers: response.headers, data: null };
    try {
      return { statusCode: response.statusCode, headers: response.headers, data: JSON.parse(text) as unknown };
    } catch {
      throw new BffError(502, 'upstream_bad_response', errorMessages.upstreamBadResponse);
    }
  }

  /**
   * One untried GET per instance for readiness probes: true when at least one instance answers
   * 2xx in time (the BFF can serve while another instance is down).
   */
  async probe(path: string, timeoutMs: number): Promise<boolean> {
    const answers = await Promise.all(this.instances.map((instance) => this.probeInstance(instance, path, timeoutMs)));
    return answers.includes(true);
  }

  private async probeInstance(instance: Instance, path: string, timeoutMs: number): Promise<boolean> {
    try {
      const response = await this.send(
        { method: 'GET', path, headers: { accept: 'application/json' } },
        timeoutMs,
        instance,
        false,
      );
      await response.body.dump();
      return response.statusCode >= 200 && response.statusCode < 300;
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const instance of this.instances) clearTimeout(instance.probe);
    await Promise.all(this.instances.map((instance) => instance.pool.close()));
  }

  private async send(
    upstreamRequest: UpstreamRequest,
    timeoutMs: number,
    instance: Instance,
    measured = true,
  ): Promise<UpstreamResponse> {
    // undici's own timeouts tick coarsely (about a second), so the wait for the answer's
    // headers is bounded by a precise timer; the body then has the idle timeout between chunks,
    // so a large download that keeps flowing is not cut off.
    // undici accepts an EventEmitter as the abort signal; an AbortController (an EventTarget)
    // cost several times more per request in the profile of the proxied GET.
    const abort = new EventEmitter();
    const onAttempt = measured ? this.options.onAttempt : undefined;
    const started = onAttempt ? performance.now() : 0;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.emit('abort');
    }, timeoutMs);
    try {
      const response = await instance.pool.request({
        path: `${instance.basePath}${upstreamRequest.path}`,
        signal: abort,
        bodyTimeout: timeoutMs,
        method: upstreamRequest.method,
        headers: upstreamRequest.headers,
        body: upstreamRequest.body ?? null,
      });
      onAttempt?.(response.statusCode >= 500 ? 'error_status' : 'ok', (performance.now() - started) / 1000);
      return { statusCode: response.statusCode, headers: response.headers, body: response.body };
    } catch (error) {
      onAttempt?.(timedOut ? 'timeout' : 'network_error', (performance.now() - started) / 1000);
      if (timedOut) throw new BffError(504, 'upstream_timeout', errorMessages.upstreamTimeout);
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private backoff(): number {
    const base = this.options.retryBackoffMs ?? 100;
    return base + Math.floor(Math.random() * base);
  }
}

/**
 * Delay before a retry in milliseconds, or null when the upstream asks for a longer wait than
 * we are willing to hold the user's request for.
 */
export function retryDelay(retryAfter: string | string[] | undefined, fallbackMs: number): number | null {
  const value = Array.isArray(retryAfter) ? retryAfter[0] : retryAfter;
  if (value === undefined || value.trim() === '') return fallbackMs;
  let delayMs: number;
  if (/^\d+$/.test(value.trim())) {
    delayMs = Number(value.trim()) * 1000;
  } else {
    const date = Date.parse(value);
    if (Number.isNaN(date)) return fallbackMs;
    delayMs = Math.max(0, date - Date.now());
  }
  return delayMs > MAX_RETRY_AFTER_MS ? null : delayMs;
}

function toBffError(error: unknown): BffError {
  if (error instanceof BffError) return error;
  if (
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    error instanceof undiciErrors.ConnectTimeoutError
  ) {
    return new BffError(504, 'upstream_timeout', errorMessages.upstreamTimeout);
  }
  return new BffError(502, 'upstream_unavailable', errorMessages.upstreamUnavailable);
}
