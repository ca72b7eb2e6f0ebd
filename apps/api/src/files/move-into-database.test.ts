import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.js';
import { fileChunks, files } from '../db/schema.js';
import { DATABASE_DRIVERS, scratchDatabaseFor, type DatabaseDriver } from '../testing/scratch-database.js';
import { databaseFileStore, FILE_CHUNK_BYTES } from './database-store.js';
import { moveFolderFilesIntoDatabase, MoveError, type MoveProgress } from './move-into-database.js';

const SLOW = 120_000;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function installation(driver: DatabaseDriver) {
  const scratch = await scratchDatabaseFor(driver, { template: 'migrated' });
  cleanups.push(() => scratch.dispose());
  const handle: DatabaseHandle = await openDatabase({ databaseUrl: scratch.databaseUrl, dataDir: scratch.dataDir });
  cleanups.push(() => handle.close());
  await handle.withStartupLock(({ migrate }) => migrate());
  /** Files as an older release left them under DATA_DIR. */
  const onDisk = new Map<string, Buffer>([
    [`attachments/${randomBytes(16).toString('hex')}`, randomBytes(2 * FILE_CHUNK_BYTES + 99)],
    [`attachments/${randomBytes(16).toString('hex')}`, randomBytes(10)],
    [`attachments/${randomBytes(16).toString('hex')}`, Buffer.alloc(0)],
    [`statements/${randomBytes(8).toString('hex')}.pdf`, Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(5000)])],
  ]);
  for (const [key, bytes] of onDisk) {
    await mkdir(path.join(scratch.dataDir, path.dirname(key)), { recursive: true });
    await writeFile(path.join(scratch.dataDir, key), bytes);
  }
  const remainingOnDisk = async () => {
    const left: string[] = [];
    for (const area of ['attachments', 'statements']) {
      const names = await readdir(path.join(scratch.dataDir, area)).catch(() => []);
      left.push(...names.map((name) => `${area}/${name}`));
    }
    return left.sort();
  };
  const inDatabase = async () => {
    const store = databaseFileStore(handle.db);
    const found = new Map<string, string>();
    for await (const entry of store.list()) {
      const opened = await store.open(entry.key);
      const pieces: Buffer[] = [];
      for await (const piece of opened?.stream ?? []) pieces.push(piece as Buffer);
      found.set(entry.key, sha256(Buffer.concat(pieces)));
    }
    return found;
  };
  return { scratch, handle, onDisk, remainingOnDisk, inDatabase };
}

describe.each(DATABASE_DRIVERS)('moving DATA_DIR files into the database on upgrade (%s)', (driver) => {
  it(
    'moves every file byte for byte with progress, resumes after an interruption, and deletes only what reads back',
    async () => {
      const { scratch, handle, onDisk, remainingOnDisk, inDatabase } = await installation(driver);
      const keys = [...onDisk.keys()].sort();

      // A half-written row of one file (an earlier run killed mid-file) and one file already
      // moved whose deletion from disk never happened (killed after the commit).
      const [halfWritten, alreadyMoved] = keys;
      if (halfWritten === undefined || alreadyMoved === undefined) throw new Error('fixture');
      await handle.db.insert(files).values({ key: halfWritten });
      await handle.db.insert(fileChunks).values({ fileKey: halfWritten, seq: 0, data: Buffer.from('stale') });
      await databaseFileStore(handle.db).write(alreadyMoved, [onDisk.get(alreadyMoved) ?? Buffer.alloc(0)]);

      // The first run is interrupted after two files (the progress callback stands in for a kill).
      const seen: MoveProgress[] = [];
      await expect(
        moveFolderFilesIntoDatabase(handle.db, scratch.dataDir, (progress) => {
          seen.push(progress);
          if (seen.length === 2) throw new Error('killed');
        }),
      ).rejects.toThrow('killed');
      expect(seen.map((progress) => [progress.files, progress.totalFiles])).toEqual([
        [1, 4],
        [2, 4],
      ]);
      // What was reported done is in the database and gone from disk; the rest is untouched.
      const done = seen.map((progress) => progress.key);
      expect(await remainingOnDisk()).toEqual(keys.filter((key) => !done.includes(key)));
      for (const key of done) expect((await inDatabase()).get(key)).toBe(sha256(onDisk.get(key) ?? Buffer.alloc(0)));

      // The next run finishes the job.
      const progress: MoveProgress[] = [];
      const result = await moveFolderFilesIntoDatabase(handle.db, scratch.dataDir, (p) => progress.push(p));
      expect(result.moved + result.alreadyMoved).toBe(2);
      expect(progress.at(-1)).toMatchObject({ files: 2, totalFiles: 2 });
      expect(await remainingOnDisk()).toEqual([]);
      const moved = await inDatabase();
      expect([...moved.keys()].sort()).toEqual(keys);
      for (const [key, bytes] of onDisk) expect({ key, sha: moved.get(key) }).toEqual({ key, sha: sha256(bytes) });

      // Nothing left: a run costs nothing and reports nothing.
      expect(await moveFolderFilesIntoDatabase(handle.db, scratch.dataDir)).toEqual({
        moved: 0,
        alreadyMoved: 0,
        bytes: 0,
      });
    },
    SLOW,
  );

  it(
    'keeps the file on disk when the database holds other content under its key',
    async () => {
      const { scratch, handle, onDisk, remainingOnDisk } = await installation(driver);
      const [key] = [...onDisk.keys()].sort();
      if (key === undefined) throw new Error('fixture');
      await databaseFileStore(handle.db).write(key, [Buffer.from('something else')]);
      await expect(moveFolderFilesIntoDatabase(handle.db, scratch.dataDir)).rejects.toThrow(MoveError);
      expect(await remainingOnDisk()).toContain(key);
      const [row] = await handle.db.select({ size: files.size }).from(files).where(eq(files.key, key));
      expect(row?.size).toBe('something else'.length);
    },
    SLOW,
  );
});
