import { BffError, errorMessages } from '../http/errors.js';
import type { BotForm } from './bot-forms.js';

/** Verifies the bot-protection token of one public form submission, or throws. */
export interface BotVerifier {
  verify(token: string | undefined, form: BotForm, client: { ip: string; hostname: string }): Promise<void>;
}

/** A missing, forged, replayed or foreign token: 403, and the form has no effect. */
export class BotCheckFailed extends BffError {
  constructor(readonly reason = 'missing or invalid token') {
    super(403, 'bot_check_failed', errorMessages.botCheckFailed);
  }
}

/** The verifier cannot decide (down, slow, misconfigured): 503, failing closed. */
export class BotCheckUnavailable extends BffError {
  constructor(readonly reason = 'verifier unavailable') {
    super(503, 'bot_check_unavailable', errorMessages.botCheckUnavailable);
  }
}
