import type { Database } from '../db/database.js';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../security/password-hash.js';
import { revokeAllSessions, revokeOtherSessions } from './tokens.js';
import type { User, UserRepository } from './users.js';

/**
 * The password rules every way of setting or checking a password shares: login, the reset by
 * e-mailed link and the change on the profile page. The strength rules are password-policy.ts,
 * hashing is security/password-hash.ts.
 */

/**
 * Whether `password` is the user's. An unknown user (undefined) costs a full scrypt run too, so
 * the time taken does not tell which addresses have an account.
 */
export async function passwordMatches(user: User | undefined, password: string): Promise<boolean> {
  return user === undefined ? verifyAgainstDummy(password) : verifyPassword(password, user.passwordHash);
}

/** After a successful login: re-hashes a password stored with outdated scrypt parameters. */
export async function upgradeOutdatedHash(users: UserRepository, user: User, password: string): Promise<void> {
  if (needsRehash(user.passwordHash)) await users.updatePasswordHash(user.id, await hashPassword(password));
}

/**
 * Stores a new password (hashed before the transaction starts, scrypt is slow) and ends the
 * user's sessions: all of them, or all but the caller's when `keepSessionOf` names the `iat` of
 * the caller's access token. `within` runs in the same transaction first; returning false
 * abandons the change (a reset link spent by a concurrent request).
 */
export async function setPassword(
  db: Database,
  users: UserRepository,
  user: User,
  password: string,
  options: { keepSessionOf?: { accessIssuedAt: number | undefined }; within?: (tx: Database) => Promise<boolean> } = {},
): Promise<boolean> {
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    if (options.within !== undefined && !(await options.within(tx))) return false;
    await users.updatePasswordHash(user.id, passwordHash, tx);
    // Whoever knew the old password must not stay logged in.
    if (options.keepSessionOf === undefined) await revokeAllSessions(tx, user.id);
    else await revokeOtherSessions(tx, user.id, options.keepSessionOf.accessIssuedAt);
    return true;
  });
}
