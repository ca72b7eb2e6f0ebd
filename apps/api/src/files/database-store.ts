import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { fileChunks, files } from '../db/schema.js';
import { checkKey, type FileSource, type FileStore, type OpenedFile, type StoredContent } from './file-store.js';

/**
 * Bytes per `file_chunks` row. 256 KiB keeps every query small on both drivers (pg hands a
 * bytea back as hex text, twice its size, before decoding it; PGlite copies results across
 * its WebAssembly boundary) while a 25 MB file is still only about 100 round trips. Stored
 * uncompressed out of line (`SET STORAGE EXTERNAL`): photos and PDFs are compressed already.
 */
export const FILE_CHUNK_BYTES = 256 * 1024;

const asBuffer = (bytes: Uint8Array) =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Files in the database: a `files` row written first (not yet complete, invisible to readers),
 * the content in `file_chunks` of {@link FILE_CHUNK_BYTES} as it streams in, then size, SHA-256
 * and `completed_at`. No transaction spans the upload, so a slow client holds no connection
 * between its chunks; a failed write deletes its row (the chunks go with it), and housekeeping
 * removes rows a crash left incomplete ({@link removeAbandonedFiles}).
 */
export function databaseFileStore(db: Database): FileStore {
  return {
    driver: 'database',

    async write(key: string, source: FileSource): Promise<StoredContent> {
      checkKey(key);
      await db.insert(files).values({ key });
      const hash = createHash('sha256');
      let size = 0;
      let seq = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      // One insert in flight while the next chunk arrives: the upload and the database work
      // overlap, and at most two chunks are held (the one being written, the one filling up).
      let inFlight: Promise<unknown> = Promise.resolve();
      const insertChunk = async (data: Buffer) => {
        await inFlight;
        // `.then` once: a drizzle query runs again on every `then`, so keep the one promise.
        inFlight = db
          .insert(fileChunks)
          .values({ fileKey: key, seq, data })
          .then(() => undefined);
        // Awaited before the next insert or at the end; never an unhandled rejection meanwhile.
        inFlight.catch(() => undefined);
        seq += 1;
      };
      try {
        for await (const piece of source) {
          const bytes = asBuffer(piece);
          hash.update(bytes);
          size += bytes.length;
          pending.push(bytes);
          pendingBytes += bytes.length;
          while (pendingBytes >= FILE_CHUNK_BYTES) {
            // One copy of at most a chunk; a large piece is cut into views, never copied whole.
            const joined = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending, pendingBytes);
            await insertChunk(joined.subarray(0, FILE_CHUNK_BYTES));
            const rest = joined.subarray(FILE_CHUNK_BYTES);
            pending = rest.length > 0 ? [rest] : [];
            pendingBytes = rest.length;
          }
        }
        if (pendingBytes > 0) await insertChunk(Buffer.concat(pending, pendingBytes));
        await inFlight;
        const sha256 = hash.digest('hex');
        await db
          .update(files)
          .set({ size, sha256, completedAt: sql`now()` })
          .where(eq(files.key, key));
        return { size, sha256 };
      } catch (error) {
        await inFlight.catch(() => undefined);
        await db
          .delete(files)
          .where(eq(files.key, key))
          .catch(() => undefined);
        throw error;
      }
    },

    async open(key: string): Promise<OpenedFile | undefined> {
      checkKey(key);
      const [row] = await db
        .select({ size: files.size })
        .from(files)
        .where(and(eq(files.key, key), isNotNull(files.completedAt)));
      if (row === undefined) return undefined;
      return { size: row.size, stream: new ChunkStream(db, key, row.size) };
    },

    async remove(key: string): Promise<void> {
      await db.delete(files).where(eq(files.key, checkKey(key)));
    },

    async *list() {
      let after = '';
      for (;;) {
        const rows = await db
          .select({ key: files.key, size: files.size, sha256: files.sha256 })
          .from(files)
          .where(and(isNotNull(files.completedAt), gt(files.key, after)))
          .orderBy(asc(files.key))
          .limit(500);
        for (const row of rows) yield { key: row.key, size: row.size, sha256: row.sha256 ?? undefined };
        const last = rows.at(-1);
        if (last === undefined || rows.length < 500) return;
        after = last.key;
      }
    },

    on: (other: Database) => databaseFileStore(other),
  };
}

/**
 * A file's chunks, one query each, fetched only when the consumer wants more, with the next
 * chunk fetched while the current one is sent: at most about three chunks are in memory per
 * download, whatever the file's size.
 */
class ChunkStream extends Readable {
  #seq = 0;
  #delivered = 0;
  #next: Promise<Buffer | undefined> | undefined;

  constructor(
    private readonly db: Database,
    private readonly key: string,
    private readonly size: number,
  ) {
    super({ highWaterMark: FILE_CHUNK_BYTES });
  }

  #fetch(seq: number): Promise<Buffer | undefined> {
    const chunk = this.db
      .select({ data: fileChunks.data })
      .from(fileChunks)
      .where(and(eq(fileChunks.fileKey, this.key), eq(fileChunks.seq, seq)))
      .then(([row]) => row?.data);
    // Handled when it is used; a download abandoned meanwhile must not leave a rejection behind.
    chunk.catch(() => undefined);
    return chunk;
  }

  override _read(): void {
    if (this.#delivered >= this.size) {
      this.push(null);
      return;
    }
    const seq = this.#seq;
    const current = this.#next ?? this.#fetch(seq);
    this.#next = undefined;
    current.then(
      (data) => {
        if (this.destroyed) return;
        if (data === undefined || data.length === 0) {
          this.destroy(new Error(`The stored file ${this.key} has no chunk ${seq}.`));
          return;
        }
        this.#seq = seq + 1;
        this.#delivered += data.length;
        if (this.#delivered < this.size) this.#next = this.#fetch(this.#seq);
        this.push(data);
      },
      (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  }
}

/**
 * Deletes files a crash left half-written (never completed) more than `olderThanHours` ago; a
 * write in progress is younger. Run by housekeeping.
 */
export async function removeAbandonedFiles(db: Database, olderThanHours = 24): Promise<number> {
  const removed = await db
    .delete(files)
    .where(
      and(
        sql`${files.completedAt} is null`,
        sql`${files.createdAt} < now() - make_interval(hours => ${olderThanHours})`,
      ),
    )
    .returning({ key: files.key });
  return removed.length;
}
