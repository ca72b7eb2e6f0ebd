import type { components } from '@portal/sdk/schema';
import { apiClient } from '#src/lib/api.ts';

/**
 * Bot protection for public forms (docs/architecture.md §4, bot protection): the BFF verifies a token sent in
 * `X-Bot-Token`. With ALTCHA the token is a solved proof-of-work challenge, computed here
 * without any third-party script; Turnstile's token comes from Cloudflare's widget
 * (components/bot-protection). Off (provider null) by default.
 */

export type BotProtectedForm = components['schemas']['BotProtectedForm'];

/**
 * An ALTCHA v2 challenge as altcha-lib 2 creates it in the BFF: signed parameters; the solver
 * looks for the counter whose derived key starts with `keyPrefix`.
 */
interface AltchaChallenge {
  parameters: {
    algorithm: string;
    nonce: string;
    salt: string;
    cost: number;
    keyLength?: number;
    keyPrefix: string;
    [other: string]: unknown;
  };
  signature?: string;
}

/** The BFF never asks for more work than this (ALTCHA_MAX_NUMBER's upper bound). */
const MAX_COUNTER = 10_000_000;

const isAltchaChallenge = (value: unknown): value is AltchaChallenge => {
  if (typeof value !== 'object' || value === null) return false;
  const parameters = (value as { parameters?: unknown }).parameters;
  if (typeof parameters !== 'object' || parameters === null) return false;
  const { algorithm, nonce, salt, keyPrefix, cost } = parameters as Record<string, unknown>;
  return [algorithm, nonce, salt, keyPrefix].every((field) => typeof field === 'string') && Number.isInteger(cost);
};

function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-f]*$/i.test(hex)) throw new Error('ALTCHA challenge holds malformed hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index += 1)
    bytes[index] = parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

const bytesToHex = (bytes: Uint8Array) => [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');

async function sha256(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', data as Uint8Array<ArrayBuffer>));
}

/**
 * Finds the counter of an ALTCHA v2 challenge and returns the payload the ALTCHA widget would
 * send (base64 JSON `{challenge, solution: {counter, derivedKey}}`). The key is derived as
 * altcha-lib's SHA algorithm does it: SHA-256 of salt + nonce + counter (uint32, big-endian),
 * hashed again `cost - 1` times, cut to `keyLength` bytes.
 * @see {@link https://altcha.org/docs/v2/}
 */
export async function solveAltcha(
  challenge: AltchaChallenge,
  digest = sha256,
  maxCounter = MAX_COUNTER,
): Promise<string> {
  const { algorithm, nonce, salt, cost, keyLength = 32, keyPrefix } = challenge.parameters;
  if (algorithm !== 'SHA-256') throw new Error(`Unsupported ALTCHA algorithm ${algorithm}`);
  const saltBytes = hexToBytes(salt);
  const nonceBytes = hexToBytes(nonce);
  const prefix = keyPrefix.toLowerCase();
  const input = new Uint8Array(saltBytes.length + nonceBytes.length + 4);
  input.set(saltBytes, 0);
  input.set(nonceBytes, saltBytes.length);
  const counterView = new DataView(input.buffer, saltBytes.length + nonceBytes.length, 4);
  const started = Date.now();
  for (let counter = 0; counter <= maxCounter; counter += 1) {
    counterView.setUint32(0, counter, false);
    let key = await digest(input);
    for (let round = 1; round < cost; round += 1) key = await digest(key);
    const derivedKey = bytesToHex(key.slice(0, keyLength));
    if (derivedKey.startsWith(prefix)) {
      return btoa(JSON.stringify({ challenge, solution: { counter, derivedKey, time: Date.now() - started } }));
    }
    // Let the page paint and react now and then while the work runs.
    if (counter % 2_000 === 1_999) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error('ALTCHA challenge has no solution');
}

/** Fetches a fresh challenge for `form` from the BFF and solves it. */
export async function altchaToken(form: BotProtectedForm): Promise<string> {
  const { data } = await apiClient.GET('/api/bot-protection/challenge', { params: { query: { form } } });
  if (!isAltchaChallenge(data)) throw new Error('The BFF answered an ALTCHA challenge of an unknown shape');
  return solveAltcha(data);
}
