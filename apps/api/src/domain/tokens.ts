import { randomBytes } from 'node:crypto';
import { and, eq, gt, gte, isNull, lt, lte, ne, notInArray } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { refreshTokens, users } from '../db/schema.js';
import { newJti, type JwtCodec, type TokenFailure, type VerifyResult } from '../security/jwt.js';
import { VerifiedTokenCache } from '../security/verified-token-cache.js';

export interface TokenPair {
  access: string;
  refresh: string;
}

/** `blacklisted`: used, rotated or revoked; `inactive_user`: the account is gone or disabled. */
export type RotateFailure = TokenFailure | 'blacklisted' | 'inactive_user';

/**
 * A refused refresh as the API answers it: simplejwt's codes, and its English wording where
 * ADR 001 pins it (clients may match "Token is blacklisted"), Czech otherwise.
 */
export function rotationRefusal(failure: RotateFailure): { code: string; detail: string } {
  if (failure === 'inactive_user')
    return { code: 'no_active_account', detail: 'K tomuto tokenu neexistuje aktivní účet.' };
  return { code: 'token_not_valid', detail: TOKEN_REFUSALS[failure] };
}

const TOKEN_REFUSALS: Readonly<Record<Exclude<RotateFailure, 'inactive_user'>, string>> = {
  blacklisted: 'Token is blacklisted',
  expired: 'Platnost tokenu vypršela.',
  invalid: 'Token je neplatný.',
  wrong_type: 'Token je nesprávného typu.',
  no_id: 'Token nemá identifikátor.',
};

export type RotateResult = { ok: true; tokens: TokenPair } | { ok: false; failure: RotateFailure };

export interface TokenLifetimes {
  accessSeconds: number;
  refreshSeconds: number;
}

/**
 * simplejwt with `ROTATE_REFRESH_TOKENS` and `BLACKLIST_AFTER_ROTATION` (ADR 001), plus reuse
 * detection: every refresh token is a row; tokens descending from one login form a family.
 * Presenting a token that was already exchanged means it was copied, so the whole family is
 * revoked and both the thief and the user must log in again.
 */
export class TokenService {
  readonly #db: Database;
  readonly #codec: JwtCodec;
  readonly #lifetimes: TokenLifetimes;
  /** Every authenticated request verifies an access token; most are repeats (see the class). */
  readonly #verifiedAccess = new VerifiedTokenCache();

  constructor(db: Database, codec: JwtCodec, lifetimes: TokenLifetimes) {
    this.#db = db;
    this.#codec = codec;
    this.#lifetimes = lifetimes;
  }

  /** A new pair for a login; it starts a new token family. */
  async issuePair(userId: number): Promise<TokenPair> {
    const { tokens } = await this.#issue(userId, newFamilyId(), this.#db);
    return tokens;
  }

  async #issue(userId: number, familyId: string, db: Database): Promise<{ tokens: TokenPair; refreshJti: string }> {
    const iat = Math.floor(Date.now() / 1000);
    const userIdClaim = String(userId);
    const refreshJti = newJti();
    const refreshExp = iat + this.#lifetimes.refreshSeconds;
    const [access, refresh] = await Promise.all([
      this.#codec.sign({
        token_type: 'access',
        user_id: userIdClaim,
        jti: newJti(),
        iat,
        exp: iat + this.#lifetimes.accessSeconds,
      }),
      this.#codec.sign({ token_type: 'refresh', user_id: userIdClaim, jti: refreshJti, iat, exp: refreshExp }),
    ]);
    await db.insert(refreshTokens).values({
      jti: refreshJti,
      userId,
      familyId,
      expiresAt: new Date(refreshExp * 1000),
    });
    return { tokens: { access, refresh }, refreshJti };
  }

  async verifyAccess(token: string): Promise<VerifyResult> {
    const known = this.#verifiedAccess.get(token);
    if (known !== undefined) return known;
    const result = await this.#codec.verify(token, 'access');
    this.#verifiedAccess.remember(token, result);
    return result;
  }

  /** Exchanges a refresh token for a new pair; the submitted token can never be used again. */
  async rotate(refreshToken: string): Promise<RotateResult> {
    const verified = await this.#codec.verify(refreshToken, 'refresh');
    if (!verified.ok) return verified;
    const { jti } = verified.claims;

    return this.#db.transaction(async (tx): Promise<RotateResult> => {
      const now = new Date();
      // Claiming the row with a conditional UPDATE makes concurrent presentations of one
      // token race on the row lock: exactly one wins, the others take the reuse path below.
      const [claimed] = await tx
        .update(refreshTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(refreshTokens.jti, jti),
            isNull(refreshTokens.usedAt),
            isNull(refreshTokens.revokedAt),
            gt(refreshTokens.expiresAt, now),
          ),
        )
        .returning({ userId: refreshTokens.userId, familyId: refreshTokens.familyId });

      if (claimed === undefined) {
        const [row] = await tx
          .select({ familyId: refreshTokens.familyId, expiresAt: refreshTokens.expiresAt })
          .from(refreshTokens)
          .where(eq(refreshTokens.jti, jti))
          .limit(1);
        // Validly signed yet unknown: issued before the database was reset. Refuse it.
        if (row === undefined) return { ok: false, failure: 'invalid' };
        if (row.expiresAt <= now) return { ok: false, failure: 'expired' };
        await revokeFamily(tx, row.familyId, now);
        return { ok: false, failure: 'blacklisted' };
      }

      const [user] = await tx
        .select({ isActive: users.isActive })
        .from(users)
        .where(eq(users.id, claimed.userId))
        .limit(1);
      if (user === undefined || !user.isActive) {
        await revokeFamily(tx, claimed.familyId, now);
        return { ok: false, failure: 'inactive_user' };
      }

      const { tokens, refreshJti } = await this.#issue(claimed.userId, claimed.familyId, tx);
      await tx.update(refreshTokens).set({ replacedBy: refreshJti }).where(eq(refreshTokens.jti, jti));
      return { ok: true, tokens };
    });
  }

  /**
   * Logout: revokes the family of the given refresh token. An expired token still identifies
   * its family; a token that does not verify is ignored (logout is idempotent).
   * @returns whether a family was found.
   */
  async revokeFamilyOf(refreshToken: string): Promise<boolean> {
    const verified = await this.#codec.verify(refreshToken, 'refresh', { allowExpired: true });
    if (!verified.ok) return false;
    const [row] = await this.#db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.jti, verified.claims.jti))
      .limit(1);
    if (row === undefined) return false;
    await revokeFamily(this.#db, row.familyId, new Date());
    return true;
  }

  /**
   * Deletes rows of tokens that expired more than a day ago (simplejwt's
   * `flushexpiredtokens`). An expired token fails its `exp` check before the row matters.
   */
  async pruneExpired(): Promise<number> {
    const cutoff = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const deleted = await this.#db
      .delete(refreshTokens)
      .where(lt(refreshTokens.expiresAt, cutoff))
      .returning({ jti: refreshTokens.jti });
    return deleted.length;
  }
}

async function revokeFamily(db: Database, familyId: string, now: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

function newFamilyId(): string {
  return randomBytes(16).toString('hex');
}

/** Ends every session of a user (after a password reset). */
export async function revokeAllSessions(db: Database, userId: number): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

/**
 * Ends every session of a user but the caller's (after a password change): the caller's refresh
 * token was issued together with its access token, so its family is the one created within a
 * second or two of the access token's `iat`. Without an `iat` every session ends.
 */
export async function revokeOtherSessions(
  db: Database,
  userId: number,
  accessIssuedAt: number | undefined,
): Promise<void> {
  const keep =
    accessIssuedAt === undefined
      ? []
      : (
          await db
            .select({ familyId: refreshTokens.familyId })
            .from(refreshTokens)
            .where(
              and(
                eq(refreshTokens.userId, userId),
                isNull(refreshTokens.revokedAt),
                gte(refreshTokens.createdAt, new Date((accessIssuedAt - 1) * 1000)),
                lte(refreshTokens.createdAt, new Date((accessIssuedAt + 2) * 1000)),
              ),
            )
        ).map((row) => row.familyId);
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keep.length > 0 ? notInArray(refreshTokens.familyId, keep) : ne(refreshTokens.familyId, ''),
      ),
    );
}
