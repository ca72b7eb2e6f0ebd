import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Database } from '../db/database.js';

/**
 * The one way the API keeps file contents (ticket and public-request attachments, imported
 * statement PDFs, the demo photo): every reader and writer goes through a {@link FileStore},
 * chosen once by `FILE_STORE` (docs/decisions/010-files-in-the-database.md).
 *
 * - `database` (default): the bytes live in PostgreSQL or PGlite (`files` + `file_chunks`), so
 *   every API instance sees every file and a backup is the database dump alone.
 * - `folder`: the bytes live under `DATA_DIR/<key>`; one host only (or a shared file system).
 *
 * Keys are chosen by the server, never by a client: `attachments/<32 hex>`,
 * `statements/<uuid>.pdf`, `previews/<32 hex>-<size>.webp` – relative paths under DATA_DIR in
 * the folder store, so rows keep their storage keys whichever driver holds the bytes.
 */
export type FileStoreDriver = 'database' | 'folder';

export const FILE_STORE_DRIVERS: readonly FileStoreDriver[] = ['database', 'folder'];

/** The folders (key prefixes) files live in; `previews` holds what can be made again from `attachments`. */
export const FILE_AREAS = ['attachments', 'statements', 'previews'] as const;
export type FileArea = (typeof FILE_AREAS)[number];

/** What a file is written from: a stream (an upload, a file on disk) or buffers in memory. */
export type FileSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

export interface StoredContent {
  /** Bytes written. */
  size: number;
  /** Hex SHA-256 of the bytes, computed while they streamed through. */
  sha256: string;
}

export interface OpenedFile {
  size: number;
  /** The bytes, read in sequence as the consumer asks for them (never the whole file at once). */
  stream: Readable;
}

export interface FileStore {
  readonly driver: FileStoreDriver;
  /**
   * Streams `source` into the store under `key`. Resolves once the whole file is durable and
   * visible to readers; on any error (the source failing included) nothing is left behind
   * and the error is rethrown. A key is written once: writing an existing key fails.
   */
  write(key: string, source: FileSource): Promise<StoredContent>;
  /** The file, or undefined when the store has no complete file under `key`. */
  open(key: string): Promise<OpenedFile | undefined>;
  /** Removes the file; a missing one is fine. */
  remove(key: string): Promise<void>;
  /** Every complete file: key, size and (database store) SHA-256, in key order. */
  list(): AsyncIterable<{ key: string; size: number; sha256: string | undefined }>;
  /**
   * The same store on another connection: a transaction in progress (the demo seed writes its
   * file inside the seed's transaction; on PGlite a second connection would wait for it
   * forever). The folder store returns itself.
   */
  on(db: Database): FileStore;
}

const KEY = /^(attachments|statements|previews)\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** Throws on a key that is not one the server makes (a key is never a path out of the store). */
export function checkKey(key: string): string {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Not a file store key: ${JSON.stringify(key)}`);
  return key;
}

export const fileKey = (area: FileArea, name: string) => checkKey(`${area}/${name}`);

/**
 * Compatibility for callers written before the file store, which passed `DATA_DIR` where a
 * {@link FileStore} now goes (`storeStatementPdf(config.dataDir, file)`, `receiveFiles(request,
 * config.dataDir, …)`): the API and portal-admin register the store they opened for their
 * `DATA_DIR`, and a `DATA_DIR` given instead of a store means that store. New code passes the
 * store (`fastify.fileStore`).
 */
const openStores = new Map<string, FileStore>();

/** Makes `store` what `dataDir` stands for until the returned function is called. */
export function registerFileStore(dataDir: string, store: FileStore): () => void {
  const key = path.resolve(dataDir);
  openStores.set(key, store);
  return () => {
    if (openStores.get(key) === store) openStores.delete(key);
  };
}

/** A store, or the `DATA_DIR` of an open one (see {@link registerFileStore}). */
export type FileStoreOrDataDir = FileStore | string;

export function resolveFileStore(target: FileStoreOrDataDir): FileStore {
  if (typeof target !== 'string') return target;
  const store = openStores.get(path.resolve(target));
  if (store === undefined) {
    throw new Error(`No file store is open for ${target}: pass the FileStore (fastify.fileStore), not DATA_DIR.`);
  }
  return store;
}
