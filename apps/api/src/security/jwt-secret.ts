import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MIN_JWT_SECRET_LENGTH } from './jwt.js';

/**
 * The signing key for embedded mode, where nobody should have to invent a secret for a trial
 * run: generated once into `DATA_DIR/jwt-secret` (mode 0600) and reused, so tokens survive
 * restarts. With `DATABASE_URL` set the configuration requires `JWT_SECRET` instead, because
 * several instances must share the key.
 */
export async function loadOrCreateJwtSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'jwt-secret');
  const existing = await readSecret(file);
  if (existing !== undefined) return existing;

  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  try {
    // 'wx' fails if another process created it meanwhile; then that one's key wins.
    const handle = await open(file, 'wx', 0o600);
    try {
      await handle.writeFile(`${secret}\n`);
    } finally {
      await handle.close();
    }
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const raced = await readSecret(file);
    if (raced === undefined) throw new Error(`${file} exists but holds no usable key.`, { cause: error });
    return raced;
  }
}

async function readSecret(file: string): Promise<string | undefined> {
  let content: string;
  try {
    content = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const secret = content.trim();
  if (secret.length < MIN_JWT_SECRET_LENGTH) {
    throw new Error(
      `${file} holds a key shorter than ${MIN_JWT_SECRET_LENGTH} characters; delete it to generate a new one.`,
    );
  }
  return secret;
}
