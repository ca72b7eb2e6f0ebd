import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileKey, resolveFileStore, type FileStoreOrDataDir, type OpenedFile } from '../files/file-store.js';
import { drfError, fieldErrors } from './errors.js';

/**
 * Files attached to support tickets and public support requests: which files are accepted, and
 * how their bytes are kept – in the file store (FILE_STORE: the database or DATA_DIR) under
 * `attachments/<random name>`, the original name and type only in the row, so an upload can
 * never name or overwrite anything.
 */

/** upstream.yaml `uploadSupportTicketAttachments`: up to 10 files of at most 10 MB each. */
export const MAX_FILES = 10;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** Images, PDF and office documents (by declared type, or by extension for octet-stream). */
const ALLOWED_TYPES = new Map<string, string>([
  ['.jpg', 'image/jpeg'],
  ['.jpeg', 'image/jpeg'],
  ['.png', 'image/png'],
  ['.gif', 'image/gif'],
  ['.webp', 'image/webp'],
  ['.heic', 'image/heic'],
  ['.pdf', 'application/pdf'],
  ['.txt', 'text/plain'],
  ['.doc', 'application/msword'],
  ['.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  ['.xls', 'application/vnd.ms-excel'],
  ['.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  ['.odt', 'application/vnd.oasis.opendocument.text'],
  ['.ods', 'application/vnd.oasis.opendocument.spreadsheet'],
]);
const ALLOWED_MIME = new Set(ALLOWED_TYPES.values());

export const unsupportedType = (fileName: string) =>
  fieldErrors({
    files: [`Soubor „${fileName}“ má nepodporovaný typ. Povolené jsou obrázky, PDF a kancelářské dokumenty.`],
  });

export const fileTooLarge = () =>
  drfError(413, 'file_too_large', 'Soubor je příliš velký; jeden soubor smí mít nejvýše 10 MB.');

/** The content type to store, or undefined when the file is not allowed. */
export function acceptedType(fileName: string, declared: string): string | undefined {
  const type = declared.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type.startsWith('image/') && type !== 'image/svg+xml') return type;
  if (ALLOWED_MIME.has(type)) return type;
  if (type === 'application/octet-stream' || type === '') {
    return ALLOWED_TYPES.get(path.extname(fileName).toLowerCase());
  }
  return undefined;
}

/** Control characters (C0 and DEL) and quotes: never part of a name shown or sent in a header. */
const isSafeNameCharacter = (character: string) => {
  const code = character.codePointAt(0) ?? 0;
  return code > 0x1f && code !== 0x7f && character !== '"';
};

/** A file name safe to show and to put into Content-Disposition: no path, no control characters. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = [...base].filter(isSafeNameCharacter).join('').trim().slice(0, 200);
  return clean === '' ? 'priloha' : clean;
}

export interface StoredFile {
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
}

/** The fields of upstream.yaml's `Attachment` and `PublicSupportAttachment` a stored file's row gives. */
export function storedFileFields(row: StoredFile & { id: number; createdAt: Date }) {
  return {
    id: row.id,
    file_name: row.fileName,
    content_type: row.contentType,
    size: row.size,
    created_at: row.createdAt.toISOString(),
  };
}

/** An uploaded file as it streams in: the multipart receiver's part (http/multipart.ts). */
export interface Upload {
  filename: string;
  mimetype: string;
  /** Cut off at the size limit: `truncated` then says so. */
  file: Readable & { truncated: boolean; bytesRead: number };
}

/** A name nobody chose. */
const newStorageKey = () => randomBytes(16).toString('hex');

/** Streams an upload into the file store; refuses a type not allowed or a file over the limit. */
export async function storeUpload(target: FileStoreOrDataDir, upload: Upload): Promise<StoredFile> {
  const store = resolveFileStore(target);
  const fileName = cleanFileName(upload.filename);
  const contentType = acceptedType(fileName, upload.mimetype);
  if (contentType === undefined) {
    upload.file.resume();
    throw unsupportedType(fileName);
  }
  const storageKey = newStorageKey();
  const { size } = await store.write(fileKey('attachments', storageKey), upload.file);
  if (upload.file.truncated) {
    await store.remove(fileKey('attachments', storageKey));
    throw fileTooLarge();
  }
  return { fileName, contentType, size, storageKey };
}

/** Stores bytes the server itself produced (demo data) the same way as an upload. */
export async function storeBytes(
  target: FileStoreOrDataDir,
  fileName: string,
  contentType: string,
  bytes: Buffer,
): Promise<StoredFile> {
  const store = resolveFileStore(target);
  const storageKey = newStorageKey();
  const { size } = await store.write(fileKey('attachments', storageKey), [bytes]);
  return { fileName, contentType, size, storageKey };
}

/** Removes stored files whose rows were never written (a failed upload). */
export async function discardFiles(target: FileStoreOrDataDir, stored: readonly StoredFile[]): Promise<void> {
  const store = resolveFileStore(target);
  await Promise.all(stored.map((file) => store.remove(fileKey('attachments', file.storageKey))));
}

/**
 * A stored attachment's bytes. A row whose file is missing is the installation's fault (a lost
 * folder, an incomplete restore), not the caller's: an error, reported as a 500.
 */
export async function openStoredFile(target: FileStoreOrDataDir, storageKey: string): Promise<OpenedFile> {
  const store = resolveFileStore(target);
  const opened = await store.open(fileKey('attachments', storageKey));
  if (opened === undefined)
    throw new Error(`The attachment file ${storageKey} is missing from the ${store.driver} store.`);
  return opened;
}
