import { createHash, createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { BotForm } from './bot-forms.js';
import { BotCheckFailed, type BotVerifier } from './bot-verifier.js';
import type { ReplayStore } from './replay-store.js';

/** How long a challenge may be solved and submitted (altcha-lib's examples use 10 minutes). */
export const ALTCHA_CHALLENGE_LIFETIME_MS = 10 * 60_000;
const MAX_PAYLOAD_LENGTH = 8_192;

export interface AltchaOptions {
  hmacKey: string;
  /** Upper bound of the proof-of-work counter: the browser tries about half of it on average. */
  maxNumber: number;
  replayStore: ReplayStore;
  now?: () => number;
}

/**
 * Self-hosted ALTCHA (proof of work, no third party). Challenges are HMAC-signed and carry the
 * form they were issued for in their signed `data`, so a solution for one form is refused on
 * another (the challenge-splicing class of CVE-2025-68113 is fixed in altcha-lib ≥ 1.4.1; v2 is
 * used here). altcha-lib does not stop replays, so each solved challenge is claimed once in the
 * replay store until it would have expired anyway.
 * @see https://github.com/altcha-org/altcha-lib
 */
export class AltchaVerifier implements BotVerifier {
  private readonly signatureSecret: string;
  private readonly keySignatureSecret: string;
  private readonly now: () => number;

  constructor(private readonly options: AltchaOptions) {
    // Two secrets derived from one configured key, so the operator manages a single value.
    this.signatureSecret = createHmac('sha256', options.hmacKey).update('altcha-challenge').digest('hex');
    this.keySignatureSecret = createHmac('sha256', options.hmacKey).update('altcha-key').digest('hex');
    this.now = options.now ?? Date.now;
  }

  async challenge(form: BotForm): Promise<Challenge> {
    return createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(Math.max(1, Math.floor(this.options.maxNumber / 10)), this.options.maxNumber),
      deriveKey,
      data: { form },
      expiresAt: Math.floor((this.now() + ALTCHA_CHALLENGE_LIFETIME_MS) / 1000),
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySignatureSecret,
    });
  }

  async verify(token: string | undefined, form: BotForm): Promise<void> {
    if (!token || token.length > MAX_PAYLOAD_LENGTH) throw new BotCheckFailed();
    const payload = parsePayload(token);
    if (!payload) throw new BotCheckFailed('malformed payload');
    // A payload altcha-lib cannot even check is as unverified as a wrong one.
    const verified = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySignatureSecret,
    }).then(
      (result) => result.verified,
      () => false,
    );
    if (!verified) throw new BotCheckFailed('not verified');
    // The signature covers the parameters, so `data.form` is the form the challenge was issued for.
    if (payload.challenge.parameters.data?.form !== form) throw new BotCheckFailed('issued for another form');
    const expiresAtMs = (payload.challenge.parameters.expiresAt ?? 0) * 1000;
    const id = createHash('sha256')
      .update(payload.challenge.signature ?? payload.challenge.parameters.nonce)
      .digest('base64url');
    if (!(await this.options.replayStore.claim(id, expiresAtMs - this.now() + 1_000)))
      throw new BotCheckFailed('replayed');
  }
}

function parsePayload(token: string): Payload | null {
  try {
    const data = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Partial<Payload>;
    if (typeof data?.challenge?.parameters !== 'object' || typeof data.solution !== 'object' || data.solution === null)
      return null;
    return data as Payload;
  } catch {
    return null;
  }
}
