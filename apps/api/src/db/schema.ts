import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { components } from '@portal/openapi/upstream-types';

/**
 * Foundation tables of the reference upstream. Every change goes through
 * `pnpm db:generate`, which writes the SQL migration applied at start-up to both the
 * embedded PGlite store and PostgreSQL (see drizzle.config.ts).
 */

/**
 * Text columns that hold one of the contract's values carry its type (type-only: the column
 * stays `text`), so what is read back is typed as the document's enum, not any string.
 */
type Contract = components['schemas'];

/* ---- column groups every table builds from ------------------------------------------------ */

const id = () => serial('id').primaryKey();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true });

/** A required link to the row that owns this one: deleting the owner deletes this row too. */
const ownedBy = (name: string, owner: () => AnyPgColumn) =>
  integer(name).notNull().references(owner, { onDelete: 'cascade' });

/** The tenant a row belongs to; it goes when the tenant goes. */
const ownedByTenant = () =>
  text('tenant_id')
    .notNull()
    .references(() => tenants.id, { onDelete: 'cascade' });

/** A link to a user (an assignee, an author, an uploader) that turns null when the user is deleted. */
const linkedUser = (name: string) => integer(name).references(() => users.id, { onDelete: 'set null' });

/** A file stored under DATA_DIR/attachments, as the uploader named and typed it. */
const storedFile = () => ({
  fileName: text('file_name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  /** File name under DATA_DIR/attachments; random, never derived from client input. */
  storageKey: text('storage_key').notNull(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    isActive: boolean('is_active').notNull().default(true),
    // The operator's staff: assignees and authors of operator answers. Staff users act through
    // the staff operations (/api/v1/staff/) and the operator CLI; they hold no tenant access.
    isStaff: boolean('is_staff').notNull().default(false),
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
  // The billing details a statement prints for the tenant as customer (domain/billing-parties.ts);
  // all optional: a tenant without them is billed under its name alone.
  billingName: text('billing_name'),
  street: text('street'),
  city: text('city'),
  postalCode: text('postal_code'),
  ico: text('ico'),
  dic: text('dic'),
  createdAt: createdAt(),
});

export const tenantAccess = pgTable(
  'tenant_access',
  {
    userId: ownedBy('user_id', () => users.id),
    tenantId: ownedByTenant(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tenantId] }), index('tenant_access_tenant_id_idx').on(t.tenantId)],
);

/**
 * One row per issued refresh token (simplejwt's OutstandingToken and BlacklistedToken in one).
 * Tokens issued by one login share a family; reuse of a rotated token revokes the family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: text('jti').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    familyId: text('family_id').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Set when the token was exchanged for a new pair; replacedBy names the successor.
    usedAt: timestamp('used_at', { withTimezone: true }),
    replacedBy: text('replaced_by'),
    // Set by logout, by reuse detection (whole family) and by a password reset (all of a user's).
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_id_idx').on(t.familyId), index('refresh_tokens_user_id_idx').on(t.userId)],
);

/**
 * Password-reset tokens. Only a SHA-256 digest of the token is stored, so a leaked database
 * does not yield working reset links. A token is single-use and short-lived.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
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
/**
 * The second factor of a user (ADR 012): one TOTP authenticator per user. `secret` is the
 * base32 TOTP key; it is shown only while the authenticator is being set up (`activatedAt`
 * null) and never answered again once active. `lastUsedStep` is the 30-second time step of the
 * last accepted code, so a code cannot be replayed within its window.
 */
export const totpAuthenticators = pgTable('totp_authenticators', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  activatedAt: at('activated_at'),
  lastUsedAt: at('last_used_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes of a user's second factor, stored as SHA-256 hashes only. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_id_idx').on(t.userId)],
);

/**
 * Logins waiting for their second factor (allauth's pending `mfa_authenticate` flow): the
 * password matched, no tokens were issued yet. The handle is stored as a SHA-256 hash; a row
 * lives a few minutes and allows a few wrong codes.
 */
export const pendingLogins = pgTable(
  'pending_logins',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: ownedBy('user_id', () => users.id),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pending_logins_user_id_idx').on(t.userId)],
);

export const rateLimitEvents = pgTable(
  'rate_limit_events',
  {
    id: id(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('rate_limit_events_scope_key_created_at_idx').on(t.scope, t.key, t.createdAt)],
);

/* ---- buildings ---------------------------------------------------------------------------- */

export const buildings = pgTable('buildings', {
  id: id(),
  name: text('name').notNull(),
  street: text('street').notNull(),
  city: text('city').notNull(),
  postalCode: text('postal_code').notNull(),
  createdAt: createdAt(),
});

/** Where a tenant rents space: decides its incident buildings, bookable rooms and outages. */
export const tenantBuildings = pgTable(
  'tenant_buildings',
  {
    tenantId: ownedByTenant(),
    buildingId: ownedBy('building_id', () => buildings.id),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.buildingId] }),
    index('tenant_buildings_building_id_idx').on(t.buildingId),
  ],
);

/**
 * The buildings a staff member is limited to. No row: the staff member sees every building
 * (domain/staff.ts).
 */
export const staffBuildings = pgTable(
  'staff_buildings',
  {
    userId: ownedBy('user_id', () => users.id),
    buildingId: ownedBy('building_id', () => buildings.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.buildingId] }), index('staff_buildings_building_id_idx').on(t.buildingId)],
);

/* ---- support tickets ---------------------------------------------------------------------- */

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: id(),
    tenantId: ownedByTenant(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id),
    assigneeId: linkedUser('assignee_id'),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    priority: text('priority').$type<Contract['TicketPriority']>().notNull(),
    status: text('status').$type<Contract['TicketStatus']>().notNull(),
    contactPhone: text('contact_phone'),
    resolution: text('resolution'),
    /** The technician's visit window announced to the tenant; all three null when none. */
    visitFrom: at('visit_from'),
    visitTo: at('visit_to'),
    visitNote: text('visit_note'),
    /** Raised by every change and message: the ETag staff changes are checked against (If-Match). */
    version: integer('version').notNull().default(1),
    /** When the ticket last became `resolved`, null in any other status: the auto-close clock. */
    resolvedAt: at('resolved_at'),
    /**
     * The last change the tenant's users count as news (a public staff reply, a status change or
     * a visit window change by the operator or the system); compared with `ticket_views`.
     */
    tenantNewsAt: at('tenant_news_at'),
    /** The tenant's optional rating after confirming the fix; all three null until given. */
    ratingSatisfied: boolean('rating_satisfied'),
    ratingComment: text('rating_comment'),
    ratedAt: at('rated_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The staff queue's text search (domain/staff-tickets.ts) matches `LIKE lower(pattern)` on
     * these instead of `ILIKE` on subject and description: ILIKE lowers every row's text again on
     * every query, which cost 15 ms for a building's 2,000 tickets. The head (the first
     * SEARCH_HEAD_LENGTH characters) is small enough for a btree's INCLUDE (the full text of a
     * 5,000-character description is not), so a building's count is an index-only scan; only
     * the few long tickets are read from the table.
     */
    searchDocument: text('search_document')
      .notNull()
      .generatedAlwaysAs(sql`lower(subject || E'\\n' || description)`),
    searchHead: text('search_head')
      .notNull()
      .generatedAlwaysAs(sql`left(lower(subject || E'\\n' || description), 600)`),
    searchIsLong: boolean('search_is_long')
      .notNull()
      .generatedAlwaysAs(sql`char_length(subject) + char_length(description) + 1 > 600`),
  },
  (t) => [
    // Auto-close finds the resolved tickets whose clock ran out without reading the others.
    index('support_tickets_resolved_at_idx')
      .on(t.resolvedAt)
      .where(sql`${t.status} = 'resolved'`),
    // The first page of a tenant's list in its default order (newest first) is an index scan.
    index('support_tickets_tenant_created_idx').on(t.tenantId, t.createdAt.desc(), t.id.desc()),
    index('support_tickets_tenant_status_idx').on(t.tenantId, t.status),
    // The other orderings and the building filter a portal uses, so they stay index scans too.
    index('support_tickets_tenant_updated_idx').on(t.tenantId, t.updatedAt.desc(), t.id.desc()),
    index('support_tickets_tenant_building_created_idx').on(t.tenantId, t.buildingId, t.createdAt.desc(), t.id.desc()),
    // The staff queue across tenants (domain/staff-ticket-list.ts): newest first over everything,
    // per building, and by last activity.
    index('support_tickets_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('support_tickets_building_created_idx').on(t.buildingId, t.createdAt.desc(), t.id.desc()),
    index('support_tickets_updated_idx').on(t.updatedAt.desc(), t.id.desc()),
    // Per building and status there is also `support_tickets_building_status_search_idx` on the
    // same columns INCLUDE (search_is_long, search_head), written by hand in migration 0009
    // (drizzle cannot declare INCLUDE): the search count within a building reads only it.
    index('support_tickets_building_status_long_idx')
      .on(t.buildingId, t.status, t.createdAt.desc(), t.id.desc())
      .where(sql`${t.searchIsLong}`),
    index('support_tickets_assignee_status_idx').on(t.assigneeId, t.status),
    // The text search across the whole queue (LIKE '%…%'): a trigram index (pg_trgm).
    index('support_tickets_search_trgm_idx').using('gin', t.searchDocument.op('gin_trgm_ops')),
  ],
);

/**
 * How many tickets each building has in each status, kept by a trigger on support_tickets
 * (migration 0007), so the staff queue's `X-Total-Count` over a building and status filter is a
 * sum of a few rows instead of a count of every ticket. Spread over 16 stripes (ticket id mod
 * 16), so concurrent creates in one building rarely wait for the same counter row.
 */
export const ticketCounts = pgTable(
  'ticket_counts',
  {
    buildingId: integer('building_id').notNull(),
    status: text('status').$type<Contract['TicketStatus']>().notNull(),
    stripe: integer('stripe').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.status, t.stripe] })],
);

/**
 * The open and in-progress tickets without an assignee, per building and status, kept by the
 * same trigger (migration 0014) and striped the same way: the staff overview's "unassigned"
 * count is a sum of these rather than a count of the tickets. A table of its own, so the
 * queue's total (a sum over every row of ticket_counts) reads no more rows than before.
 */
export const ticketUnassignedCounts = pgTable(
  'ticket_unassigned_counts',
  {
    buildingId: integer('building_id').notNull(),
    status: text('status').$type<Contract['TicketStatus']>().notNull(),
    stripe: integer('stripe').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.status, t.stripe] })],
);

/**
 * The generation of everything a staff queue page shows: the tickets, their messages (the text
 * search reads them) and the names of the buildings, tenants and people on them. Statement
 * triggers (migration 0015) add one to a stripe on every change of those, so the sum of the
 * stripes changes with every such commit and with nothing else; a page computed in the same
 * statement as the sum stays right for as long as the sum is unchanged (the staff queue's cache,
 * domain/staff-queue-cache.ts). Sixteen stripes, picked by the writing backend, so concurrent
 * ticket writes rarely wait for the same row.
 */
export const staffQueueGenerations = pgTable('staff_queue_generations', {
  stripe: integer('stripe').primaryKey(),
  n: bigint('n', { mode: 'number' }).notNull().default(0),
});

export const ticketTimeline = pgTable(
  'ticket_timeline',
  {
    id: id(),
    ticketId: ownedBy('ticket_id', () => supportTickets.id),
    type: text('type').$type<Contract['TimelineEntry']['type']>().notNull(),
    authorId: linkedUser('author_id'),
    authorRole: text('author_role').$type<Contract['TimelineEntry']['author_role']>().notNull(),
    /** `internal`: a staff note that no tenant or public answer may ever contain. */
    visibility: text('visibility').$type<Contract['MessageVisibility']>().notNull().default('public'),
    body: text('body'),
    fromValue: text('from_value'),
    toValue: text('to_value'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_timeline_ticket_id_idx').on(t.ticketId, t.id),
    // The staff queue searches messages (internal notes too) by trigram (migration 0007).
    index('ticket_timeline_comment_trgm_idx')
      .using('gin', t.body.op('gin_trgm_ops'))
      .where(sql`${t.type} = 'comment'`),
  ],
);

/**
 * When a user last opened a ticket's detail (the tenant's "news" marks): one row per user and
 * ticket, written by `markSupportTicketSeen`.
 */
export const ticketViews = pgTable(
  'ticket_views',
  {
    userId: ownedBy('user_id', () => users.id),
    ticketId: ownedBy('ticket_id', () => supportTickets.id),
    seenAt: at('seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.ticketId] }), index('ticket_views_ticket_id_idx').on(t.ticketId)],
);

export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: id(),
    ticketId: ownedBy('ticket_id', () => supportTickets.id),
    ...storedFile(),
    uploadedBy: linkedUser('uploaded_by'),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_attachments_ticket_id_idx').on(t.ticketId)],
);

/* ---- public support ----------------------------------------------------------------------- */

export const publicSupportRequests = pgTable(
  'public_support_requests',
  {
    id: id(),
    category: text('category').$type<Contract['PublicSupportCategory']>().notNull(),
    /**
     * Personal data; replaced when the request is anonymised after the retention period. Null
     * for a fault report whose reporter left no contact.
     */
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    subject: text('subject').notNull(),
    status: text('status').$type<Contract['TicketStatus']>().notNull().default('open'),
    buildingId: integer('building_id').references(() => buildings.id, { onDelete: 'set null' }),
    location: text('location'),
    /** SHA-256 of the access code; the code itself is answered once and never stored. */
    accessCodeHash: text('access_code_hash').notNull(),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    anonymisedAt: at('anonymised_at'),
  },
  (t) => [index('public_support_requests_updated_at_idx').on(t.updatedAt)],
);

export const publicSupportMessages = pgTable(
  'public_support_messages',
  {
    id: id(),
    requestId: ownedBy('request_id', () => publicSupportRequests.id),
    authorRole: text('author_role').$type<Contract['PublicSupportMessage']['author_role']>().notNull(),
    authorName: text('author_name'),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('public_support_messages_request_id_idx').on(t.requestId, t.id)],
);

/** Files a visitor attached to their request (the fault report's photo), authorised by its access code. */
export const publicSupportAttachments = pgTable(
  'public_support_attachments',
  {
    id: id(),
    requestId: ownedBy('request_id', () => publicSupportRequests.id),
    ...storedFile(),
    createdAt: createdAt(),
  },
  (t) => [index('public_support_attachments_request_id_idx').on(t.requestId, t.id)],
);

/* ---- maintenance events ------------------------------------------------------------------- */

export const maintenanceEvents = pgTable(
  'maintenance_events',
  {
    id: id(),
    buildingId: ownedBy('building_id', () => buildings.id),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category').$type<Contract['MaintenanceCategory']>().notNull(),
    visibility: text('visibility').$type<Contract['MaintenanceVisibility']>().notNull(),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at'),
    version: integer('version').notNull().default(1),
    /** A cancelled event is gone from every tenant and public answer; the staff still list it. */
    cancelledAt: at('cancelled_at'),
    cancelReason: text('cancel_reason'),
    cancelledBy: linkedUser('cancelled_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('maintenance_events_building_starts_idx').on(t.buildingId, t.startsAt)],
);

/* ---- meeting rooms ------------------------------------------------------------------------ */

export const meetingRooms = pgTable('meeting_rooms', {
  id: id(),
  buildingId: ownedBy('building_id', () => buildings.id),
  name: text('name').notNull(),
  floor: text('floor'),
  capacity: integer('capacity').notNull(),
  equipment: jsonb('equipment').$type<string[]>().notNull().default([]),
  description: text('description'),
  photoUrl: text('photo_url'),
  publicBooking: boolean('public_booking').notNull().default(false),
  /** `HH:MM`, Europe/Prague. */
  openingTime: text('opening_time').notNull().default('08:00'),
  closingTime: text('closing_time').notNull().default('18:00'),
  slotMinutes: integer('slot_minutes').notNull().default(30),
  maxDurationMinutes: integer('max_duration_minutes').notNull().default(240),
  createdAt: createdAt(),
});

/**
 * Tenant and public reservations. Overlaps of confirmed reservations of one room are made
 * impossible by the exclusion constraint `reservations_no_overlap` (migration 0003, written by
 * hand because drizzle-kit cannot express it), so concurrent requests cannot double-book.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: id(),
    uuid: text('uuid').notNull(),
    roomId: ownedBy('room_id', () => meetingRooms.id),
    /** Null for a public (anonymous) reservation. */
    tenantId: text('tenant_id').references(() => tenants.id, { onDelete: 'cascade' }),
    createdBy: linkedUser('created_by'),
    title: text('title'),
    startsAt: at('starts_at').notNull(),
    endsAt: at('ends_at').notNull(),
    attendees: integer('attendees'),
    note: text('note'),
    /** Public reservations: the visitor's personal data, anonymised after the retention period. */
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    cancelTokenHash: text('cancel_token_hash'),
    status: text('status').$type<Contract['ReservationStatus']>().notNull().default('confirmed'),
    createdAt: createdAt(),
    cancelledAt: at('cancelled_at'),
    /** Set when the operator's staff cancelled it, with who did. */
    cancelReason: text('cancel_reason'),
    cancelledBy: linkedUser('cancelled_by'),
    anonymisedAt: at('anonymised_at'),
    /** When the reminder before the start was enqueued (domain/notifications.ts); null until then. */
    remindedAt: at('reminded_at'),
  },
  (t) => [
    uniqueIndex('reservations_uuid_key').on(t.uuid),
    index('reservations_tenant_starts_idx').on(t.tenantId, t.startsAt),
    index('reservations_room_starts_idx').on(t.roomId, t.startsAt),
  ],
);

/* ---- billing ------------------------------------------------------------------------------ */

/** A party of a statement as printed on it, copied into the statement when it is imported. */
export type StatementParty = Contract['BillingParty'];
export type StatementSupplier = Contract['BillingSupplier'];

/**
 * The operator as the supplier of its statements (`portal-admin set-supplier`): one row, or
 * none while the operator has not given its details (statements then print no supplier).
 */
export const billingSupplier = pgTable(
  'billing_supplier',
  {
    /** Always 1: there is one operator. */
    id: integer('id').primaryKey().default(1),
    name: text('name').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    postalCode: text('postal_code').notNull(),
    ico: text('ico').notNull(),
    dic: text('dic'),
    /** „Zapsaná v obchodním rejstříku …", printed under the supplier. */
    registration: text('registration'),
    vatPayer: boolean('vat_payer').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('billing_supplier_one_row', sql`${t.id} = 1`)],
);

/**
 * The VAT rates an item may carry and the taxable supply days each applies to
 * (`portal-admin vat-rates`; the Czech rates are seeded by migration 0013), so a change of
 * the law is a row, not a release.
 */
export const vatRates = pgTable(
  'vat_rates',
  {
    rate: integer('rate').notNull(),
    validFrom: date('valid_from').notNull(),
    /** The last day it applies to; null while in force. */
    validTo: date('valid_to'),
  },
  (t) => [primaryKey({ columns: [t.rate, t.validFrom] })],
);

export const billingStatements = pgTable(
  'billing_statements',
  {
    id: id(),
    tenantId: ownedByTenant(),
    buildingId: integer('building_id').references(() => buildings.id, { onDelete: 'set null' }),
    number: text('number').notNull(),
    periodFrom: date('period_from').notNull(),
    periodTo: date('period_to').notNull(),
    issuedOn: date('issued_on').notNull(),
    dueDate: date('due_date').notNull(),
    // numeric keeps CZK exact; the driver hands it over as a string, never a float.
    totalAmount: numeric('total_amount', { precision: 14, scale: 2 }).notNull(),
    paidAmount: numeric('paid_amount', { precision: 14, scale: 2 }).notNull().default('0.00'),
    paidOn: date('paid_on'),
    variableSymbol: text('variable_symbol').notNull(),
    constantSymbol: text('constant_symbol'),
    bankAccount: text('bank_account').notNull(),
    iban: text('iban').notNull(),
    /** An imported PDF under DATA_DIR/statements; null means one is generated on download. */
    pdfStorageKey: text('pdf_storage_key'),
    // The parties as they were at import: a document does not change when a tenant moves.
    /** Null for statements imported before the operator's details were kept (migration 0013). */
    supplier: jsonb('supplier').$type<StatementSupplier>(),
    customer: jsonb('customer').$type<StatementParty>().notNull(),
    /** DUZP of a tax document (the supplier was a VAT payer); null otherwise. */
    taxableSupplyDate: date('taxable_supply_date'),
    createdAt: createdAt(),
  },
  (t) => [
    index('billing_statements_tenant_issued_idx').on(t.tenantId, t.issuedOn),
    uniqueIndex('billing_statements_number_key').on(t.number),
  ],
);

export const billingItems = pgTable(
  'billing_items',
  {
    id: id(),
    statementId: ownedBy('statement_id', () => billingStatements.id),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 15, scale: 3 }),
    unit: text('unit'),
    /** VAT included: what the item costs the tenant. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** The VAT rate in percent; null: not subject to VAT (and every item of a non-tax document). */
    vatRate: integer('vat_rate'),
  },
  (t) => [index('billing_items_statement_id_idx').on(t.statementId, t.position)],
);

/* ---- meters and readings ------------------------------------------------------------------ */

export const meters = pgTable(
  'meters',
  {
    id: id(),
    tenantId: ownedByTenant(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    serialNumber: text('serial_number').notNull(),
    kind: text('kind').$type<Contract['MeterKind']>().notNull(),
    unit: text('unit').$type<Contract['Meter']['unit']>().notNull(),
    location: text('location'),
    createdAt: createdAt(),
  },
  (t) => [index('meters_tenant_id_idx').on(t.tenantId), uniqueIndex('meters_serial_number_key').on(t.serialNumber)],
);

export const readings = pgTable(
  'readings',
  {
    id: id(),
    meterId: ownedBy('meter_id', () => meters.id),
    value: numeric('value', { precision: 15, scale: 3 }).notNull(),
    note: text('note'),
    reason: text('reason').$type<NonNullable<Contract['ReadingReason']>>(),
    readAt: at('read_at').notNull().defaultNow(),
    submittedBy: linkedUser('submitted_by'),
    previousValue: numeric('previous_value', { precision: 15, scale: 3 }),
    consumption: numeric('consumption', { precision: 15, scale: 3 }),
    /** Accepted but flagged for the operator to check (and for the portal to ask about). */
    implausibleJump: boolean('implausible_jump').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('readings_meter_read_at_idx').on(t.meterId, t.readAt)],
);

/* ---- idempotency -------------------------------------------------------------------------- */

/**
 * The first answer of a create made with an `Idempotency-Key`, per caller and operation. The
 * row is inserted in the same transaction as the create, so a concurrent repeat waits on the
 * unique key and then replays the committed answer. Rows older than 24 hours are pruned.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: id(),
    scope: text('scope').notNull(),
    operation: text('operation').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_scope_operation_key_key').on(t.scope, t.operation, t.key),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
);

/* ---- the file store (src/files, FILE_STORE=database) ----------------------------------------- */

/** bytea as a Node Buffer on both drivers (pg answers Buffers, PGlite Uint8Arrays). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * One row per stored file (attachments, statement PDFs, previews of image attachments), keyed
 * by the store key the owning row points at (`attachments/<random>`, `statements/<uuid>.pdf`;
 * a preview's key is derived from its attachment's, `previews/<random>-<size>.webp`). Written first with
 * `completed_at` null; the chunks follow, and the file exists for readers only once size,
 * SHA-256 and `completed_at` are set (docs/decisions/010-files-in-the-database.md).
 */
export const files = pgTable(
  'files',
  {
    key: text('key').primaryKey(),
    size: bigint('size', { mode: 'number' }).notNull().default(0),
    /** Hex SHA-256 of the whole content; null while the file is being written. */
    sha256: text('sha256'),
    createdAt: createdAt(),
    completedAt: at('completed_at'),
  },
  (t) => [
    index('files_incomplete_idx')
      .on(t.createdAt)
      .where(sql`${t.completedAt} is null`),
  ],
);

/** A file's bytes in pieces of FILE_CHUNK_BYTES (the last one shorter), read back in `seq` order. */
export const fileChunks = pgTable(
  'file_chunks',
  {
    fileKey: text('file_key')
      .notNull()
      .references(() => files.key, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileKey, t.seq] })],
);

/* ---- durable jobs and notifications (src/domain/jobs.ts, docs/decisions/011) ----------------- */

/**
 * The job queue on the portal's own database: a row is written in the same transaction as the
 * change that causes it and claimed by one worker of the cluster with `FOR UPDATE SKIP LOCKED`.
 * `queued` → `active` (claimed, `locked_until` set) → `done`, or back to `queued` with a later
 * `run_at` after a failure (backoff), or `failed` after `max_attempts`. Failed jobs stay until
 * the staff retry them; done jobs are pruned by housekeeping.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** What to do: `mail`, `housekeeping`, `reservation-reminders`, … (domain/jobs.ts). */
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status').$type<'queued' | 'active' | 'done' | 'failed'>().notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(8),
    runAt: at('run_at').notNull().defaultNow(),
    /** While `active`: when the claim lapses (a crashed worker's job is taken again after it). */
    lockedUntil: at('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAt, t.id)
      .where(sql`${t.status} in ('queued', 'active')`),
    index('jobs_status_idx').on(t.status, t.createdAt),
  ],
);

/** Recurring jobs: the row of a due schedule is claimed by one instance, which enqueues the job. */
export const jobSchedules = pgTable('job_schedules', {
  name: text('name').primaryKey(),
  everySeconds: integer('every_seconds').notNull(),
  nextRunAt: at('next_run_at').notNull(),
});

/**
 * A person's choice per notification kind, keyed by the lower-cased address (tenant users and
 * visitors alike, so a visitor's one-click unsubscribe works without an account). No row: the
 * kind's default (domain/notifications.ts).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    email: text('email').notNull(),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.email, t.kind] })],
);
