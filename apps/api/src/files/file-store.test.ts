import { createHash, randomBytes } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../cli/portal-admin.js';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { fileChunks, files } from '../db/schema.js';
import { DEMO_TENANTS, DEMO_USERS } from '../demo/demo-data.js';
import { buildTestApp, type TestApp } from '../testing/build-test-app.js';
import { DATABASE_DRIVERS, scratchDatabaseFor, type ScratchDatabase } from '../testing/scratch-database.js';
import { login } from '../testing/test-client.js';
import { statementImportArgs } from '../testing/statement-import.js';
import { FILE_CHUNK_BYTES, removeAbandonedFiles } from './database-store.js';
import { discardStatementPdf, storeStatementPdf } from '../domain/billing.js';
import { FILE_STORE_DRIVERS, fileKey, resolveFileStore, type FileStore } from './file-store.js';
import { openFileStore } from './open-file-store.js';

/** PGlite clusters, a 25 MB file per store: generous on a loaded machine. */
const SLOW = 180_000;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function readAll(store: FileStore, key: string): Promise<{ bytes: Buffer; size: number } | undefined> {
  const opened = await store.open(key);
  if (opened === undefined) return undefined;
  const pieces: Buffer[] = [];
  for await (const piece of opened.stream) pieces.push(piece as Buffer);
  return { bytes: Buffer.concat(pieces), size: opened.size };
}

/** Deterministic pseudo-random content, produced piece by piece and never held whole. */
async function* generated(total: number, pieceBytes: number, hash: ReturnType<typeof createHash>) {
  let seed = 7;
  for (let sent = 0; sent < total; sent += pieceBytes) {
    const piece = Buffer.alloc(Math.min(pieceBytes, total - sent));
    for (let i = 0; i < piece.length; i += 1) {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      piece[i] = seed & 0xff;
    }
    hash.update(piece);
    yield piece;
  }
}

const combinations = DATABASE_DRIVERS.flatMap((database) =>
  FILE_STORE_DRIVERS.map((fileStore) => ({ database, fileStore })),
);

describe.each(combinations)('file store: $fileStore on $database', ({ database, fileStore }) => {
  let scratch: ScratchDatabase;
  let handle: DatabaseHandle;
  let store: FileStore;

  beforeAll(async () => {
    scratch = await scratchDatabaseFor(database, { template: 'migrated' });
    handle = await openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir });
    await handle.withStartupLock(({ migrate }) => migrate());
    store = openFileStore(fileStore, { db: handle.db, dataDir: scratch.dataDir });
  }, SLOW);
  afterAll(async () => {
    await handle?.close();
    await scratch?.dispose();
  });

  it('streams a file in pieces of any size and gives back the same bytes', async () => {
    // Small pieces, one larger than a chunk, and an odd tail: chunk boundaries fall anywhere.
    const pieces = [randomBytes(1000), randomBytes(70_000), randomBytes(FILE_CHUNK_BYTES + 5), randomBytes(3)];
    const whole = Buffer.concat(pieces);
    const key = fileKey('attachments', randomBytes(16).toString('hex'));
    const written = await store.write(key, pieces);
    expect(written).toEqual({ size: whole.length, sha256: sha256(whole) });
    const read = await readAll(store, key);
    expect(read?.size).toBe(whole.length);
    expect(read?.bytes.equals(whole)).toBe(true);
    if (fileStore === 'database') {
      const [row] = await handle.db.select({ n: count() }).from(fileChunks).where(eq(fileChunks.fileKey, key));
      expect(row?.n).toBe(Math.ceil(whole.length / FILE_CHUNK_BYTES));
    }

    const empty = fileKey('statements', `${randomBytes(8).toString('hex')}.pdf`);
    expect(await store.write(empty, [])).toMatchObject({ size: 0 });
    expect((await readAll(store, empty))?.bytes.length).toBe(0);

    const listed = [];
    for await (const entry of store.list()) listed.push(entry);
    expect(listed.map((entry) => entry.key)).toEqual(expect.arrayContaining([key, empty]));
    expect(listed.find((entry) => entry.key === key)?.size).toBe(whole.length);

    await expect(store.write(key, [Buffer.from('again')])).rejects.toThrow();
    expect((await readAll(store, key))?.bytes.equals(whole)).toBe(true);

    await store.remove(key);
    expect(await store.open(key)).toBeUndefined();
    await store.remove(key);
  });

  it('leaves nothing behind when the source fails half-way', async () => {
    const key = fileKey('attachments', randomBytes(16).toString('hex'));
    async function* failing() {
      yield randomBytes(FILE_CHUNK_BYTES * 2 + 10);
      throw new Error('client went away');
    }
    await expect(store.write(key, failing())).rejects.toThrow('client went away');
    expect(await store.open(key)).toBeUndefined();
    if (fileStore === 'database') {
      expect(await handle.db.select().from(files).where(eq(files.key, key))).toEqual([]);
      expect(await handle.db.select().from(fileChunks).where(eq(fileChunks.fileKey, key))).toEqual([]);
    } else {
      const names = await readdir(path.join(scratch.dataDir, 'attachments'));
      expect(names.filter((name) => name.includes(key.split('/')[1] ?? '?'))).toEqual([]);
    }
  });

  if (fileStore === 'database') {
    it('housekeeping removes only files a crash left half-written a day ago', async () => {
      const stale = fileKey('attachments', randomBytes(16).toString('hex'));
      const writing = fileKey('attachments', randomBytes(16).toString('hex'));
      const complete = fileKey('attachments', randomBytes(16).toString('hex'));
      await handle.db.insert(files).values({ key: stale, createdAt: new Date(Date.now() - 25 * 3_600_000) });
      await handle.db.insert(fileChunks).values({ fileKey: stale, seq: 0, data: Buffer.from('half') });
      await handle.db.insert(files).values({ key: writing });
      await store.write(complete, [Buffer.from('whole')]);
      await handle.db
        .update(files)
        .set({ createdAt: new Date(Date.now() - 48 * 3_600_000) })
        .where(eq(files.key, complete));
      expect(await removeAbandonedFiles(handle.db)).toBe(1);
      const left = (await handle.db.select({ key: files.key }).from(files)).map((row) => row.key);
      expect(left).toEqual(expect.arrayContaining([writing, complete]));
      expect(left).not.toContain(stale);
      expect(await handle.db.select().from(fileChunks).where(eq(fileChunks.fileKey, stale))).toEqual([]);
      await handle.db.delete(files).where(eq(files.key, writing));
    });
  }

  it('refuses keys the server does not make', async () => {
    for (const key of ['../etc/passwd', 'attachments/../x', 'attachments/.hidden', 'other/abc', 'attachments/']) {
      await expect(store.write(key, [Buffer.from('x')])).rejects.toThrow(/Not a file store key/);
      await expect(store.open(key)).rejects.toThrow(/Not a file store key/);
    }
  });

  it(
    'streams a 25 MB file in and out without holding it: at most about two chunks buffered',
    async () => {
      const total = 25 * 1024 * 1024;
      const key = fileKey('attachments', randomBytes(16).toString('hex'));
      const hashIn = createHash('sha256');
      const written = await store.write(key, generated(total, 64 * 1024, hashIn));
      expect(written).toEqual({ size: total, sha256: hashIn.digest('hex') });
      const opened = await store.open(key);
      if (opened === undefined) throw new Error('not stored');
      const hashOut = createHash('sha256');
      let size = 0;
      let mostBuffered = 0;
      for await (const piece of opened.stream) {
        mostBuffered = Math.max(mostBuffered, opened.stream.readableLength);
        hashOut.update(piece as Buffer);
        size += (piece as Buffer).length;
      }
      expect(size).toBe(total);
      expect(hashOut.digest('hex')).toBe(written.sha256);
      expect(mostBuffered).toBeLessThanOrEqual(2 * Math.max(FILE_CHUNK_BYTES, 64 * 1024));
      await store.remove(key);
    },
    SLOW,
  );
});

/** What users see, on every database and file store: an attachment and a statement PDF, byte for byte. */
describe.each(combinations)('FILE_STORE=$fileStore on $database: attachments and statements', (setup) => {
  let t: TestApp;
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it(
    'serves an uploaded attachment and an imported statement PDF byte for byte from the chosen store',
    async () => {
      t = await buildTestApp(setup.database, { config: { fileStore: setup.fileStore } });
      cleanups.push(() => t.close());
      expect(t.app.fileStore.driver).toBe(setup.fileStore);
      // The demo photo is wherever the seed put it (the PGlite template's is in the database).
      const attachmentsDir = path.join(t.database.dataDir, 'attachments');
      const [before] = await t.app.db.select({ n: count() }).from(files);
      const onDiskBefore = await readdir(attachmentsDir).catch(() => []);
      const tokens = await login(t.app, DEMO_USERS.jana.email, DEMO_USERS.jana.password);
      const headers = { authorization: `Bearer ${tokens.access}`, 'x-tenant-id': DEMO_TENANTS.alfa.id };

      const buildings = await t.app.inject({ method: 'GET', url: '/api/v1/buildings/', headers });
      const [building] = buildings.json<{ id: number }[]>();
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/support_tickets/',
        headers,
        payload: { subject: 'Fotka závady', description: 'Viz příloha.', building: building?.id },
      });
      expect(created.statusCode).toBe(201);
      const ticket = created.json<{ id: number }>();
      // A JPEG signature first: uploads are judged by their content (domain/attachment-files.ts).
      const photo = Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), randomBytes(3 * FILE_CHUNK_BYTES + 17)]);
      const boundary = 'portalFileStoreBoundary';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="závada.jpg"\r\n` +
            'Content-Type: image/jpeg\r\n\r\n',
        ),
        photo,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `/api/v1/support_tickets/${ticket.id}/attachments/`,
        headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload,
      });
      expect(uploaded.statusCode).toBe(201);
      const [attachment] = uploaded.json<{ download_url: string; size: number }[]>();
      expect(attachment?.size).toBe(photo.length);
      const download = await t.app.inject({ method: 'GET', url: attachment?.download_url ?? '', headers });
      expect(download.statusCode).toBe(200);
      expect(download.headers['content-length']).toBe(String(photo.length));
      expect(download.rawPayload.equals(photo)).toBe(true);

      const pdf = Buffer.concat([
        Buffer.from('%PDF-1.4\n'),
        randomBytes(FILE_CHUNK_BYTES + 1),
        Buffer.from('\n%%EOF\n'),
      ]);
      const pdfPath = path.join(t.database.dataDir, 'vyuctovani.pdf');
      await writeFile(pdfPath, pdf);
      const statement = (await runCommand(statementImportArgs('2099000077', pdfPath), t.app.db, t.app.fileStore)) as {
        id: number;
      };
      const statementPdf = await t.app.inject({
        method: 'GET',
        url: `/api/v1/billing_statements/${statement.id}/pdf/`,
        headers,
      });
      expect(statementPdf.statusCode).toBe(200);
      expect(statementPdf.rawPayload.equals(pdf)).toBe(true);

      // Code written before the file store passes DATA_DIR: it means the app's store.
      const oldStyle = await storeStatementPdf(t.config.dataDir, pdfPath);
      const opened = await t.app.fileStore.open(fileKey('statements', oldStyle));
      expect(opened?.size).toBe(pdf.length);
      opened?.stream.destroy();
      await discardStatementPdf(t.config.dataDir, oldStyle);
      expect(await t.app.fileStore.open(fileKey('statements', oldStyle))).toBeUndefined();
      expect(() => resolveFileStore(path.join(t.database.dataDir, 'elsewhere'))).toThrow(/No file store is open/);

      // The bytes are where FILE_STORE says, and only there.
      const [stored] = await t.app.db.select({ n: count() }).from(files);
      const onDisk = await readdir(attachmentsDir).catch(() => []);
      if (setup.fileStore === 'database') {
        expect(stored?.n).toBe((before?.n ?? 0) + 2);
        expect(onDisk).toEqual(onDiskBefore);
      } else {
        expect(stored?.n).toBe(before?.n);
        expect(onDisk).toHaveLength(onDiskBefore.length + 1);
        expect(await readdir(path.join(t.database.dataDir, 'statements'))).toHaveLength(1);
      }
    },
    SLOW,
  );
});
