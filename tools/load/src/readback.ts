import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Actor } from './actor.js';
import type { LoadRun } from './run-load.js';
import type { Tenant } from './tenant.js';

const run = promisify(execFile);

/** What reading back found: broken promises fail the check, notes only inform. */
export interface ReadBack {
  problems: string[];
  notes: string[];
  counted: { tickets: number; comments: number; readings: number; reservations: number; publicRequests: number };
}

const PAGE_SIZE = 100;

/**
 * Everything whose create was answered with success must be there exactly once afterwards.
 * Tickets, comments, readings and bookings are read back through the BFF by the tenant who made
 * them (what that tenant would see); public requests, which nobody can list, by their access
 * code through the BFF and counted in the database (the API's own table).
 */
export async function readBack(loadRun: LoadRun, databaseUrl: string): Promise<ReadBack> {
  const result: ReadBack = {
    problems: [],
    notes: [],
    counted: { tickets: 0, comments: 0, readings: 0, reservations: 0, publicRequests: 0 },
  };
  const { created, runTag } = loadRun;
  for (const tenant of loadRun.tenants) {
    // A session lost during the run is reported as such; the read-back needs one anyway.
    if (!(await tenant.sessionAlive()) && !(await tenant.logIn())) {
      result.problems.push(`${tenant.name}: cannot log in to read back`);
      continue;
    }
    await tickets(tenant, loadRun, result);
    await readings(tenant, loadRun, result);
    await reservations(tenant, loadRun, result);
  }

  for (const request of created.publicRequests) {
    const visitor = loadRun.visitors.find((candidate) => candidate.name === request.actor);
    const answer = await visitor?.get(
      `/api/v1/public_support/${request.id}/?code=${encodeURIComponent(request.accessCode)}`,
    );
    if (answer?.status !== 200 || (answer.body as { subject?: string }).subject !== request.subject) {
      result.problems.push(
        `public request ${request.id} of ${request.actor} (answered 201) reads back as ${answer?.status}`,
      );
    }
  }
  const counts = await publicRequestCounts(databaseUrl, runTag);
  for (const request of created.publicRequests) {
    const count = counts.get(request.subject) ?? 0;
    if (count !== 1) result.problems.push(`public request "${request.subject}" is in the database ${count} times`);
    else result.counted.publicRequests += 1;
  }
  noteUnanswered(loadRun, 'public request', [...counts.keys()], result);
  return result;
}

async function tickets(tenant: Tenant, loadRun: LoadRun, result: ReadBack): Promise<void> {
  const mine = loadRun.created.tickets.filter((ticket) => ticket.actor === tenant.name);
  const listed = await allPages<{ id: number; subject: string }>(
    tenant,
    `/api/v1/support_tickets/?search=${encodeURIComponent(loadRun.runTag)}`,
    result,
  );
  const own = listed.filter((ticket) => ticket.subject.startsWith(`${loadRun.runTag} ${tenant.name}:`));
  for (const ticket of mine) {
    const copies = own.filter((candidate) => candidate.subject === ticket.subject);
    if (copies.length !== 1 || copies[0]?.id !== ticket.id) {
      result.problems.push(
        `ticket "${ticket.subject}" (answered 201 as #${ticket.id}) is listed ${copies.length} times (${copies.map((copy) => `#${copy.id}`).join(', ')})`,
      );
    } else {
      result.counted.tickets += 1;
    }
  }
  const listedSubjects = own.map((ticket) => ticket.subject);
  noteUnanswered(loadRun, 'ticket', listedSubjects, result, tenant.name);

  for (const comment of loadRun.created.comments.filter((candidate) => candidate.actor === tenant.name)) {
    const answer = await tenant.get(`/api/v1/support_tickets/${comment.ticketId}/`);
    const timeline =
      answer.status === 200 ? (answer.body as { timeline: Array<{ type: string; body: string | null }> }).timeline : [];
    const copies = timeline.filter((entry) => entry.type === 'comment' && entry.body === comment.body).length;
    if (copies !== 1)
      result.problems.push(
        `comment "${comment.body}" (answered 201) is on ticket #${comment.ticketId} ${copies} times (read back: ${answer.status})`,
      );
    else result.counted.comments += 1;
  }
}

async function readings(tenant: Tenant, loadRun: LoadRun, result: ReadBack): Promise<void> {
  const listed = await allPages<{ id: number; note: string | null }>(
    tenant,
    `/api/v1/readings/?meter=${tenant.account.meterId}`,
    result,
  );
  const own = listed.filter((reading) => reading.note?.startsWith(`${loadRun.runTag} ${tenant.name}:`));
  for (const reading of loadRun.created.readings.filter((candidate) => candidate.actor === tenant.name)) {
    const copies = own.filter((candidate) => candidate.note === reading.note);
    if (copies.length !== 1 || copies[0]?.id !== reading.id) {
      result.problems.push(
        `reading "${reading.note}" (answered 201 as #${reading.id}) is listed ${copies.length} times`,
      );
    } else {
      result.counted.readings += 1;
    }
  }
  noteUnanswered(
    loadRun,
    'reading',
    own.map((reading) => reading.note ?? ''),
    result,
    tenant.name,
  );
}

async function reservations(tenant: Tenant, loadRun: LoadRun, result: ReadBack): Promise<void> {
  const listed = await allPages<{ id: number; title: string; status: string }>(
    tenant,
    `/api/v1/meeting_rooms/reservation/?room=${tenant.account.roomId}&ordering=-created_at`,
    result,
  );
  const own = listed.filter((reservation) => reservation.title.startsWith(`${loadRun.runTag} ${tenant.name}:`));
  for (const reservation of loadRun.created.reservations.filter((candidate) => candidate.actor === tenant.name)) {
    const copies = own.filter((candidate) => candidate.title === reservation.title);
    const wanted = reservation.cancelled ? 'cancelled' : 'confirmed';
    if (copies.length !== 1 || copies[0]?.id !== reservation.id) {
      result.problems.push(
        `booking "${reservation.title}" (answered 201 as #${reservation.id}) is listed ${copies.length} times`,
      );
    } else if (copies[0]?.status !== wanted) {
      result.problems.push(
        `booking "${reservation.title}" is ${copies[0]?.status}, but its cancel was answered ${reservation.cancelled ? 'with success' : 'with an error'}`,
      );
    } else {
      result.counted.reservations += 1;
    }
  }
  const listedTitles = own.map((reservation) => reservation.title);
  noteUnanswered(loadRun, 'reservation', listedTitles, result, tenant.name);
}

/** Every page of a list (page_size 100) until the X-Total-Count is reached. */
async function allPages<T>(actor: Actor, path: string, result: ReadBack): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await actor.get(`${path}${path.includes('?') ? '&' : '?'}page=${page}&page_size=${PAGE_SIZE}`);
    if (answer.status !== 200 || !Array.isArray(answer.body)) {
      result.problems.push(`${actor.name}: reading back ${path} page ${page} answered ${answer.status}`);
      return items;
    }
    items.push(...(answer.body as T[]));
    const total = Number(answer.headers['x-total-count'] ?? items.length);
    if (answer.body.length < PAGE_SIZE || items.length >= total) return items;
  }
}

/**
 * Creates the user saw fail (every try answered with an error) whose data exists anyway: the
 * user may well send them again. Not a broken promise, so only noted.
 */
function noteUnanswered(loadRun: LoadRun, kind: string, present: string[], result: ReadBack, actor?: string): void {
  for (const unanswered of loadRun.created.unanswered) {
    if (unanswered.kind !== kind || (actor !== undefined && unanswered.actor !== actor)) continue;
    if (present.includes(unanswered.marker)) {
      result.notes.push(
        `${kind} "${unanswered.marker}" exists although every try of its create was answered with an error`,
      );
    }
  }
}

async function publicRequestCounts(databaseUrl: string, runTag: string): Promise<Map<string, number>> {
  // The tag is ours (ZATEZ-<base 36>), so it can stand in the SQL text as a literal.
  if (!/^[A-Za-z0-9-]+$/.test(runTag)) throw new Error(`unexpected run tag ${runTag}`);
  const { stdout } = await run('psql', [
    databaseUrl,
    '-AtF',
    '\t',
    '-c',
    `select subject, count(*) from public_support_requests where subject like '${runTag} %' group by subject`,
  ]);
  const counts = new Map<string, number>();
  for (const line of stdout.split('\n')) {
    const [subject, count] = line.split('\t');
    if (subject && count) counts.set(subject, Number(count));
  }
  return counts;
}
