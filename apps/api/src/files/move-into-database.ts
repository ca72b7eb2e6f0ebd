import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { files } from '../db/schema.js';
import { databaseFileStore } from './database-store.js';
import { FILE_AREAS } from './file-store.js';
import { folderFileStore } from './folder-store.js';

export interface MoveProgress {
  /** Files dealt with so far (moved or found already moved), of `totalFiles`. */
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
  /** The file just dealt with. */
  key: string;
}

export interface MoveResult {
  /** Files written into the database, read back and then deleted from the folder. */
  moved: number;
  /** Files an interrupted earlier run had already written: checked and deleted from the folder. */
  alreadyMoved: number;
  bytes: number;
}

export class MoveError extends Error {
  override readonly name = 'MoveError';
}

async function sha256Of(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const hash = createHash('sha256');
  for await (const piece of stream) hash.update(piece);
  return hash.digest('hex');
}

/**
 * The upgrade step to `FILE_STORE=database`: moves every file under `DATA_DIR/attachments` and
 * `DATA_DIR/statements` into the database, one file at a time. A file is deleted from the folder
 * only after its row is committed and its bytes, read back from the database, have the SHA-256
 * of the file on disk. Resumable: stopped at any point, the next run finds files already in the
 * database (checked the same way, then deleted from disk), replaces a half-written row, and
 * moves the rest. A key whose database copy differs from the disk stops the move with both
 * left as they are.
 */
export async function moveFolderFilesIntoDatabase(
  db: Database,
  dataDir: string,
  onProgress: (progress: MoveProgress) => void = () => undefined,
): Promise<MoveResult> {
  const folder = folderFileStore(dataDir);
  const database = databaseFileStore(db);
  const pending: { key: string; size: number }[] = [];
  for await (const entry of folder.list()) pending.push({ key: entry.key, size: entry.size });
  const totalBytes = pending.reduce((sum, entry) => sum + entry.size, 0);
  const result: MoveResult = { moved: 0, alreadyMoved: 0, bytes: 0 };

  for (const [index, { key, size }] of pending.entries()) {
    const onDisk = path.join(dataDir, ...key.split('/'));
    const diskSha = await sha256Of(createReadStream(onDisk));
    const [existing] = await db
      .select({ sha256: files.sha256, completedAt: files.completedAt })
      .from(files)
      .where(eq(files.key, key));
    if (existing !== undefined && existing.completedAt !== null) {
      if (existing.sha256 !== diskSha) {
        throw new MoveError(
          `${key} is in the database with other content than ${onDisk}; nothing was deleted. ` +
            'Compare the two and remove the wrong one, then start again.',
        );
      }
      result.alreadyMoved += 1;
    } else {
      // A row an interrupted run left half-written (or one a crashed upload left): start afresh.
      await db.delete(files).where(and(eq(files.key, key), isNull(files.completedAt)));
      const written = await database.write(key, createReadStream(onDisk));
      if (written.sha256 !== diskSha) {
        await database.remove(key);
        throw new MoveError(`${onDisk} changed while it was being moved; nothing was deleted. Start again.`);
      }
      result.moved += 1;
    }
    // Read back from the database, as a download would, before the only other copy goes.
    const opened = await database.open(key);
    const readBack = opened === undefined ? undefined : await sha256Of(opened.stream);
    if (readBack !== diskSha) {
      throw new MoveError(`${key} does not read back from the database as written; ${onDisk} was kept.`);
    }
    await rm(onDisk);
    result.bytes += size;
    onProgress({ files: index + 1, totalFiles: pending.length, bytes: result.bytes, totalBytes, key });
  }
  // The emptied folders go too; one with anything else in it (a stray temporary file) stays.
  for (const area of FILE_AREAS) await rmdir(path.join(dataDir, area)).catch(() => undefined);
  return result;
}

/** Progress in a form for people: a line at most every `everyMs` and one at the end. */
export function throttledProgress(report: (line: string, progress: MoveProgress) => void, everyMs = 2000) {
  let last = 0;
  return (progress: MoveProgress) => {
    const now = Date.now();
    if (now - last < everyMs && progress.files < progress.totalFiles) return;
    last = now;
    const mb = (bytes: number) => (bytes / 1_048_576).toFixed(1);
    report(
      `moved ${progress.files}/${progress.totalFiles} files (${mb(progress.bytes)}/${mb(progress.totalBytes)} MB) into the database`,
      progress,
    );
  };
}

/**
 * Run after the SQL migrations, under the start-up lock, by everything that migrates (the API at
 * start-up, `db:migrate`, `portal-admin`): with `FILE_STORE=database`, files still in the folder
 * move into the database. Nothing to move costs two directory reads.
 */
export async function moveFilesOnUpgrade(
  db: Database,
  where: { fileStore?: 'database' | 'folder' | undefined; dataDir: string },
  report: (line: string, progress: MoveProgress) => void,
): Promise<MoveResult | undefined> {
  if (where.fileStore === 'folder') return undefined;
  return moveFolderFilesIntoDatabase(db, where.dataDir, throttledProgress(report));
}
