#!/usr/bin/env node
import { open } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type AppConfig } from '../config/env.js';
import { StoreInUseError, openDatabase, type Database } from '../db/database.js';
import { registerFileStore, resolveFileStore, type FileStore, type FileStoreOrDataDir } from '../files/file-store.js';
import { moveFilesOnUpgrade } from '../files/move-into-database.js';
import { openFileStore } from '../files/open-file-store.js';
import { importCheckedStatement, storeStatementPdf, withStatementPdfDiscardedOnFailure } from '../domain/billing.js';
import { setSupplier, setTenantBilling } from '../domain/billing-parties.js';
import { createBuilding } from '../domain/buildings.js';
import { ApiError } from '../domain/errors.js';
import { MAINTENANCE_CATEGORIES, publishMaintenanceEvents } from '../domain/maintenance-events.js';
import { createRoom } from '../domain/meeting-rooms.js';
import {
  createMeter,
  findMeter,
  METER_KINDS,
  READING_REASONS,
  recordReading,
  serializeReadings,
} from '../domain/meters.js';
import { isRealDay, pragueDayEnd, pragueDayStart } from '../domain/prague-time.js';
import { addOperatorAnswer, listStaffRequests, staffRequestDetail } from '../domain/public-support.js';
import { UNLIMITED_SCOPE } from '../domain/staff.js';
import { listStaffTicketPage, staffTicketDetail } from '../domain/staff-tickets.js';
import { anonymiseVisitors } from '../domain/retention.js';
import { listJobs, retryJob } from '../domain/jobs.js';
import { MAIL_JOB, notifyOutage, setOperatorMailbox } from '../domain/notifications.js';
import { createTenant, grantAccess } from '../domain/tenants.js';
import { addVatRate, endVatRate, listVatRates } from '../domain/vat.js';
import {
  TICKET_PRIORITIES,
  TICKET_STATUSES,
  addComment,
  assign,
  changePriority,
  changeStatus,
  findTicket,
  type TicketPriority,
  type TicketStatus,
} from '../domain/tickets.js';
import { checkPassword } from '../domain/password-policy.js';
import { removeSecondFactor } from '../domain/second-factor.js';
import { createUser, findUserByEmail } from '../domain/users.js';
import { backup, restore } from './backup.js';

/**
 * portal-admin: the operator's side of the reference upstream. Works on the database the API
 * uses (same environment: DATABASE_URL or DATA_DIR) and applies pending migrations first.
 * Every command prints one JSON object; errors go to stderr with exit code 1 (2 for usage).
 */

const USAGE = `portal-admin <command> [options]   (node apps/api/dist/cli/portal-admin.js …)

  create-tenant      --name N [--id UUID]
  create-user        --email E --password P [--first-name F] [--last-name L] [--phone T] [--staff]
  grant-access       --user EMAIL --tenant ID
  create-building    --name N --street S --city C --postal-code PSC [--tenant ID]…
  create-room        --building ID --name N --capacity K [--floor F] [--public] [--equipment X]…
                     [--opening HH:MM] [--closing HH:MM] [--slot MIN] [--max-duration MIN]
  create-meter       --tenant ID --building ID --serial S --kind electricity|gas|water_cold|water_hot|heat [--location L]
                     [--reading VALUE@ISO]…   (earlier readings from the operator's records, oldest first)
  record-reading     --meter ID --value V [--read-at ISO] [--note N] [--reason meter_replaced|rollover]
  publish-maintenance --building ID --title T --description D --category C --starts ISO [--ends ISO] [--tenant-only]
  set-supplier       --name N --street S --city C --postal-code PSC --ico ICO [--dic DIC] [--vat-payer]
                     [--registration "Zapsaná v obchodním rejstříku …"]   the operator as supplier of statements
  set-tenant-billing --tenant ID [--name N] [--street S --city C --postal-code PSC] [--ico ICO] [--dic DIC]
                     the tenant as customer (its legal name when it differs from the portal's name)
  vat-rates list     the VAT rates items may carry, with the taxable supply days they apply to
  vat-rates add      --rate R --from D [--to D]      a rate from a day on (a change of the law)
  vat-rates end      --rate R --to D                 the last taxable supply day of a rate in force
  import-statement   --tenant ID --number N --period-from D --period-to D --issued D --due D
                     --bank-account A --iban I --variable-symbol VS [--constant-symbol KS] [--building ID]
                     --item "popis;množství;jednotka;částka s DPH[;sazba DPH]"… [--taxable-supply-date D]
                     [--paid-amount X --paid-on D] [--pdf FILE]
                     (the statement keeps the supplier's and the tenant's details as they are now)
  tickets list       [--status S]… [--priority P]… [--building ID] [--tenant ID] [--assignee EMAIL|none]
                     [--search TEXT] [--from DAY] [--to DAY] [--ordering -created_at|-priority|-updated_at…]
                     [--page N] [--page-size N]   (the staff queue, every tenant)
  tickets show       --ticket ID     (the whole timeline, internal notes included)
  public-requests list [--status S]… [--category support|fault_report|order]… [--building ID] [--search TEXT]
                     [--page N] [--page-size N]
  public-requests show --request ID
  ticket-answer      --ticket ID --staff EMAIL --body TEXT [--internal]
  ticket-status      --ticket ID --status open|in_progress|resolved|closed [--staff EMAIL] [--resolution TEXT]
  ticket-priority    --ticket ID --priority low|standard|high|critical [--staff EMAIL]
  ticket-assign      --ticket ID (--assignee EMAIL | --unassign) [--staff EMAIL]
  public-answer      --request ID --staff EMAIL --body TEXT [--status open|in_progress|resolved|closed]
  reset-second-factor EMAIL       removes the user's second factor (a lost authenticator); staff
                                  must set a new one up before the staff area opens again
  anonymise          [--days N]   (default ANONYMISE_AFTER_DAYS)
  mail list          [--failed | --status queued|active|done|failed]   outgoing mail, newest first
  mail retry         --id ID      queues a failed mail again with fresh tries (the API sends it)
  move-files                      FILE_STORE=database: moves files an older release kept under DATA_DIR
                                  into the database, with progress on stderr (every command and the
                                  API's start-up do this after migrating; resumable, deletes a file
                                  only once it reads back from the database)
  backup             --out DIR    the database (pg_dump, or the embedded store while the API is
                                  stopped; with FILE_STORE=folder also DATA_DIR's files), into a new folder
  restore            --from DIR   a backup into an empty database and DATA_DIR; start the API
                                  afterwards and it migrates the data forward
`;

const JOB_STATUSES = ['queued', 'active', 'done', 'failed'] as const;

export class UsageError extends Error {}

const OPTIONS = {
  name: { type: 'string' },
  id: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  'first-name': { type: 'string' },
  'last-name': { type: 'string' },
  phone: { type: 'string' },
  staff: { type: 'string' },
  internal: { type: 'boolean' },
  failed: { type: 'boolean' },
  ordering: { type: 'string' },
  page: { type: 'string' },
  'page-size': { type: 'string' },
  search: { type: 'string' },
  to: { type: 'string' },
  user: { type: 'string' },
  tenant: { type: 'string', multiple: true },
  street: { type: 'string' },
  city: { type: 'string' },
  'postal-code': { type: 'string' },
  building: { type: 'string' },
  capacity: { type: 'string' },
  floor: { type: 'string' },
  public: { type: 'boolean' },
  equipment: { type: 'string', multiple: true },
  opening: { type: 'string' },
  closing: { type: 'string' },
  slot: { type: 'string' },
  'max-duration': { type: 'string' },
  serial: { type: 'string' },
  kind: { type: 'string' },
  location: { type: 'string' },
  meter: { type: 'string' },
  reading: { type: 'string', multiple: true },
  value: { type: 'string' },
  'read-at': { type: 'string' },
  note: { type: 'string' },
  reason: { type: 'string' },
  title: { type: 'string' },
  description: { type: 'string' },
  category: { type: 'string', multiple: true },
  starts: { type: 'string' },
  ends: { type: 'string' },
  'tenant-only': { type: 'boolean' },
  number: { type: 'string' },
  'period-from': { type: 'string' },
  'period-to': { type: 'string' },
  issued: { type: 'string' },
  due: { type: 'string' },
  'bank-account': { type: 'string' },
  iban: { type: 'string' },
  'variable-symbol': { type: 'string' },
  'constant-symbol': { type: 'string' },
  item: { type: 'string', multiple: true },
  'paid-amount': { type: 'string' },
  'paid-on': { type: 'string' },
  pdf: { type: 'string' },
  'taxable-supply-date': { type: 'string' },
  ico: { type: 'string' },
  dic: { type: 'string' },
  registration: { type: 'string' },
  'vat-payer': { type: 'boolean' },
  rate: { type: 'string' },
  ticket: { type: 'string' },
  body: { type: 'string' },
  status: { type: 'string', multiple: true },
  resolution: { type: 'string' },
  priority: { type: 'string', multiple: true },
  assignee: { type: 'string' },
  unassign: { type: 'boolean' },
  request: { type: 'string' },
  days: { type: 'string' },
  'is-staff': { type: 'boolean' },
  out: { type: 'string' },
  from: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

function need(values: Values, name: keyof Values): string {
  const value = values[name];
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' || text.trim() === '') throw new UsageError(`--${name} is required`);
  return text.trim();
}

function int(values: Values, name: keyof Values, fallback?: number): number {
  const raw = values[name];
  if (raw === undefined && fallback !== undefined) return fallback;
  const value = Number(need(values, name));
  if (!Number.isInteger(value) || value <= 0) throw new UsageError(`--${name} must be a positive whole number`);
  return value;
}

function oneOf<T extends string>(value: string, allowed: readonly T[], name: string): T {
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`--${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

const TICKET_ORDERINGS = ['-created_at', 'created_at', '-priority', 'priority', '-updated_at', 'updated_at'] as const;
const REQUEST_ORDERINGS = ['-created_at', 'created_at', '-updated_at', 'updated_at'] as const;
const PUBLIC_CATEGORIES = ['support', 'fault_report', 'order'] as const;

/** `--page` (from 1) and `--page-size` (20 by default, at most 100), as the API pages. */
function pageOption(values: Values) {
  const page = int(values, 'page', 1);
  const limit = Math.min(int(values, 'page-size', 20), 100);
  return { page, limit, offset: (page - 1) * limit };
}

function instant(value: string, name: string): Date {
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw new UsageError(`--${name} must be an ISO 8601 date-time`);
  return parsed;
}

/** A calendar date `YYYY-MM-DD` that exists (2026-02-30 does not). */
function calendarDate(values: Values, name: keyof Values): string {
  const text = need(values, name);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || !isRealDay(text)) {
    throw new UsageError(`--${name} must be a date like 2026-12-31`);
  }
  return text;
}

function meterValueOption(value: string, name: string): string {
  if (!/^[0-9]{1,12}(\.[0-9]{1,3})?$/.test(value))
    throw new UsageError(`--${name} must be a decimal with a dot and at most three decimals`);
  return value;
}

function pastInstant(value: string, name: string): Date {
  const parsed = instant(value, name);
  if (parsed.getTime() > Date.now()) throw new UsageError(`--${name} must not be in the future`);
  return parsed;
}

/** Runs a command through the API's rules, turning a refusal into its message instead of "HTTP 400". */
async function domainRule<T>(record: () => Promise<T>): Promise<T> {
  try {
    return await record();
  } catch (error) {
    if (error instanceof ApiError) throw new UsageError(error.messages().join(' '));
    throw error;
  }
}

/**
 * Like `domainRule`, for commands whose fields are options: each field error names the option
 * it is about (`--postal-code: PSČ má pět číslic, například 110 00.`).
 */
async function optionRule<T>(record: () => Promise<T>): Promise<T> {
  try {
    return await record();
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode !== 400) throw error;
    const messages = Object.entries(error.body).flatMap(([field, value]) =>
      (Array.isArray(value) ? value : [value]).map(
        (message) => `--${field.replace(/_/g, '-').replace(/^valid-/, '')}: ${String(message)}`,
      ),
    );
    throw new UsageError(messages.join(' '));
  }
}

/** `--rate 21`: a whole percentage. */
function rateOption(values: Values): number {
  const rate = Number(need(values, 'rate'));
  if (!Number.isInteger(rate) || rate < 0 || rate > 99) throw new UsageError('--rate must be a whole percentage 0–99');
  return rate;
}

/** The first `bytes` bytes of a file as Latin-1 text, without reading the rest. */
async function fileHead(file: string, bytes: number): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead).toString('latin1');
  } finally {
    await handle.close();
  }
}

async function userByEmail(db: Database, email: string, staff = false) {
  const user = await findUserByEmail(db, email);
  if (user === undefined) throw new UsageError(`no user ${email}`);
  if (staff && !user.isStaff) throw new UsageError(`${email} is not a staff member (create-user --is-staff)`);
  return user;
}

async function run(command: string, values: Values, db: Database, fileStore: FileStore): Promise<unknown> {
  // Looked up on the command's transaction: PGlite has one connection, so a query on `db`
  // while a transaction holds it would wait for ever.
  const staffActor = async (tx: Database) =>
    values.staff === undefined
      ? { userId: null, role: 'operator' as const }
      : { userId: (await userByEmail(tx, values.staff, true)).id, role: 'operator' as const };
  const ticketOf = async (tx: Database) => {
    const id = int(values, 'ticket');
    const ticket = await findTicket(tx, id, null, true);
    if (ticket === undefined) throw new UsageError(`no ticket ${id}`);
    return ticket;
  };

  switch (command) {
    case 'create-tenant':
      return createTenant(db, { id: values.id, name: need(values, 'name') });
    case 'create-user': {
      const details = {
        email: need(values, 'email'),
        password: need(values, 'password'),
        firstName: values['first-name'],
        lastName: values['last-name'],
        phone: values.phone,
        isStaff: values['is-staff'] === true,
      };
      // The rules of a reset and a change (password-policy.ts): no weak password at the start either.
      const problems = await checkPassword(details.password, {
        email: details.email,
        firstName: details.firstName ?? '',
        lastName: details.lastName ?? '',
      });
      if (problems.length > 0) throw new UsageError(problems.map((problem) => problem.message).join(' '));
      const user = await createUser(db, details);
      // Never the password hash: the output goes to terminals and logs.
      return { id: user.id, email: user.email, isStaff: user.isStaff };
    }
    case 'grant-access': {
      const user = await userByEmail(db, need(values, 'user'));
      const tenantId = need(values, 'tenant');
      await grantAccess(db, user.id, [tenantId]);
      return { user: user.email, tenant: tenantId };
    }
    case 'create-building': {
      const tenantIds = values.tenant ?? [];
      const building = await createBuilding(
        db,
        {
          name: need(values, 'name'),
          street: need(values, 'street'),
          city: need(values, 'city'),
          postalCode: need(values, 'postal-code'),
        },
        tenantIds,
      );
      return { ...building, tenants: tenantIds };
    }
    case 'create-room':
      return createRoom(db, {
        buildingId: int(values, 'building'),
        name: need(values, 'name'),
        capacity: int(values, 'capacity'),
        floor: values.floor ?? null,
        publicBooking: values.public === true,
        equipment: values.equipment ?? [],
        openingTime: values.opening ?? '08:00',
        closingTime: values.closing ?? '18:00',
        slotMinutes: int(values, 'slot', 30),
        maxDurationMinutes: int(values, 'max-duration', 240),
      });
    case 'create-meter': {
      const kind = oneOf(need(values, 'kind'), METER_KINDS, 'kind');
      const history = (values.reading ?? []).map((entry) => {
        const at = entry.indexOf('@');
        if (at < 0)
          throw new UsageError('--reading must be VALUE@ISO-DATE-TIME, e.g. 1234.5@2026-10-01T10:00:00+02:00');
        return {
          value: meterValueOption(entry.slice(0, at), 'reading'),
          readAt: pastInstant(entry.slice(at + 1), 'reading'),
        };
      });
      return db.transaction(async (tx) => {
        const meter = await createMeter(tx, {
          tenantId: need(values, 'tenant'),
          buildingId: int(values, 'building'),
          serialNumber: need(values, 'serial'),
          kind,
          location: values.location,
        });
        for (const reading of history) {
          await domainRule(() =>
            recordReading(tx, { meterId: meter.id, ...reading, note: null, reason: null, userId: null }),
          );
        }
        return { ...meter, readings: history.length };
      });
    }
    case 'record-reading': {
      // The operator's own reading (hand-over, annual check), dated when it was taken; the
      // same rules as a tenant's submission apply (lower needs a reason, jumps are flagged).
      const value = meterValueOption(need(values, 'value'), 'value');
      const reason = values.reason === undefined ? null : oneOf(values.reason, READING_REASONS, 'reason');
      const readAt = values['read-at'] === undefined ? new Date() : pastInstant(values['read-at'], 'read-at');
      const meterId = int(values, 'meter');
      return db.transaction(async (tx) => {
        if ((await findMeter(tx, meterId, null)) === undefined) throw new UsageError(`no meter ${meterId}`);
        const row = await domainRule(() =>
          recordReading(tx, { meterId, value, note: values.note ?? null, reason, userId: null, readAt }),
        );
        const [reading] = await serializeReadings(tx, [row]);
        return reading;
      });
    }
    case 'publish-maintenance': {
      const [event] = await publishMaintenanceEvents(db, [
        {
          buildingId: int(values, 'building'),
          title: need(values, 'title'),
          description: need(values, 'description'),
          category: oneOf(need(values, 'category'), MAINTENANCE_CATEGORIES, 'category'),
          visibility: values['tenant-only'] === true ? 'tenant_only' : 'public',
          startsAt: instant(need(values, 'starts'), 'starts'),
          endsAt: values.ends === undefined ? null : instant(values.ends, 'ends'),
        },
      ]);
      // Tenants who asked for outage mail are told, as when the staff publish one.
      if (event !== undefined) await notifyOutage(db, event, 'published');
      return event;
    }
    case 'set-supplier':
      return optionRule(() =>
        setSupplier(db, {
          name: need(values, 'name'),
          street: values.street ?? null,
          city: values.city ?? null,
          postalCode: values['postal-code'] ?? null,
          ico: values.ico ?? null,
          dic: values.dic ?? null,
          registration: values.registration ?? null,
          vatPayer: values['vat-payer'] === true,
        }),
      );
    case 'set-tenant-billing':
      return optionRule(() =>
        setTenantBilling(db, need(values, 'tenant'), {
          name: values.name ?? '',
          street: values.street ?? null,
          city: values.city ?? null,
          postalCode: values['postal-code'] ?? null,
          ico: values.ico ?? null,
          dic: values.dic ?? null,
        }),
      );
    case 'vat-rates list':
      return listVatRates(db);
    case 'vat-rates add':
      return optionRule(() =>
        addVatRate(db, {
          rate: rateOption(values),
          validFrom: need(values, 'from'),
          validTo: values.to ?? null,
        }),
      );
    case 'vat-rates end':
      return optionRule(() => endVatRate(db, rateOption(values), need(values, 'to')));
    case 'import-statement': {
      const items = (values.item ?? []).map((item) => {
        const [description = '', quantity = '', unit = '', amount = '', rate = ''] = item
          .split(';')
          .map((part) => part.trim());
        if (!/^-?\d{1,12}\.\d{2}$/.test(amount)) throw new UsageError(`--item amount must look like 1234.50: ${item}`);
        const vatRate = rate.replace(/\s*%$/, '');
        if (vatRate !== '' && !/^\d{1,2}$/.test(vatRate))
          throw new UsageError(`--item VAT rate must be a whole percentage such as 21: ${item}`);
        return {
          description,
          quantity: quantity === '' ? null : quantity,
          unit: unit === '' ? null : unit,
          amount,
          vatRate: vatRate === '' ? null : Number(vatRate),
        };
      });
      if (items.length === 0) throw new UsageError('at least one --item is required');
      const [periodFrom, periodTo] = [calendarDate(values, 'period-from'), calendarDate(values, 'period-to')];
      const [issuedOn, dueDate] = [calendarDate(values, 'issued'), calendarDate(values, 'due')];
      let pdfStorageKey: string | null = null;
      if (values.pdf !== undefined) {
        if ((await fileHead(values.pdf, 5)) !== '%PDF-') throw new UsageError(`${values.pdf} is not a PDF file`);
        pdfStorageKey = await storeStatementPdf(fileStore, values.pdf);
      }
      // The rules (IBAN check digits, period and due date order, tenant and building) are the
      // staff API's own, in domain/billing.ts.
      const statement = await withStatementPdfDiscardedOnFailure(fileStore, pdfStorageKey, () =>
        domainRule(() =>
          importCheckedStatement(db, {
            tenantId: need(values, 'tenant'),
            buildingId: values.building === undefined ? null : int(values, 'building'),
            number: need(values, 'number'),
            periodFrom,
            periodTo,
            issuedOn,
            dueDate,
            paidAmount: values['paid-amount'] ?? '0.00',
            paidOn: values['paid-on'] ?? null,
            variableSymbol: need(values, 'variable-symbol'),
            constantSymbol: values['constant-symbol'] ?? null,
            bankAccount: need(values, 'bank-account'),
            iban: need(values, 'iban'),
            taxableSupplyDate:
              values['taxable-supply-date'] === undefined ? null : calendarDate(values, 'taxable-supply-date'),
            pdfStorageKey,
            items,
          }),
        ),
      );
      return {
        id: statement.id,
        number: statement.number,
        total_amount: statement.totalAmount,
        pdf: pdfStorageKey !== null,
      };
    }
    case 'tickets list': {
      const page = pageOption(values);
      const assignee =
        values.assignee === undefined
          ? undefined
          : values.assignee === 'none'
            ? 'none'
            : String((await userByEmail(db, values.assignee, true)).id);
      const { total, json } = await domainRule(() =>
        listStaffTicketPage(db, {
          scope: UNLIMITED_SCOPE,
          status: (values.status ?? []).map((status) => oneOf(status, TICKET_STATUSES, 'status')),
          priority: (values.priority ?? []).map((priority) => oneOf(priority, TICKET_PRIORITIES, 'priority')),
          building: values.building === undefined ? undefined : int(values, 'building'),
          tenant: values.tenant?.[0],
          assignee,
          search: values.search,
          createdFrom: values.from === undefined ? undefined : pragueDayStart(calendarDate(values, 'from')),
          createdTo: values.to === undefined ? undefined : pragueDayEnd(calendarDate(values, 'to')),
          ordering: values.ordering === undefined ? undefined : oneOf(values.ordering, TICKET_ORDERINGS, 'ordering'),
          limit: page.limit,
          offset: page.offset,
        }),
      );
      return { total, page: page.page, tickets: JSON.parse(json) as unknown };
    }
    case 'tickets show':
      return staffTicketDetail(db, UNLIMITED_SCOPE, int(values, 'ticket'));
    case 'public-requests list': {
      const page = pageOption(values);
      const { total, rows } = await listStaffRequests(
        db,
        UNLIMITED_SCOPE,
        {
          status: (values.status ?? []).map((status) => oneOf(status, TICKET_STATUSES, 'status')),
          category: (values.category ?? []).map((category) => oneOf(category, PUBLIC_CATEGORIES, 'category')),
          building: values.building === undefined ? undefined : int(values, 'building'),
          search: values.search,
          ordering: values.ordering === undefined ? undefined : oneOf(values.ordering, REQUEST_ORDERINGS, 'ordering'),
        },
        page,
      );
      return { total, page: page.page, requests: rows };
    }
    case 'public-requests show':
      return staffRequestDetail(db, UNLIMITED_SCOPE, int(values, 'request'));
    case 'ticket-answer':
      return db.transaction(async (tx) =>
        addComment(
          tx,
          await ticketOf(tx),
          await staffActor(tx),
          need(values, 'body'),
          values.internal === true ? 'internal' : 'public',
        ),
      );
    case 'ticket-status':
      return db.transaction(async (tx) => {
        const status = oneOf<TicketStatus>(need(values, 'status'), TICKET_STATUSES, 'status');
        if (status === 'closed' && values.resolution === undefined)
          throw new UsageError('--resolution is required to close');
        return (
          (await changeStatus(tx, await ticketOf(tx), await staffActor(tx), status, values.resolution)) ?? {
            unchanged: true,
          }
        );
      });
    case 'ticket-priority':
      return db.transaction(async (tx) => {
        const priority = oneOf<TicketPriority>(need(values, 'priority'), TICKET_PRIORITIES, 'priority');
        return (await changePriority(tx, await ticketOf(tx), await staffActor(tx), priority)) ?? { unchanged: true };
      });
    case 'ticket-assign':
      return db.transaction(async (tx) => {
        const assignee = values.unassign === true ? null : (await userByEmail(tx, need(values, 'assignee'), true)).id;
        return (await assign(tx, await ticketOf(tx), await staffActor(tx), assignee)) ?? { unchanged: true };
      });
    case 'public-answer':
      return db.transaction(async (tx) => {
        const status =
          values.status === undefined ? undefined : oneOf(need(values, 'status'), TICKET_STATUSES, 'status');
        const staff = await userByEmail(tx, need(values, 'staff'), true);
        return addOperatorAnswer(tx, int(values, 'request'), staff, need(values, 'body'), { status });
      });
    case 'mail list': {
      const status =
        values.failed === true
          ? 'failed'
          : values.status?.[0] === undefined
            ? undefined
            : oneOf(values.status[0], JOB_STATUSES, 'status');
      return (await listJobs(db, { name: MAIL_JOB, status, limit: 200 })).map((row) => ({
        id: row.id,
        kind: row.payload['kind'],
        to: row.payload['to'] ?? null,
        status: row.status,
        attempts: `${row.attempts}/${row.maxAttempts}`,
        lastError: row.lastError,
        createdAt: row.createdAt.toISOString(),
      }));
    }
    case 'mail retry': {
      const row = await retryJob(db, int(values, 'id'), MAIL_JOB);
      if (row === undefined) throw new UsageError(`no failed mail ${values.id}`);
      return { id: row.id, status: row.status };
    }
    case 'reset-second-factor': {
      // A lost authenticator: the user logs in with the password alone again, and a staff
      // member is asked to set a new second factor up before the staff area opens (ADR 012).
      const user = await userByEmail(db, need(values, 'email'));
      const removed = await removeSecondFactor(db, user.id);
      return { email: user.email, isStaff: user.isStaff, secondFactorRemoved: removed };
    }
    case 'anonymise': {
      const days = values.days === undefined ? loadConfig().anonymiseAfterDays : int(values, 'days');
      return { days, ...(await anonymiseVisitors(db, days)) };
    }
    default:
      throw new UsageError(`unknown command ${command}`);
  }
}

/** `reset-second-factor EMAIL` names its user as a positional; `--email` works too. */
function valuesOf(parsed: { values: Values; positionals: string[] }): Values {
  const [first, second] = parsed.positionals;
  if (first === 'reset-second-factor' && second !== undefined && parsed.values.email === undefined) {
    return { ...parsed.values, email: second };
  }
  return parsed.values;
}

/** Commands with a subcommand (`tickets list`) are one command to `run`. */
function commandOf(positionals: string[]): string | undefined {
  const [first, second] = positionals;
  if (first === 'tickets' || first === 'public-requests' || first === 'mail' || first === 'vat-rates')
    return `${first} ${second ?? ''}`.trim();
  return first;
}

/**
 * Parses one command line and runs it on an open database: what `main` does after start-up,
 * exported so tests can drive every command without a process per command.
 */
export async function runCommand(argv: string[], db: Database, fileStore: FileStoreOrDataDir): Promise<unknown> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const command = commandOf(parsed.positionals);
  if (command === undefined) throw new UsageError('a command is required');
  return run(command, valuesOf(parsed), db, resolveFileStore(fileStore));
}

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const command = commandOf(parsed.positionals);
  if (command === undefined || parsed.values.help === true) {
    process.stdout.write(USAGE);
    return command === undefined && parsed.values.help !== true ? 2 : 0;
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      return 1;
    }
    throw error;
  }
  if (command === 'backup' || command === 'restore') return backupCommand(command, parsed.values, config);
  setOperatorMailbox(config.operatorEmail);
  let handle;
  try {
    handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (!(error instanceof StoreInUseError)) throw error;
    process.stderr.write(storeInUseMessage(command, error));
    return 1;
  }
  try {
    const moved = await handle.withStartupLock(async ({ db, migrate }) => {
      await migrate();
      return moveFilesOnUpgrade(db, config, (line) => process.stderr.write(`portal-admin: ${line}\n`));
    });
    if (command === 'move-files') {
      process.stdout.write(`${JSON.stringify(moved ?? { moved: 0, alreadyMoved: 0, bytes: 0 }, null, 2)}\n`);
      return 0;
    }
    const fileStore = openFileStore(config.fileStore ?? 'database', { db: handle.db, dataDir: config.dataDir });
    const unregister = registerFileStore(config.dataDir, fileStore);
    const result = await run(command, valuesOf(parsed), handle.db, fileStore).finally(unregister);
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`portal-admin ${command}: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`portal-admin ${command}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await handle.close();
  }
}

/**
 * The embedded store (PGlite) serves one process at a time, guarded by `pglite.lock`: while the
 * API runs on it, the CLI cannot open it. Says so, and what to do, instead of a stack trace.
 */
export function storeInUseMessage(command: string, error: StoreInUseError): string {
  return [
    `portal-admin ${command}: cannot open the embedded database in ${error.dataDir}:`,
    `  the running API (process ${error.owner}) holds it (${error.lockPath}).`,
    '  The embedded store (PGlite) serves one process at a time, so portal-admin cannot run beside the API on it.',
    '  Either stop the API, run the command and start the API again; or do the same in the staff workspace',
    '  (/sprava, e.g. as tomas.dvorak@sprava.example.cz in the demo) while the API runs; or run the portal on',
    '  PostgreSQL (DATABASE_URL), where portal-admin works beside the running API.',
    '',
  ].join('\n');
}

/**
 * Backup and restore work on the store as it is: no migration first (a restore needs an empty
 * database, and a backup must not change what it copies).
 */
async function backupCommand(command: 'backup' | 'restore', values: Values, config: AppConfig): Promise<number> {
  try {
    const result =
      command === 'backup' ? await backup(config, need(values, 'out')) : await restore(config, need(values, 'from'));
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`portal-admin ${command}: ${error instanceof Error ? error.message : String(error)}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main(process.argv.slice(2));
}
