import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, lt, max, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Database } from '../db/database.js';
import { pendingLogins, recoveryCodes, totpAuthenticators } from '../db/schema.js';

/**
 * The second factor (ADR 012): a TOTP authenticator (RFC 6238: SHA-1, 6 digits, 30 s, the
 * defaults every authenticator app reads from a QR code) with single-use recovery codes, the
 * allauth MFA model. Required for staff, optional for tenants; the HTTP shapes are in
 * routes/v1/allauth/mfa, the operator's reset in the CLI.
 */

export const TOTP_ISSUER = 'Portál nájemníka';
export const TOTP_PERIOD_SECONDS = 30;
/** Codes of one step before or after the current one are accepted too (clock drift). */
const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** A pending login (password right, code not yet given) lives this long. */
export const PENDING_LOGIN_SECONDS = 300;
/** Wrong codes one pending login allows before it ends. */
export const PENDING_LOGIN_MAX_FAILURES = 5;

export interface TotpState {
  active: boolean;
  activatedAt: Date | null;
  lastUsedAt: Date | null;
}

export interface RecoveryCodeState {
  createdAt: Date;
  lastUsedAt: Date | null;
  total: number;
  unused: number;
}

function totpOf(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** Recovery codes are compared without case, spaces and dashes, as people copy them. */
function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

/** `abcde-12345`: 40 random bits in ten hex digits, split for reading. */
function newRecoveryCode(): string {
  const hex = randomBytes(5).toString('hex');
  return `${hex.slice(0, 5)}-${hex.slice(5)}`;
}

/** A fresh base32 secret of 160 bits (RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The current code of a secret, for tests and the e2e helper's twin. */
export function currentTotpCode(secret: string, timestamp = Date.now()): string {
  return totpOf(secret, 'code').generate({ timestamp });
}

export async function totpState(db: Database, userId: number): Promise<TotpState> {
  const [row] = await db.select().from(totpAuthenticators).where(eq(totpAuthenticators.userId, userId)).limit(1);
  return {
    active: row?.activatedAt != null,
    activatedAt: row?.activatedAt ?? null,
    lastUsedAt: row?.lastUsedAt ?? null,
  };
}

export async function hasActiveSecondFactor(db: Database, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: totpAuthenticators.userId })
    .from(totpAuthenticators)
    .where(and(eq(totpAuthenticators.userId, userId), isNotNull(totpAuthenticators.activatedAt)))
    .limit(1);
  return row !== undefined;
}

export async function recoveryCodeState(db: Database, userId: number): Promise<RecoveryCodeState | null> {
  const [row] = await db
    .select({
      total: count(),
      unused: sql<number>`count(*) filter (where ${recoveryCodes.usedAt} is null)`.mapWith(Number),
      createdAt: sql<Date | null>`min(${recoveryCodes.createdAt})`.mapWith((value) =>
        value === null ? null : new Date(value as string),
      ),
      lastUsedAt: max(recoveryCodes.usedAt),
    })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, userId));
  if (row === undefined || row.total === 0 || row.createdAt === null) return null;
  return { total: row.total, unused: row.unused, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt };
}

/**
 * The secret to set the authenticator up with: the one already waiting for its activation, or
 * a new one. Null when the authenticator is active (its secret is never shown again).
 */
export async function setupSecret(
  db: Database,
  user: { id: number; email: string },
): Promise<{ secret: string; url: string } | null> {
  const [existing] = await db.select().from(totpAuthenticators).where(eq(totpAuthenticators.userId, user.id)).limit(1);
  if (existing?.activatedAt != null) return null;
  let secret = existing?.secret;
  if (secret === undefined) {
    const candidate = newTotpSecret();
    // Two tabs asking at once: the first insert wins and both show its secret.
    await db.insert(totpAuthenticators).values({ userId: user.id, secret: candidate }).onConflictDoNothing();
    const [row] = await db
      .select({ secret: totpAuthenticators.secret })
      .from(totpAuthenticators)
      .where(eq(totpAuthenticators.userId, user.id))
      .limit(1);
    secret = row?.secret ?? candidate;
  }
  return { secret, url: totpOf(secret, user.email).toString() };
}

/** The time step of a matching code (within the window), or null. */
function matchingStep(secret: string, code: string, now: number): number | null {
  const token = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = totpOf(secret, 'code').validate({ token, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

export type ActivationResult =
  { ok: true; recoveryCodes: string[] } | { ok: false; reason: 'active' | 'no_setup' | 'wrong_code' };

/** Activates the waiting secret with a current code and issues fresh recovery codes. */
export async function activateTotp(db: Database, userId: number, code: string): Promise<ActivationResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(totpAuthenticators)
      .where(eq(totpAuthenticators.userId, userId))
      .for('update')
      .limit(1);
    if (row === undefined) return { ok: false, reason: 'no_setup' } as const;
    if (row.activatedAt !== null) return { ok: false, reason: 'active' } as const;
    const step = matchingStep(row.secret, code, Date.now());
    if (step === null) return { ok: false, reason: 'wrong_code' } as const;
    await tx
      .update(totpAuthenticators)
      .set({ activatedAt: new Date(), lastUsedAt: new Date(), lastUsedStep: step })
      .where(eq(totpAuthenticators.userId, userId));
    const codes = await replaceRecoveryCodes(tx, userId);
    return { ok: true, recoveryCodes: codes } as const;
  });
}

async function replaceRecoveryCodes(db: Database, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: sha256(normaliseRecoveryCode(code)) })));
  return codes;
}

/** New recovery codes in place of all the old ones; null when no authenticator is active. */
export async function regenerateRecoveryCodes(db: Database, userId: number): Promise<string[] | null> {
  if (!(await hasActiveSecondFactor(db, userId))) return null;
  return db.transaction((tx) => replaceRecoveryCodes(tx as unknown as Database, userId));
}

/**
 * Checks a code of the user's active second factor: a TOTP code (each step accepted once) or
 * an unused recovery code (spent by this check). `method` tells which matched.
 */
export async function verifySecondFactor(
  db: Database,
  userId: number,
  code: string,
): Promise<{ ok: true; method: 'totp' | 'recovery_codes' } | { ok: false; replayed?: true }> {
  const [row] = await db.select().from(totpAuthenticators).where(eq(totpAuthenticators.userId, userId)).limit(1);
  if (row?.activatedAt == null) return { ok: false };
  const step = matchingStep(row.secret, code, Date.now());
  if (step !== null) {
    // Compare-and-set on the last step: a code already used (or an older one) is refused, also
    // when two requests race with the same code.
    const updated = await db
      .update(totpAuthenticators)
      .set({ lastUsedAt: new Date(), lastUsedStep: step })
      .where(
        and(eq(totpAuthenticators.userId, userId), sql`coalesce(${totpAuthenticators.lastUsedStep}, -1) < ${step}`),
      )
      .returning({ userId: totpAuthenticators.userId });
    // A right code used before proves the factor was once seen, but is not counted as a guess.
    return updated.length > 0 ? { ok: true, method: 'totp' } : { ok: false, replayed: true };
  }
  const normalised = normaliseRecoveryCode(code);
  if (normalised === '') return { ok: false };
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, sha256(normalised)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length > 0 ? { ok: true, method: 'recovery_codes' } : { ok: false };
}

/**
 * Removes the user's second factor: the authenticator, the recovery codes and any login
 * waiting for a code. Returns whether there was an authenticator. The rule who may do it
 * (tenants themselves, staff only through the operator) is the caller's.
 */
export async function removeSecondFactor(db: Database, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(totpAuthenticators)
      .where(eq(totpAuthenticators.userId, userId))
      .returning({ activatedAt: totpAuthenticators.activatedAt });
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    await tx.delete(pendingLogins).where(eq(pendingLogins.userId, userId));
    return removed.some((row) => row.activatedAt !== null);
  });
}

/** Activates a known secret at once (the demo data, whose staff use a documented secret). */
export async function installTotp(db: Database, userId: number, secret: string): Promise<void> {
  await db
    .insert(totpAuthenticators)
    .values({ userId, secret, activatedAt: new Date() })
    .onConflictDoUpdate({
      target: totpAuthenticators.userId,
      set: { secret, activatedAt: new Date(), lastUsedStep: null, lastUsedAt: null },
    });
}

/* ---- pending logins ---------------------------------------------------------------------- */

/** Starts a login that waits for its second factor; returns the handle for the client. */
export async function startPendingLogin(db: Database, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.delete(pendingLogins).where(lt(pendingLogins.expiresAt, sql`now()`));
  await db.insert(pendingLogins).values({
    tokenHash: sha256(token),
    userId,
    expiresAt: sql`now() + make_interval(secs => ${PENDING_LOGIN_SECONDS})`,
  });
  return token;
}

/** The user of a live pending login, or null (unknown, expired or ended). */
export async function pendingLoginUser(db: Database, token: string): Promise<number | null> {
  const [row] = await db
    .select({ userId: pendingLogins.userId })
    .from(pendingLogins)
    .where(
      and(
        eq(pendingLogins.tokenHash, sha256(token)),
        sql`${pendingLogins.expiresAt} > now()`,
        lt(pendingLogins.failedAttempts, PENDING_LOGIN_MAX_FAILURES),
      ),
    )
    .limit(1);
  return row?.userId ?? null;
}

/** Counts a wrong code; returns whether the pending login may still be tried. */
export async function failPendingLogin(db: Database, token: string): Promise<boolean> {
  const [row] = await db
    .update(pendingLogins)
    .set({ failedAttempts: sql`${pendingLogins.failedAttempts} + 1` })
    .where(eq(pendingLogins.tokenHash, sha256(token)))
    .returning({ failedAttempts: pendingLogins.failedAttempts });
  if (row === undefined) return false;
  if (row.failedAttempts >= PENDING_LOGIN_MAX_FAILURES) {
    await endPendingLogin(db, token);
    return false;
  }
  return true;
}

export async function endPendingLogin(db: Database, token: string): Promise<void> {
  await db.delete(pendingLogins).where(eq(pendingLogins.tokenHash, sha256(token)));
}
