import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt password hashes in a PHC-style string: `$scrypt$ln=15,r=8,p=1$<salt>$<hash>`
 * (base64 without padding). The parameters travel with the hash, so they can be raised later
 * and old hashes still verify ({@link needsRehash} tells when to upgrade one at login).
 *
 * Cost: N = 2^15, r = 8, p = 1 is OWASP's scrypt recommendation (32 MiB, ~50–100 ms here).
 * @see {@link https://cheatsheetseries.owasp.org/cheatsheets/Password_Storage_Cheat_Sheet.html#scrypt}
 */
const CURRENT = { ln: 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// A stored hash is data; bound its parameters so a tampered row cannot make a login burn
// gigabytes of memory.
const MAX_LN = 20;
const MAX_R = 16;
const MAX_P = 4;

interface ScryptParams {
  ln: number;
  r: number;
  p: number;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, CURRENT, KEY_LENGTH);
  return format(CURRENT, salt, key);
}

/** Constant-time comparison; a malformed stored hash verifies as false, never throws. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (parsed === undefined) return false;
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  return (
    parsed === undefined ||
    parsed.params.ln !== CURRENT.ln ||
    parsed.params.r !== CURRENT.r ||
    parsed.params.p !== CURRENT.p ||
    parsed.key.length !== KEY_LENGTH
  );
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification. Called when no account matches, so response
 * times do not reveal which e-mail addresses are registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
  return false;
}

function derive(password: string, salt: Buffer, params: ScryptParams, keyLength: number): Promise<Buffer> {
  const N = 2 ** params.ln;
  const options: ScryptOptions = {
    N,
    r: params.r,
    p: params.p,
    // Node's default maxmem (32 MiB) is exactly 128·N·r at ln=15, r=8 and rejects it.
    maxmem: 256 * N * params.r,
  };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, keyLength, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

function format(params: ScryptParams, salt: Buffer, key: Buffer): string {
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${b64(salt)}$${b64(key)}`;
}

function parse(stored: string): { params: ScryptParams; salt: Buffer; key: Buffer } | undefined {
  const match = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
  if (match === null) return undefined;
  const [, ln, r, p, salt, key] = match;
  const params = { ln: Number(ln), r: Number(r), p: Number(p) };
  if (params.ln < 1 || params.ln > MAX_LN || params.r < 1 || params.r > MAX_R || params.p < 1 || params.p > MAX_P) {
    return undefined;
  }
  const keyBytes = Buffer.from(key ?? '', 'base64');
  if (keyBytes.length < 16) return undefined;
  return { params, salt: Buffer.from(salt ?? '', 'base64'), key: keyBytes };
}

function b64(bytes: Buffer): string {
  return bytes.toString('base64').replace(/=+$/, '');
}
