import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../cli/portal-admin.js';
import { jobs } from '../db/schema.js';
import { DEMO_STAFF, DEMO_STAFF_LIMITED, DEMO_USERS } from '../demo/demo-data.js';
import { buildTestApp, type TestApp } from '../testing/build-test-app.js';
import { readOutbox, waitForMail, type OutboxMail } from '../testing/outbox.js';
import { DATABASE_DRIVERS } from '../testing/scratch-database.js';
import { logInStaffCast, type StaffCast } from '../testing/staff-cast.js';
import { caller, request } from '../testing/test-client.js';
import { enqueueJob } from './jobs.js';

const QUEUE = '/api/v1/staff/support_tickets/';
const day = (days: number, hour: number) => {
  const at = new Date(Date.now() + days * 86_400_000);
  at.setUTCHours(hour, 0, 0, 0);
  return at.toISOString();
};

describe.each(DATABASE_DRIVERS)('who is told what (%s)', (driver) => {
  let t: TestApp;
  let cast: StaffCast;
  let outbox: string;
  beforeAll(async () => {
    t = await buildTestApp(driver, { config: { jobPollMs: 50, operatorEmail: 'dispecink@sprava.example.cz' } });
    cast = await logInStaffCast(t.app);
    outbox = path.join(t.config.dataDir, 'outbox');
  });
  afterAll(() => t?.close());

  const mailsOf = async (predicate: (mail: OutboxMail) => boolean) => {
    await t.app.jobs.drain();
    return (await readOutbox(outbox)).filter(predicate);
  };
  const patch = (id: number, body: unknown, version: number) => cast.tomas.patch(`${QUEUE}${id}/`, body, version);
  const versionOf = async (id: number) =>
    ((await cast.tomas.get(`${QUEUE}${id}/`)).body as { version: number }).version;

  it('tells the staff of the building and OPERATOR_EMAIL of a new ticket, the tenant of every staff step', async () => {
    const created = await cast.jana.post('/api/v1/support_tickets/', {
      subject: 'Kape kohoutek',
      description: 'V kuchyňce kape kohoutek.',
      building: cast.florencId,
    });
    expect(created.statusCode).toBe(201);
    const id = (created.body as { id: number }).id;
    const staffMails = await mailsOf((mail) => mail.type === 'staff-new-ticket' && mail.subject.includes(`č. ${id}`));
    const told = staffMails.map((mail) => mail.to).sort();
    // Tomáš manages every building, Eva only Karlín: she is not told of a Florenc ticket.
    expect(told).toContain(DEMO_STAFF.email);
    expect(told).toContain('dispecink@sprava.example.cz');
    expect(told).not.toContain(DEMO_STAFF_LIMITED.email);

    // A public answer is told; an internal note is not.
    await cast.tomas.post(`${QUEUE}${id}/messages/`, { body: 'Jen pro nás.', visibility: 'internal' });
    await cast.tomas.post(`${QUEUE}${id}/messages/`, { body: 'Instalatér je objednán.', visibility: 'public' });
    const replies = await mailsOf((mail) => mail.to === DEMO_USERS.jana.email && mail.type === 'ticket-reply');
    expect(replies).toHaveLength(1);
    const [reply] = replies;
    expect(reply?.subject).toBe(`Incident č. ${id}: odpověď správy – Kape kohoutek`);
    expect(reply?.text).toContain('Instalatér je objednán.');
    expect(reply?.text).toContain(`http://portal.test/hlaseni-incidentu/${id}`);
    expect(reply?.html).toContain(`<a href="http://portal.test/hlaseni-incidentu/${id}">`);
    expect(reply?.headers.get('references')).toBe(`<ticket-${id}@portal.test>`);
    expect(reply?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // The visit window: set, moved, cleared – one UID, METHOD:CANCEL at the end.
    const window = { from: day(2, 8), to: day(2, 10), note: 'Zazvoní na recepci.' };
    expect((await patch(id, { visit: window }, await versionOf(id))).statusCode).toBe(200);
    expect(
      (await patch(id, { visit: { ...window, from: day(3, 8), to: day(3, 10) } }, await versionOf(id))).statusCode,
    ).toBe(200);
    expect((await patch(id, { visit: null }, await versionOf(id))).statusCode).toBe(200);
    const visits = await mailsOf((mail) => mail.to === DEMO_USERS.jana.email && mail.type === 'ticket-visit');
    expect(visits).toHaveLength(3);
    const calendars = visits.map(
      (mail) => mail.attachments.find((part) => part.contentType === 'text/calendar')?.content ?? '',
    );
    const uids = calendars.map((ics) => /UID:(\S+)/.exec(ics)?.[1]);
    expect(new Set(uids).size).toBe(1);
    expect(calendars.map((ics) => /METHOD:(\w+)/.exec(ics)?.[1])).toEqual(['REQUEST', 'REQUEST', 'CANCEL']);
    expect(visits[2]?.subject).toMatch(/návštěva technika zrušena/);

    // Resolved: asks to confirm, with the link to the ticket.
    expect(
      (await patch(id, { status: 'resolved', resolution: 'Vyměněno těsnění.' }, await versionOf(id))).statusCode,
    ).toBe(200);
    const [resolved] = await mailsOf((mail) => mail.to === DEMO_USERS.jana.email && mail.type === 'ticket-resolved');
    expect(resolved?.text).toContain('Je závada odstraněna?');
    expect(resolved?.text).toContain('Řešení: Vyměněno těsnění.');

    // One click off: GET only shows, POST switches the kind off, and the next change is not mailed.
    const unsubscribe = new URL(/<([^>]+)>/.exec(resolved?.headers.get('list-unsubscribe') ?? '')?.[1] ?? '');
    expect(unsubscribe.pathname).toBe('/odhlasit-odber');
    const token = unsubscribe.searchParams.get('token') ?? '';
    const shown = await request(t.app, { method: 'GET', url: `/api/v1/notifications/unsubscribe/?token=${token}` });
    expect(shown.body).toEqual({ kind: 'ticket_updates', email: 'ja***@example.cz', enabled: true });
    const forged = await request(t.app, {
      method: 'POST',
      url: '/api/v1/notifications/unsubscribe/',
      body: { token: `${token}x` },
    });
    expect(forged.statusCode).toBe(400);
    const off = await request(t.app, { method: 'POST', url: '/api/v1/notifications/unsubscribe/', body: { token } });
    expect(off.body).toMatchObject({ kind: 'ticket_updates', enabled: false });
    const settings = await cast.jana.get('/api/v1/my_profile/notifications/');
    expect((settings.body as { kinds: Array<{ kind: string; enabled: boolean }> }).kinds).toContainEqual({
      kind: 'ticket_updates',
      enabled: false,
    });
    expect((await patch(id, { status: 'in_progress' }, await versionOf(id))).statusCode).toBe(200);
    expect(await mailsOf((mail) => mail.to === DEMO_USERS.jana.email && mail.type === 'ticket-status')).toEqual([]);
    // Back on through the profile.
    const on = await request(t.app, {
      method: 'PUT',
      url: '/api/v1/my_profile/notifications/',
      token: cast.janaToken,
      body: { kinds: [{ kind: 'ticket_updates', enabled: true }] },
    });
    expect(on.statusCode).toBe(200);
    const staffKind = await request(t.app, {
      method: 'PUT',
      url: '/api/v1/my_profile/notifications/',
      token: cast.janaToken,
      body: { kinds: [{ kind: 'staff_new', enabled: false }] },
    });
    expect(staffKind.statusCode).toBe(400);
  });

  it('tells the assignee of the tenant’s reply and reopening in the tenant’s words, nobody when unassigned', async () => {
    const directory = (await cast.tomas.get('/api/v1/staff/directory/')).body as Array<{ id: number; email: string }>;
    const tomasId = directory.find((member) => member.email === DEMO_STAFF.email)?.id;
    const report = async (subject: string) => {
      const created = await cast.jana.post('/api/v1/support_tickets/', {
        subject,
        description: 'Popis závady.',
        building: cast.florencId,
      });
      return (created.body as { id: number }).id;
    };
    const assigneeMails = (type: string, id: number) =>
      mailsOf((mail) => mail.type === type && mail.subject.includes(`č. ${id}`));

    const unassigned = await report('Bliká světlo na chodbě');
    await cast.jana.post(`/api/v1/support_tickets/${unassigned}/messages/`, { body: 'Pořád bliká.' });
    expect(await assigneeMails('staff-ticket-reply', unassigned)).toEqual([]);

    const id = await report('Nejde topení');
    expect((await patch(id, { assignee: tomasId }, await versionOf(id))).statusCode).toBe(200);
    await cast.jana.post(`/api/v1/support_tickets/${id}/messages/`, { body: 'Radiátor je studený i dnes.' });
    const [reply, ...moreReplies] = await assigneeMails('staff-ticket-reply', id);
    expect(moreReplies).toEqual([]);
    expect(reply?.to).toBe(DEMO_STAFF.email);
    expect(reply?.subject).toBe(`Incident č. ${id}: odpověď nájemce – Nejde topení`);
    expect(reply?.text).toContain(
      `nájemce odpověděl na incident č. ${id} „Nejde topení“, který máte přidělený:\n\nRadiátor je studený i dnes.\n\n` +
        `Otevřít ve správě: http://portal.test/sprava/incidenty/${id}`,
    );
    expect(reply?.headers.get('references')).toBe(`<ticket-${id}@portal.test>`);

    const resolved = await patch(id, { status: 'resolved', resolution: 'Odvzdušněno.' }, await versionOf(id));
    expect(resolved.statusCode).toBe(200);
    const reopen = await cast.jana.post(`/api/v1/support_tickets/${id}/reopen/`, { reason: 'Topí jen napůl.' });
    expect(reopen.statusCode).toBe(200);
    const [reopened] = await assigneeMails('staff-ticket-reopened', id);
    expect(reopened?.to).toBe(DEMO_STAFF.email);
    expect(reopened?.subject).toBe(`Incident č. ${id} znovu otevřen – Nejde topení`);
    expect(reopened?.text).toContain(
      `nájemce znovu otevřel incident č. ${id} „Nejde topení“, který máte přidělený. Důvod:\n\nTopí jen napůl.\n\n` +
        `Otevřít ve správě: http://portal.test/sprava/incidenty/${id}`,
    );
  });

  it('tells the visitor of every staff answer and status change of a public request', async () => {
    const created = await caller(t.app).post('/api/v1/public_support/', {
      name: 'Jan Host',
      email: 'jan.navstevnik@example.cz',
      subject: 'Nesvítí lampa',
      message: 'U vchodu.',
    });
    expect(created.statusCode).toBe(201);
    const id = (created.body as { id: number }).id;
    const answer = await cast.tomas.post(`/api/v1/staff/public_support/${id}/messages/`, { body: 'Opravíme zítra.' });
    expect(answer.statusCode).toBe(201);
    const mail = await waitForMail(
      outbox,
      (m) => m.to === 'jan.navstevnik@example.cz' && m.type === 'public-support-answer',
    );
    expect(mail.subject).toBe(`Požadavek č. ${id}: odpověď správy budovy`);
    expect(mail.text).toContain(`http://portal.test/verejna-podpora/${id}`);
    expect(mail.text).toContain('Opravíme zítra.');
    // The visitor's address was never confirmed: their own words are not quoted back to it.
    expect(`${mail.subject}\n${mail.text}`).not.toContain('Nesvítí lampa');
    const publicUrl = `/api/v1/staff/public_support/${id}/`;
    const { version } = (await cast.tomas.get(publicUrl)).body as { version: number };
    const moved = await cast.tomas.patch(publicUrl, { status: 'resolved' }, version);
    expect(moved.statusCode).toBe(200);
    const statusMail = await waitForMail(
      outbox,
      (m) => m.to === 'jan.navstevnik@example.cz' && m.type === 'public-support-status',
    );
    expect(statusMail.text).toContain('Vyřešeno');
    expect(`${statusMail.subject}\n${statusMail.text}`).not.toContain('Nesvítí lampa');
    expect(mail.headers.get('in-reply-to')).toBe(`<public-request-${id}@portal.test>`);
    const staff = await mailsOf((m) => m.type === 'staff-new-request' && m.subject.includes(`č. ${id}`));
    expect(staff.map((m) => m.to)).toContain(DEMO_STAFF.email);
  });

  it('keeps a failed mail for the staff and the CLI, and sends it again on retry', async () => {
    const { db } = t.app;
    const id = await enqueueJob(db, 'mail', { kind: 'password-changed', to: 'nikdo@example.cz', data: {} });
    await db
      .update(jobs)
      .set({ status: 'failed', attempts: 8, lastError: '550 mailbox unavailable' })
      .where(eq(jobs.id, id));
    const listed = await cast.tomas.get('/api/v1/staff/mail/?status=failed');
    expect(listed.statusCode).toBe(200);
    expect(listed.body).toEqual([
      expect.objectContaining({
        id,
        kind: 'password-changed',
        to: 'nikdo@example.cz',
        last_error: '550 mailbox unavailable',
      }),
    ]);
    expect((await cast.jana.get('/api/v1/staff/mail/')).statusCode).toBe(403);
    expect(await runCommand(['mail', 'list', '--failed'], db, t.config.dataDir)).toEqual([
      expect.objectContaining({ id, to: 'nikdo@example.cz', status: 'failed' }),
    ]);
    expect(await runCommand(['mail', 'retry', '--id', String(id)], db, t.config.dataDir)).toEqual({
      id,
      status: 'queued',
    });
    expect((await cast.tomas.post(`/api/v1/staff/mail/${id}/retry/`)).statusCode).toBe(404);
    await waitForMail(outbox, (mail) => mail.to === 'nikdo@example.cz');
  });
});
