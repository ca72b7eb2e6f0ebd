import type { FastifyRequest } from 'fastify';
import type { BotProtectionConfig } from '../config/env.js';
import { AltchaVerifier } from './altcha.js';
import { BOT_TOKEN_HEADER, type BotForm } from './bot-forms.js';
import type { BotVerifier } from './bot-verifier.js';
import type { ReplayStore } from './replay-store.js';
import { TurnstileVerifier } from './turnstile.js';

/**
 * The configured bot protection of the public forms: Turnstile, ALTCHA or off. `check` runs
 * after input validation (a typo must not burn the single-use token) and before anything
 * reaches the upstream.
 */
export class BotProtection {
  readonly verifier: BotVerifier | null;
  readonly altcha: AltchaVerifier | null;

  constructor(
    readonly config: BotProtectionConfig,
    replayStore: ReplayStore,
  ) {
    this.altcha =
      config.provider === 'altcha'
        ? new AltchaVerifier({ hmacKey: config.hmacKey, maxNumber: config.maxNumber, replayStore })
        : null;
    this.verifier = config.provider === 'turnstile' ? new TurnstileVerifier(config) : this.altcha;
  }

  /** The public part for the runtime configuration (`RuntimeConfig.botProtection`). */
  publicConfig(): { provider: 'turnstile' | 'altcha' | null; siteKey: string | null } {
    return {
      provider: this.config.provider,
      siteKey: this.config.provider === 'turnstile' ? this.config.siteKey : null,
    };
  }

  async check(request: FastifyRequest, form: BotForm): Promise<void> {
    if (!this.verifier) return;
    const header = request.headers[BOT_TOKEN_HEADER];
    const token = typeof header === 'string' ? header.trim() : undefined;
    try {
      await this.verifier.verify(token, form, { ip: request.ip, hostname: request.hostname });
      request.log.info({ event: 'bot_check_passed', form }, 'bot check passed');
    } catch (error) {
      const reason = (error as { reason?: unknown }).reason;
      request.log.warn({ event: 'bot_check_refused', form, reason }, 'bot check refused');
      throw error;
    }
  }
}
