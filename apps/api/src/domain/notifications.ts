import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import {
  buildings,
  meetingRooms,
  notificationPreferences,
  publicSupportRequests,
  reservations,
  staffBuildings,
  tenantAccess,
  tenantBuildings,
  users,
} from '../db/schema.js';
import type { supportTickets } from '../db/schema.js';
import { enqueueJob } from './jobs.js';

/**
 * Who is told what (docs/architecture.md §9): each notification is a `mail` job written in the
 * transaction of the change that causes it, so it exists exactly when the change committed and
 * survives crashes and SMTP outages (domain/jobs.ts). The job carries what the mail says; the
 * worker renders it (mail/templates.ts) with the portal's address and the unsubscribe link.
 */

/** The job name of a mail. */
export const MAIL_JOB = 'mail';

/**
 * The kinds a person can switch on or off (`/profil`, one-click unsubscribe). Security mail
 * (password reset, password changed) has no kind: it cannot be switched off.
 */
export const NOTIFICATION_KINDS = [
  'ticket_updates',
  'ticket_visits',
  'reservations',
  'reservation_reminders',
  'outages',
  'staff_new',
  'staff_assigned',
  'public_requests',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** On unless switched off – except planned outages, which a tenant asks for (opt-in). */
export const KIND_DEFAULTS: Record<NotificationKind, boolean> = {
  ticket_updates: true,
  ticket_visits: true,
  reservations: true,
  reservation_reminders: true,
  outages: false,
  staff_new: true,
  staff_assigned: true,
  public_requests: true,
};

/** Kinds a tenant user sees on `/profil`; staff see theirs too. */
export const TENANT_KINDS: readonly NotificationKind[] = [
  'ticket_updates',
  'ticket_visits',
  'reservations',
  'reservation_reminders',
  'outages',
];
export const STAFF_KINDS: readonly NotificationKind[] = ['staff_new', 'staff_assigned'];

export const isNotificationKind = (value: string): value is NotificationKind =>
  (NOTIFICATION_KINDS as readonly string[]).includes(value);

/** Values a mail template needs; dates as ISO strings, so the payload is plain JSON. */
export type MailData = Record<string, string | number | boolean | null>;

/** One mail as a job: its `X-Portal-Mail-Type`, the address, the kind it belongs to and its data. */
export interface MailJob {
  kind: string;
  to: string;
  /** The kind a recipient may switch off (absent: security mail). */
  preference?: NotificationKind | undefined;
  data: MailData;
}

/* ---- preferences ------------------------------------------------------------------------ */

const normalise = (email: string) => email.trim().toLowerCase();

/** Every kind with its current setting for an address (defaults where nothing was chosen). */
export async function preferencesOf(db: Database, email: string): Promise<Record<NotificationKind, boolean>> {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.email, normalise(email)));
  const result = { ...KIND_DEFAULTS };
  for (const row of rows) if (isNotificationKind(row.kind)) result[row.kind] = row.enabled;
  return result;
}

/** Stores choices for an address; kinds not named keep theirs. */
export async function setPreferences(
  db: Database,
  email: string,
  choices: Partial<Record<NotificationKind, boolean>>,
): Promise<void> {
  const rows = Object.entries(choices)
    .filter(
      (entry): entry is [NotificationKind, boolean] => isNotificationKind(entry[0]) && typeof entry[1] === 'boolean',
    )
    .map(([kind, enabled]) => ({ email: normalise(email), kind, enabled, updatedAt: new Date() }));
  if (rows.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(rows)
    .onConflictDoUpdate({
      target: [notificationPreferences.email, notificationPreferences.kind],
      set: { enabled: sql`excluded.enabled`, updatedAt: sql`excluded.updated_at` },
    });
}

async function wants(db: Database, email: string, kind: NotificationKind): Promise<boolean> {
  const [row] = await db
    .select({ enabled: notificationPreferences.enabled })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.email, normalise(email)), eq(notificationPreferences.kind, kind)));
  return row?.enabled ?? KIND_DEFAULTS[kind];
}

/* ---- enqueueing ------------------------------------------------------------------------- */

export interface EnqueueMailOptions {
  /** Send even when the recipient switched the kind off (a confirmation of their own action). */
  always?: boolean;
  runAt?: Date;
}

/**
 * Enqueues one mail in the caller's transaction, unless its recipient switched its kind off.
 * Answers the job id, or null when nothing was enqueued. The function to call for any mail.
 */
export async function enqueueMail(
  tx: Database,
  mail: MailJob,
  options: EnqueueMailOptions = {},
): Promise<number | null> {
  if (mail.to.trim() === '') return null;
  if (mail.preference !== undefined && options.always !== true && !(await wants(tx, mail.to, mail.preference))) {
    return null;
  }
  return enqueueJob(tx, MAIL_JOB, { ...mail }, { runAt: options.runAt });
}

/** Where copies of new tickets and public requests go (OPERATOR_EMAIL); set by the app at boot. */
let operatorMailbox: string | undefined;
export function setOperatorMailbox(address: string | undefined): void {
  operatorMailbox = address?.trim() || undefined;
}

/* ---- tickets ------------------------------------------------------------------------------ */

type Ticket = Pick<
  typeof supportTickets.$inferSelect,
  'id' | 'subject' | 'reporterId' | 'assigneeId' | 'buildingId' | 'status'
>;

async function activeUser(db: Database, id: number | null) {
  if (id === null) return undefined;
  const [row] = await db
    .select({ id: users.id, email: users.email, isActive: users.isActive, isStaff: users.isStaff })
    .from(users)
    .where(eq(users.id, id));
  return row?.isActive === true ? row : undefined;
}

const ticketData = (ticket: Ticket): MailData => ({ ticketId: ticket.id, subject: ticket.subject });

/** Mail about the ticket to one of its people, when there is one and their account is active. */
async function mailAboutTicket(
  tx: Database,
  ticket: Ticket,
  recipientId: number | null,
  kind: string,
  preference: NotificationKind,
  data: MailData,
) {
  const user = await activeUser(tx, recipientId);
  if (user === undefined) return null;
  return enqueueMail(tx, { kind, to: user.email, preference, data: { ...ticketData(ticket), ...data } });
}

const tellReporter = (tx: Database, ticket: Ticket, kind: string, preference: NotificationKind, data: MailData) =>
  mailAboutTicket(tx, ticket, ticket.reporterId, kind, preference, data);

/** What the tenant did on an assigned ticket, to its assignee (nobody when unassigned). */
const tellAssignee = (tx: Database, ticket: Ticket, kind: string, data: MailData) =>
  mailAboutTicket(tx, ticket, ticket.assigneeId, kind, 'staff_assigned', data);

/** A staff member's public answer on a ticket: the reporter is told (internal notes never). */
export async function notifyTicketReply(tx: Database, ticket: Ticket, body: string) {
  return tellReporter(tx, ticket, 'ticket-reply', 'ticket_updates', { body });
}

/**
 * A status change by the staff: the reporter is told; `resolved` asks to confirm the fix. A
 * tenant reopening a resolved ticket tells the assignee instead (see notifyTicketReopened).
 */
export async function notifyTicketStatus(
  tx: Database,
  ticket: Ticket,
  from: string,
  to: string,
  resolution: string | null,
) {
  if (to === 'resolved') return tellReporter(tx, ticket, 'ticket-resolved', 'ticket_updates', { resolution });
  return tellReporter(tx, ticket, 'ticket-status', 'ticket_updates', { from, to, resolution });
}

/**
 * The visit window set, moved or cleared: the reporter gets it with an `.ics` (the same UID
 * every time; METHOD:CANCEL when cleared). `sequence` orders the versions for calendars.
 */
export async function notifyTicketVisit(
  tx: Database,
  ticket: Ticket,
  visit: { from: Date; to: Date; note: string | null } | null,
  sequence: number,
) {
  return tellReporter(tx, ticket, 'ticket-visit', 'ticket_visits', {
    visitFrom: visit?.from.toISOString() ?? null,
    visitTo: visit?.to.toISOString() ?? null,
    note: visit?.note ?? null,
    sequence,
  });
}

/** The tenant's reply on a ticket: its assignee is told (nobody when unassigned). */
export async function notifyAssigneeOfReply(tx: Database, ticket: Ticket, body: string) {
  return tellAssignee(tx, ticket, 'staff-ticket-reply', { body });
}

/** For the tenant's reopen of a resolved ticket (with the reason): its assignee is told. */
export async function notifyTicketReopened(tx: Database, ticket: Ticket, reason: string) {
  return tellAssignee(tx, ticket, 'staff-ticket-reopened', { reason });
}

/** For the automatic close of a resolved ticket nobody confirmed: the reporter is told. */
export async function notifyTicketAutoClosed(tx: Database, ticket: Ticket, days: number) {
  return tellReporter(tx, ticket, 'ticket-auto-closed', 'ticket_updates', { days });
}

/** The active staff whose scope covers a building (every staff member for no building). */
async function staffOfBuilding(db: Database, buildingId: number | null): Promise<string[]> {
  const limited = db.select({ userId: staffBuildings.userId }).from(staffBuildings);
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        eq(users.isStaff, true),
        eq(users.isActive, true),
        buildingId === null
          ? undefined
          : sql`(${users.id} not in (${limited}) or ${users.id} in (select ${staffBuildings.userId} from ${staffBuildings} where ${staffBuildings.buildingId} = ${buildingId}))`,
      ),
    );
  return rows.map((row) => row.email);
}

async function tellStaff(tx: Database, buildingId: number | null, kind: string, data: MailData) {
  const recipients = new Map<string, string>();
  for (const email of await staffOfBuilding(tx, buildingId)) recipients.set(normalise(email), email);
  if (operatorMailbox !== undefined) recipients.set(normalise(operatorMailbox), operatorMailbox);
  const ids: Array<number | null> = [];
  for (const to of recipients.values()) {
    ids.push(await enqueueMail(tx, { kind, to, preference: 'staff_new', data }));
  }
  return ids;
}

async function buildingName(db: Database, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await db.select({ name: buildings.name }).from(buildings).where(eq(buildings.id, id));
  return row?.name ?? null;
}

/** A new ticket: the staff of its building (and OPERATOR_EMAIL) are told. */
export async function notifyTicketCreated(tx: Database, ticket: Ticket) {
  return tellStaff(tx, ticket.buildingId, 'staff-new-ticket', {
    ...ticketData(ticket),
    building: await buildingName(tx, ticket.buildingId),
  });
}

/* ---- public requests -------------------------------------------------------------------- */

type PublicRequest = Pick<
  typeof publicSupportRequests.$inferSelect,
  'id' | 'subject' | 'email' | 'category' | 'buildingId' | 'status'
>;

/** The visitor's confirmation with the access code: always sent (it answers their own submit). */
export async function notifyPublicRequestCreated(tx: Database, request: PublicRequest, accessCode: string) {
  if (request.email !== null) {
    await enqueueMail(
      tx,
      {
        kind: 'public-support-created',
        to: request.email,
        preference: 'public_requests',
        // Never the visitor's own text: the address is unconfirmed (mail/templates.ts).
        data: { requestId: request.id, category: request.category, accessCode },
      },
      { always: true },
    );
  }
  return tellStaff(tx, request.buildingId, 'staff-new-request', {
    requestId: request.id,
    subject: request.subject,
    category: request.category,
    building: await buildingName(tx, request.buildingId),
  });
}

async function requestOf(db: Database, id: number) {
  const [row] = await db.select().from(publicSupportRequests).where(eq(publicSupportRequests.id, id));
  return row;
}

/** A staff answer on a public request (and the status it moved to): the visitor is told. */
export async function notifyPublicRequestAnswer(tx: Database, requestId: number, body: string, status?: string) {
  const row = await requestOf(tx, requestId);
  if (row?.email == null) return null;
  return enqueueMail(tx, {
    kind: 'public-support-answer',
    to: row.email,
    preference: 'public_requests',
    data: { requestId, category: row.category, body, status: status ?? null },
  });
}

/** A status change of a public request by the staff: the visitor is told. */
export async function notifyPublicRequestStatus(tx: Database, requestId: number, from: string, to: string) {
  const row = await requestOf(tx, requestId);
  if (row?.email == null) return null;
  return enqueueMail(tx, {
    kind: 'public-support-status',
    to: row.email,
    preference: 'public_requests',
    data: { requestId, category: row.category, from, to },
  });
}

/* ---- reservations ----------------------------------------------------------------------- */

type Reservation = typeof reservations.$inferSelect;

async function reservationData(db: Database, row: Reservation): Promise<MailData> {
  const [room] = await db
    .select({ name: meetingRooms.name, building: buildings.name })
    .from(meetingRooms)
    .innerJoin(buildings, eq(buildings.id, meetingRooms.buildingId))
    .where(eq(meetingRooms.id, row.roomId));
  return {
    uuid: row.uuid,
    roomName: room?.name ?? '',
    building: room?.building ?? '',
    // A visitor's title is not quoted to their unconfirmed address (mail/templates.ts).
    title: row.tenantId === null ? null : row.title,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    public: row.tenantId === null,
  };
}

async function bookerEmail(db: Database, row: Reservation): Promise<string | null> {
  if (row.tenantId === null) return row.email;
  return (await activeUser(db, row.createdBy))?.email ?? null;
}

/**
 * A booking's confirmation with the `.ics`: a tenant's at its user's address, a visitor's with
 * the cancellation code (always sent: it is the only way to cancel).
 */
export async function notifyReservationConfirmed(tx: Database, row: Reservation, cancelToken?: string) {
  const to = await bookerEmail(tx, row);
  if (to === null) return null;
  const data = await reservationData(tx, row);
  if (cancelToken !== undefined) {
    return enqueueMail(
      tx,
      { kind: 'public-reservation', to, preference: 'reservations', data: { ...data, cancelToken } },
      { always: true },
    );
  }
  return enqueueMail(tx, { kind: 'reservation-confirmed', to, preference: 'reservations', data });
}

/** The staff cancelled a booking: the booker learns why, with METHOD:CANCEL for the calendar. */
export async function notifyReservationCancelledByStaff(tx: Database, row: Reservation, reason: string) {
  const to = await bookerEmail(tx, row);
  if (to === null) return null;
  return enqueueMail(
    tx,
    {
      kind: 'reservation-cancelled-by-staff',
      to,
      preference: 'reservations',
      data: { ...(await reservationData(tx, row)), reason },
    },
    { always: true },
  );
}

/**
 * The scheduled job `reservation-reminders`: every confirmed reservation starting within
 * `leadMinutes` that has had no reminder gets one (once: `reminded_at` is set in the same
 * transaction, with the rows locked so two instances never both remind).
 */
export async function enqueueReservationReminders(db: Database, leadMinutes: number, now = new Date()) {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(reservations)
      .where(
        and(
          eq(reservations.status, 'confirmed'),
          isNull(reservations.remindedAt),
          gt(reservations.startsAt, now),
          lte(reservations.startsAt, new Date(now.getTime() + leadMinutes * 60_000)),
        ),
      )
      .for('update', { skipLocked: true });
    for (const row of due) {
      const to = await bookerEmail(tx, row);
      if (to !== null) {
        await enqueueMail(tx, {
          kind: 'reservation-reminder',
          to,
          preference: 'reservation_reminders',
          data: await reservationData(tx, row),
        });
      }
    }
    if (due.length > 0) {
      await tx
        .update(reservations)
        .set({ remindedAt: now })
        .where(
          inArray(
            reservations.id,
            due.map((row) => row.id),
          ),
        );
    }
    return due.length;
  });
}

/* ---- planned outages -------------------------------------------------------------------- */

/**
 * A planned outage published or moved: the users of the building's tenants who asked for
 * outage mail (opt-in) are told.
 */
export async function notifyOutage(
  tx: Database,
  event: { id: number; buildingId: number; title: string; description: string; startsAt: Date; endsAt: Date | null },
  change: 'published' | 'moved',
) {
  const rows = await tx
    .selectDistinct({ email: users.email })
    .from(users)
    .innerJoin(tenantAccess, eq(tenantAccess.userId, users.id))
    .innerJoin(tenantBuildings, eq(tenantBuildings.tenantId, tenantAccess.tenantId))
    .innerJoin(
      notificationPreferences,
      and(
        eq(notificationPreferences.email, sql`lower(${users.email})`),
        eq(notificationPreferences.kind, 'outages'),
        eq(notificationPreferences.enabled, true),
      ),
    )
    .where(and(eq(tenantBuildings.buildingId, event.buildingId), eq(users.isActive, true)));
  const data: MailData = {
    eventId: event.id,
    title: event.title,
    description: event.description,
    startsAt: event.startsAt.toISOString(),
    endsAt: event.endsAt?.toISOString() ?? null,
    building: await buildingName(tx, event.buildingId),
  };
  for (const row of rows) {
    await enqueueMail(tx, { kind: `outage-${change}`, to: row.email, preference: 'outages', data });
  }
  return rows.length;
}
