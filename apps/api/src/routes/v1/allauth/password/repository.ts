import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../../../db/database.js';
import { passwordResetTokens } from '../../../../db/schema.js';

/** Django's PASSWORD_RESET_TIMEOUT default, which allauth uses: 3 days. */
export const PASSWORD_RESET_TTL_SECONDS = 3 * 24 * 60 * 60;

export interface IssuedResetToken {
  /** The user id in base 36, like allauth's `user_pk_to_url_str` for integer keys. */
  uid: string;
  token: string;
}

export interface ValidResetToken {
  id: number;
  userId: number;
}

const UID_PATTERN = /^[0-9a-z]{1,10}$/;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,200}$/;

export function createPasswordResetRepository(db: Database) {
  return {
    async issue(userId: number): Promise<IssuedResetToken> {
      const token = randomBytes(32).toString('base64url');
      await db.insert(passwordResetTokens).values({
        userId,
        tokenHash: digest(token),
        expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_SECONDS * 1000),
      });
      return { uid: userId.toString(36), token };
    },

    /** Looks the key up without spending it (the new password may still be refused). */
    async find(key: string): Promise<ValidResetToken | undefined> {
      const parsed = parseKey(key);
      if (parsed === undefined) return undefined;
      const [row] = await db
        .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
        .from(passwordResetTokens)
        .where(
          and(
            eq(passwordResetTokens.tokenHash, digest(parsed.token)),
            eq(passwordResetTokens.userId, parsed.userId),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, new Date()),
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * Marks the token used and every other outstanding token of the user with it, so the
     * older links in the mailbox die too. Returns false when a concurrent reset won the race.
     */
    async spend(token: ValidResetToken, tx: Database): Promise<boolean> {
      const now = new Date();
      const [claimed] = await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(passwordResetTokens.id, token.id),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, now),
          ),
        )
        .returning({ id: passwordResetTokens.id });
      if (claimed === undefined) return false;
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: now })
        .where(and(eq(passwordResetTokens.userId, token.userId), isNull(passwordResetTokens.usedAt)));
      return true;
    },
  };
}

/** allauth splits the key at the first hyphen: `uid-token`. */
function parseKey(key: string): { userId: number; token: string } | undefined {
  const dash = key.indexOf('-');
  if (dash <= 0) return undefined;
  const uid = key.slice(0, dash);
  const token = key.slice(dash + 1);
  if (!UID_PATTERN.test(uid) || !TOKEN_PATTERN.test(token)) return undefined;
  const userId = Number.parseInt(uid, 36);
  if (!Number.isSafeInteger(userId) || userId <= 0 || userId > 2_147_483_647) return undefined;
  return { userId, token };
}

/** Tokens carry 256 random bits, so a fast hash is enough to make a stolen table useless. */
function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
