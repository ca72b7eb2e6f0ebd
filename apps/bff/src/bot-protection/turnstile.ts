import { randomUUID } from 'node:crypto';
import { request } from 'undici';
import { BffError } from '../http/errors.js';
import type { BotForm } from './bot-forms.js';
import { BotCheckFailed, BotCheckUnavailable, type BotVerifier } from './bot-verifier.js';

export interface TurnstileOptions {
  secretKey: string;
  verifyUrl: string;
  /** The hostname the widget must have run on; null: the request's own host. */
  hostname: string | null;
  timeoutMs: number;
}

/** Cloudflare's limit; longer tokens are forged and not worth a siteverify call. */
const MAX_TOKEN_LENGTH = 2048;

interface SiteverifyAnswer {
  success?: unknown;
  hostname?: unknown;
  action?: unknown;
  'error-codes'?: unknown;
}

/**
 * Cloudflare Turnstile, verified on the server through siteverify (the widget alone proves
 * nothing). Fails closed: an unreachable, slow or nonsensical verifier refuses the form. A
 * failed call is retried once with the same `idempotency_key`, which Cloudflare requires for
 * a retry of the same token to succeed.
 * @see https://developers.cloudflare.com/turnstile/get-started/server-side-validation/
 */
export class TurnstileVerifier implements BotVerifier {
  constructor(private readonly options: TurnstileOptions) {}

  async verify(token: string | undefined, form: BotForm, client: { ip: string; hostname: string }): Promise<void> {
    if (!token || token.length > MAX_TOKEN_LENGTH) throw new BotCheckFailed();
    const idempotencyKey = randomUUID();
    const body = JSON.stringify({
      secret: this.options.secretKey,
      response: token,
      remoteip: client.ip,
      idempotency_key: idempotencyKey,
    });

    let answer = await this.call(body);
    if (answer === null || isInternalError(answer)) answer = await this.call(body);
    if (answer === null || isInternalError(answer)) throw new BotCheckUnavailable();

    const errorCodes = Array.isArray(answer['error-codes']) ? answer['error-codes'].map(String) : [];
    if (errorCodes.some((code) => code === 'missing-input-secret' || code === 'invalid-input-secret')) {
      // Our secret is wrong: no visitor can pass, which is an outage, not a bot.
      throw new BotCheckUnavailable('turnstile secret refused');
    }
    if (answer.success !== true) throw new BotCheckFailed(errorCodes.join(',') || 'not successful');
    const expectedHostname = this.options.hostname ?? client.hostname;
    if (answer.hostname !== expectedHostname) throw new BotCheckFailed('hostname mismatch');
    if (answer.action !== form) throw new BotCheckFailed('action mismatch');
  }

  /** One siteverify call; null when the verifier could not give a usable answer. */
  private async call(body: string): Promise<SiteverifyAnswer | null> {
    try {
      const response = await request(this.options.verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      const text = await response.body.text();
      if (response.statusCode !== 200) return null;
      const data = JSON.parse(text) as unknown;
      return typeof data === 'object' && data !== null && !Array.isArray(data) ? data : null;
    } catch (error) {
      if (error instanceof BffError) throw error;
      return null;
    }
  }
}

function isInternalError(answer: SiteverifyAnswer): boolean {
  return Array.isArray(answer['error-codes']) && answer['error-codes'].includes('internal-error');
}
