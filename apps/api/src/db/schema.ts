import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Foundation tables of the reference upstream. Every change goes through
 * `pnpm db:generate`, which writes the SQL migration applied at start-up to both the
 * embedded PGlite store and PostgreSQL (see drizzle.config.ts).
 */

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    // E-mail addresses are unique regardless of case (Django's allauth treats them the same
    // way); lookups use the same lower() expression so they hit this index.
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
  ],
);

export const tenants = pgTable('tenants', {
  // UUID text rather than the uuid type: the contract (ADR 001) types tenant ids as strings
  // and the X-Tenant-ID header is compared as text, so no cast can fail on malformed input.
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

export const tenantAccess = pgTable(
  'tenant_access',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tenantId] }),
    index('tenant_access_tenant_id_idx').on(t.tenantId),
  ],
);

/**
 * One row per issued refresh token (simplejwt's OutstandingToken and BlacklistedToken in one).
 * Tokens issued by one login share a family; reuse of a rotated token revokes the family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: text('jti').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: text('family_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Set when the token was exchanged for a new pair; replacedBy names the successor.
    usedAt: timestamp('used_at', { withTimezone: true }),
    replacedBy: text('replaced_by'),
    // Set by logout, by reuse detection (whole family) and by a password reset (all of a user's).
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('refresh_tokens_family_id_idx').on(t.familyId),
    index('refresh_tokens_user_id_idx').on(t.userId),
  ],
);

/**
 * Password-reset tokens. Only a SHA-256 digest of the token is stored, so a leaked database
 * does not yield working reset links. A token is single-use and short-lived.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_token_hash_key').on(t.tokenHash),
    index('password_reset_tokens_user_id_idx').on(t.userId),
  ],
);

/**
 * Recent security-relevant attempts (failed logins, reset requests) per scope and key, for
 * allauth-style limits that hold across every instance sharing the database. Rows older than
 * the longest window are pruned.
 */
export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: serial('id').primaryKey(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_events_scope_key_created_at_idx').on(t.scope, t.key, t.createdAt)],
);
