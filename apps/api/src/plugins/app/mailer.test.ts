import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readOutbox } from '../../testing/outbox.js';
import { createOutboxMailer, formatMessage } from './mailer.js';

describe('outbox mailer', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('writes one RFC 5322 file per message with encoded Czech headers', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    dirs.push(dir);
    const outbox = path.join(dir, 'outbox');
    const mailer = createOutboxMailer(outbox);
    await mailer.send({ to: 'jana@example.cz', subject: 'Obnovení hesla', text: 'Řádek 1\nŘádek 2', type: 'test' });
    await mailer.send({ to: 'petr@example.cz', subject: 'Druhý', text: 'x', type: 'test' });

    expect((await readdir(outbox)).filter((name) => name.endsWith('.eml'))).toHaveLength(2);
    const [first] = await readOutbox(outbox);
    expect(first).toMatchObject({
      to: 'jana@example.cz',
      subject: 'Obnovení hesla',
      type: 'test',
      text: 'Řádek 1\nŘádek 2',
    });
  });

  it('formats headers safely', () => {
    const raw = formatMessage(
      { to: 'a@b.cz', subject: 'Ž'.repeat(60), text: 'a\nb', type: 't' },
      new Date('2026-11-22T10:00:00Z'),
      'abc',
    );
    const [head, body] = raw.split('\r\n\r\n');
    expect(head).toContain('Date: Sun, 22 Nov 2026 10:00:00 +0000');
    expect(head).toContain('Content-Type: text/plain; charset=utf-8');
    for (const line of head?.split('\r\n') ?? []) expect(line.length).toBeLessThanOrEqual(78);
    expect(body).toBe('a\r\nb\r\n');
    expect(() =>
      formatMessage({ to: 'a@b.cz\r\nBcc: x@y.cz', subject: 's', text: '', type: 't' }, new Date(), 'id'),
    ).toThrow(/line breaks/);
  });
});
