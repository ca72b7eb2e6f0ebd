import type { components } from '@portal/sdk/schema';
import { apiClient } from '#src/lib/api.ts';

/**
 * Bot protection for public forms (DESIGN "Bot protection"): the BFF verifies a token sent in
 * `X-Bot-Token`. With ALTCHA the token is a solved proof-of-work challenge, computed here
 * without any third-party script; Turnstile's token comes from Cloudflare's widget
 * (components/bot-protection). Off (provider null) by default.
 */

export type BotProtectedForm = components['schemas']['BotProtectedForm'];

interface AltchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

const isAltchaChallenge = (value: unknown): value is AltchaChallenge => {
  if (typeof value !== 'object' || value === null) return false;
  const { algorithm, challenge, salt, signature } = value as Record<string, unknown>;
  return [algorithm, challenge, salt, signature].every((field) => typeof field === 'string');
};

async function sha256Hex(text: string): Promise<string> {
  const hash = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(hash)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Finds the number whose SHA-256 of `salt + number` is the challenge and returns the payload
 * the ALTCHA widget would produce (base64 JSON).
 * @see {@link https://altcha.org/docs/proof-of-work}
 */
export async function solveAltcha(challenge: AltchaChallenge, digest = sha256Hex): Promise<string> {
  if (challenge.algorithm.toUpperCase() !== 'SHA-256') {
    throw new Error(`Unsupported ALTCHA algorithm ${challenge.algorithm}`);
  }
  const max = challenge.maxnumber ?? 1_000_000;
  const started = Date.now();
  for (let number = 0; number <= max; number += 1) {
    if ((await digest(`${challenge.salt}${number}`)) === challenge.challenge) {
      const { algorithm, salt, signature } = challenge;
      return btoa(
        JSON.stringify({ algorithm, challenge: challenge.challenge, number, salt, signature, took: Date.now() - started }),
      );
    }
  }
  throw new Error('ALTCHA challenge has no solution');
}

/** Fetches a fresh challenge for `form` from the BFF and solves it. */
export async function altchaToken(form: BotProtectedForm): Promise<string> {
  const { data } = await apiClient.GET('/api/bot-protection/challenge', { params: { query: { form } } });
  if (!isAltchaChallenge(data)) throw new Error('The BFF answered an ALTCHA challenge of an unknown shape');
  return solveAltcha(data);
}
