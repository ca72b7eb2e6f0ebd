import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { drfError, fieldErrors } from './errors.js';

/**
 * Files attached to support tickets and public support requests: which files are accepted, and
 * how their bytes are kept – under DATA_DIR/attachments with a random name, the original name
 * and type only in the database, so an upload can never name or overwrite a path.
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

export const attachmentsDir = (dataDir: string) => path.join(dataDir, 'attachments');

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

/** A name nobody chose, and the temporary name it is written under until complete. */
async function newStorageKey(dataDir: string) {
  const dir = attachmentsDir(dataDir);
  await mkdir(dir, { recursive: true });
  const storageKey = randomBytes(16).toString('hex');
  return { storageKey, temporary: path.join(dir, `.${storageKey}.part`), final: path.join(dir, storageKey) };
}

/** Streams an upload to DATA_DIR/attachments; refuses a type not allowed or a file over the limit. */
export async function storeUpload(dataDir: string, upload: Upload): Promise<StoredFile> {
  const fileName = cleanFileName(upload.filename);
  const contentType = acceptedType(fileName, upload.mimetype);
  if (contentType === undefined) {
    upload.file.resume();
    throw unsupportedType(fileName);
  }
  const { storageKey, temporary, final } = await newStorageKey(dataDir);
  try {
    await pipeline(upload.file, createWriteStream(temporary, { mode: 0o600 }));
    if (upload.file.truncated) throw fileTooLarge();
    await rename(temporary, final);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return { fileName, contentType, size: upload.file.bytesRead, storageKey };
}

/** Stores bytes the server itself produced (demo data) the same way as an upload. */
export async function storeBytes(
  dataDir: string,
  fileName: string,
  contentType: string,
  bytes: Buffer,
): Promise<StoredFile> {
  const { storageKey, temporary, final } = await newStorageKey(dataDir);
  await writeFile(temporary, bytes, { mode: 0o600 });
  await rename(temporary, final);
  return { fileName, contentType, size: bytes.length, storageKey };
}

/** Removes stored files whose rows were never written (a failed upload). */
export async function discardFiles(dataDir: string, files: readonly StoredFile[]): Promise<void> {
  await Promise.all(files.map((file) => rm(path.join(attachmentsDir(dataDir), file.storageKey), { force: true })));
}

/** Where a stored file's bytes are. */
export const storedFilePath = (dataDir: string, storageKey: string) => path.join(attachmentsDir(dataDir), storageKey);
