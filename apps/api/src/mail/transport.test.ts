import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readOutbox } from '../testing/outbox.js';
import { mailEvent } from './calendar.js';
import { createOutboxMailer } from './transport.js';

describe('outbox mailer (nodemailer stream transport)', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  async function outbox() {
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    dirs.push(dir);
    return path.join(dir, 'outbox');
  }

  it('writes one .eml per message: Czech text and HTML, threading and one-click unsubscribe', async () => {
    const dir = await outbox();
    const mailer = createOutboxMailer(dir, { portalUrl: 'https://portal.example.cz' });
    await mailer.send({
      to: 'jana@example.cz',
      subject: 'Incident č. 12: odpověď správy – Kape kohoutek',
      text: 'Řádek 1\nOdkaz: https://portal.example.cz/hlaseni-incidentu/12',
      type: 'ticket-reply',
      thread: 'ticket-12',
      unsubscribeUrl: 'https://portal.example.cz/odhlasit-odber?token=abc',
    });
    await mailer.send({ to: 'petr@example.cz', subject: 'Druhý', text: 'x', type: 'test' });

    expect((await readdir(dir)).filter((name) => name.endsWith('.eml'))).toHaveLength(2);
    const [first] = await readOutbox(dir);
    expect(first).toMatchObject({
      to: 'jana@example.cz',
      subject: 'Incident č. 12: odpověď správy – Kape kohoutek',
      type: 'ticket-reply',
      text: 'Řádek 1\nOdkaz: https://portal.example.cz/hlaseni-incidentu/12',
    });
    expect(first?.html).toContain('<a href="https://portal.example.cz/hlaseni-incidentu/12">');
    expect(first?.headers.get('in-reply-to')).toBe('<ticket-12@portal.example.cz>');
    expect(first?.headers.get('references')).toBe('<ticket-12@portal.example.cz>');
    expect(first?.headers.get('message-id')).toMatch(/^<ticket-12\.[0-9a-f]+@portal\.example\.cz>$/);
    expect(first?.headers.get('list-unsubscribe')).toContain('<https://portal.example.cz/odhlasit-odber?token=abc>');
    expect(first?.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('attaches a calendar event and refuses header injection', async () => {
    const dir = await outbox();
    const mailer = createOutboxMailer(dir, { portalUrl: 'https://portal.example.cz' });
    const content = mailEvent({
      uid: 'ticket-visit-3@portal.example.cz',
      title: 'Návštěva technika',
      description: 'Kape kohoutek',
      start: new Date('2026-12-01T08:00:00Z'),
      end: new Date('2026-12-01T10:00:00Z'),
      sequence: 2,
      method: 'CANCEL',
      url: 'https://portal.example.cz/hlaseni-incidentu/3',
      organizer: 'sprava@example.cz',
    });
    await mailer.send({
      to: 'a@b.cz',
      subject: 's',
      text: 't',
      type: 'ticket-visit',
      calendar: { method: 'CANCEL', content, filename: 'navsteva.ics' },
    });
    const [mail] = await readOutbox(dir);
    const raw = await readFile(path.join(dir, mail?.file ?? ''), 'utf8');
    expect(raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=CANCEL/);
    const ics = mail?.attachments.find((attachment) => attachment.contentType === 'text/calendar')?.content ?? '';
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('UID:ticket-visit-3@portal.example.cz');
    await expect(mailer.send({ to: 'a@b.cz\r\nBcc: x@y.cz', subject: 's', text: '', type: 't' })).rejects.toThrow(
      /line breaks/,
    );
  });
});
